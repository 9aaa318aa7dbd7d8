import { Injectable } from '@nestjs/common';
import {
  AGENT_PREFERENCE_LIMIT,
  type TAgentFeedback,
  type TAgentFeedbackRequest,
  type TAgentPreference,
} from '@amms/contracts/agent-memory';
import type { AgentPreference, AgentRun } from '@amms/db';
import { AuditService } from '../../audit/audit.service.js';
import type { Tx } from '../../platform/prisma/prisma.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { runScope } from '../../platform/access/own-scope.js';

const NOBODY = '00000000-0000-0000-0000-000000000000';
import { AgentErrors } from '../agent.errors.js';
import { AgentRepository } from '../agent.repository.js';
import { AgentMetrics } from './agent-metrics.js';
import { AgentMemoryRepository } from './memory.repository.js';
import { readPreferences } from './preference-grammar.js';
import { findNames } from '../planner/names.js';
import { GoalText } from '../planner/text.js';
import { resolvePossessives, type UsualMachine } from './possessive.js';
import { parseEntities, resolveReferences, type KnownLists, type Resolution, type RunEntity } from './references.js';
import { describePreference } from './schedule-preferences.js';

/**
 * The agent's memory: entity references within a conversation, a person's saved
 * preferences (own only: another person's or org's id is 404), and feedback on runs.
 */
@Injectable()
export class AgentMemoryService {
  constructor(
    private readonly repo: AgentMemoryRepository,
    private readonly runs: AgentRepository,
    private readonly audit: AuditService,
    readonly metrics: AgentMetrics,
  ) {}

  async listPreferences(ctx: OrgContext): Promise<{ items: TAgentPreference[] }> {
    if (!ctx.actorUserId) return { items: [] };
    const rows = await this.repo.preferencesOf(ctx.organizationId, ctx.actorUserId);
    return { items: rows.map(toPreference) };
  }

  async deletePreference(ctx: OrgContext, id: string): Promise<void> {
    await this.runs.transaction(async (tx) => {
      const row = await this.repo.findPreference(tx, ctx.organizationId, ctx.actorUserId ?? NOBODY, id);
      if (!row) throw AgentErrors.preferenceNotFound();
      await this.repo.deletePreference(tx, ctx.organizationId, row.userId, id);
      await this.audit.record(tx, ctx, 'agent.preference_deleted', 'agent_preference', id, {
        kind: row.kind,
        targetId: row.targetId,
        weekday: row.weekday,
      });
    });
  }

  /** the caller's preferences for a run (recall); re-checked against the scope by applyPreferences */
  recall(ctx: OrgContext): Promise<AgentPreference[]> {
    return ctx.actorUserId ? this.repo.preferencesOf(ctx.organizationId, ctx.actorUserId) : Promise.resolve([]);
  }

  /**
   * A "remember …" goal: saves what it understood (own, deduplicated, bounded) and answers in
   * words. null when the goal is not a preference statement (then it is planned as usual).
   */
  async saveStatement(ctx: OrgContext, run: AgentRun, known: KnownLists): Promise<{ message: string } | null> {
    const st = readPreferences(run.goal, known);
    if (!st.explicit || st.preferences.length === 0) return null;
    const zh = st.language === 'zh';
    if (!ctx.actorUserId)
      return { message: zh ? '只有登录的用户可以保存偏好。' : 'Only a signed-in person can save preferences.' };
    const userId = ctx.actorUserId;
    const saved = await this.runs.transaction(async (tx) => {
      const existing = await this.repo.preferenceKeys(tx, ctx.organizationId, userId);
      const key = (p: { kind: string; targetId: string | null; weekday: number | null }) =>
        `${p.kind}:${p.targetId ?? ''}:${p.weekday ?? ''}`;
      const have = new Set(existing.map(key));
      const rows = st.preferences
        .map((p) => ({
          organizationId: ctx.organizationId,
          userId,
          kind: p.kind,
          targetId: p.target?.id ?? null,
          targetName: p.target?.name ?? null,
          weekday: p.weekday,
          text: p.text,
          sourceRunId: run.id,
        }))
        .filter((r) => !have.has(key(r)))
        .slice(0, Math.max(0, AGENT_PREFERENCE_LIMIT - existing.length));
      if (rows.length > 0) await this.repo.createPreferences(tx, rows);
      await this.audit.record(tx, ctx, 'agent.preferences_saved', 'agent_run', run.id, {
        count: rows.length,
        kinds: rows.map((r) => r.kind),
      });
      return { rows, full: existing.length + rows.length >= AGENT_PREFERENCE_LIMIT };
    });
    const said = st.preferences.map((p) =>
      describePreference({ kind: p.kind, targetName: p.target?.name ?? null, weekday: p.weekday }),
    );
    const list = said.map((d) => (zh ? d.zh : d.en)).join(zh ? '；' : '; ');
    let message = zh
      ? `已记住：${list}。安排作业时会作为软约束使用，可在“我的偏好”中查看或删除。`
      : `Saved: ${list}. Scheduling will use them as soft constraints; see or delete them under "My preferences".`;
    if (saved.rows.length < st.preferences.length)
      message += zh
        ? `（其中 ${st.preferences.length - saved.rows.length} 条已存在或超出上限 ${AGENT_PREFERENCE_LIMIT} 条，未重复保存）`
        : ` (${st.preferences.length - saved.rows.length} already saved or over the limit of ${AGENT_PREFERENCE_LIMIT})`;
    if (st.unclear.length > 0)
      message += zh
        ? ` 没有理解：“${st.unclear.join('”、“')}”，未保存。`
        : ` Not understood and not saved: "${st.unclear.join('", "')}".`;
    return { message };
  }

  /** entity references of `run.goal` against the conversation's earlier runs */
  async resolve(ctx: OrgContext, run: AgentRun, known: KnownLists): Promise<Resolution> {
    const earlier = (
      run.conversationId ? await this.repo.earlierEntities(ctx.organizationId, run.conversationId, run.id) : []
    ).map(parseEntities);
    // "钱勇那台克拉斯": the machine that person runs (possessive.ts), before the other references
    const named = findNames(new GoalText(run.goal), { team: [], field: [], asset: [], operator: known.operators });
    const operatorIds = [...new Set(named.matches.map((m) => m.ref.id))];
    const usual = operatorIds.length ? await this.usualMachines(ctx.organizationId, operatorIds) : [];
    const own = resolvePossessives(run.goal, known, usual, earlier);
    if (own.question) return { goal: run.goal, resolved: [], notes: [], question: own.question };
    const rest = resolveReferences(own.goal, earlier, known);
    if (rest.question) return rest;
    return { ...rest, resolved: [...own.resolved, ...rest.resolved], notes: [...own.notes, ...rest.notes] };
  }

  /** Per operator and machine: assignments in the window, whether one covers now, the latest start. */
  private async usualMachines(organizationId: string, operatorIds: string[]): Promise<UsualMachine[]> {
    const now = new Date();
    const rows = await this.repo.recentMachinesOf(organizationId, operatorIds, now);
    const by = new Map<string, UsualMachine>();
    for (const r of rows)
      for (const { asset } of r.machines) {
        const key = `${r.operatorMembershipId}:${asset.id}`;
        const u = by.get(key) ?? {
          operatorId: r.operatorMembershipId,
          assetId: asset.id,
          name: asset.name,
          model: `${asset.model.manufacturer} ${asset.model.name}`,
          types: asset.model.operationTypes,
          jobs: 0,
          current: false,
          lastAt: r.startsAt.toISOString(),
        };
        u.jobs++;
        u.current ||= r.startsAt <= now && now < r.endsAt;
        by.set(key, u);
      }
    return [...by.values()];
  }

  remember(tx: Tx, ctx: OrgContext, runId: string, entities: RunEntity[]) {
    return this.repo.setEntities(tx, ctx.organizationId, runId, entities);
  }

  async feedback(ctx: OrgContext, runId: string, body: TAgentFeedbackRequest): Promise<TAgentFeedback> {
    const run = await this.runs.findRun(ctx.organizationId, runId, runScope(ctx));
    if (!run || !ctx.actorUserId) throw AgentErrors.runNotFound();
    const userId = ctx.actorUserId;
    const row = await this.runs.transaction(async (tx) => {
      const before = await this.repo.findFeedback(tx, ctx.organizationId, runId, userId);
      const r = await this.repo.upsertFeedback(
        tx,
        ctx.organizationId,
        runId,
        userId,
        body.rating,
        body.comment ?? null,
      );
      await this.audit.record(tx, ctx, 'agent.feedback', 'agent_run', runId, {
        rating: body.rating,
        previous: before?.rating ?? null,
        draftId: run.draftId,
      });
      return { r, changed: before?.rating !== body.rating };
    });
    if (row.changed) this.metrics.feedback.inc({ rating: body.rating });
    return { runId, rating: row.r.rating, comment: row.r.comment, updatedAt: row.r.updatedAt.toISOString() };
  }
}

function toPreference(p: AgentPreference): TAgentPreference {
  return {
    id: p.id,
    kind: p.kind,
    target: p.targetId && p.targetName ? { id: p.targetId, name: p.targetName } : null,
    weekday: p.weekday,
    text: p.text,
    sourceRunId: p.sourceRunId,
    createdAt: p.createdAt.toISOString(),
  };
}
