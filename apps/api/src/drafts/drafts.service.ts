import { Injectable, type OnModuleInit } from '@nestjs/common';
import type {
  TCreateBoardDraftRequest,
  TCreateDraftVersionRequest,
  TConfirmDraftRequest,
  TDraft,
  TDraftDetail,
  TListDraftsQuery,
  TListDraftsResponse,
  TRejectDraftRequest,
} from '@amms/contracts/drafts';
import type { Draft, Prisma } from '@amms/db';
import { AuditService, type RelatedEntities } from '../audit/audit.service.js';
import { keysetList, sortSpec } from '../platform/http/list-page.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { draftScope } from '../platform/access/own-scope.js';
import { AgentTools } from '../planning/tools/agent-tools.js';
import { TravelService } from '../planning/travel/travel.service.js';
import { DraftsRepository, type NewVersion } from './drafts.repository.js';
import { DraftErrors } from './drafts.errors.js';
import { toDraft, toExecutionSummary, toVersion } from './drafts.mappers.js';
import {
  EMPTY_VERSION,
  maintenanceVersion,
  scheduleVersion,
  type EditVoice,
  type ExplainerFactory,
} from './drafts.versions.js';
import { DraftEditContext } from './drafts.edit-context.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import { createRunDraft, type RunDraftContent, type RunDraftKind } from './drafts.run-draft.js';

const DRAFT_SORT = sortSpec<Prisma.DraftWhereInput, Prisma.DraftOrderByWithRelationInput>({
  createdAt: { type: 'date' },
});

export type { RunDraftContent } from './drafts.run-draft.js';

@Injectable()
export class DraftsService implements OnModuleInit {
  constructor(
    private readonly repo: DraftsRepository,
    private readonly audit: AuditService,
    private readonly tools: AgentTools,
    private readonly travel: TravelService,
  ) {
    this.edits = new DraftEditContext(repo);
  }

  private readonly trail: RelatedEntities[] = [];
  /** who edits and how the edit is said (language, explainer, the goal's limits) */
  private readonly edits: DraftEditContext;

  /** Says an edit made without a conversation (the web editor) in its reader's words (agent/explain). */
  useExplainer(f: ExplainerFactory): void {
    this.edits.explainer = f;
  }

  /** More entities of a draft's audit trail, from modules drafts does not import (executions). */
  addTrail(resolver: RelatedEntities): void {
    this.trail.push(resolver);
  }

  /** The audit trail of a draft includes its run's events (goal, plan, tool calls) and what addTrail adds. */
  onModuleInit(): void {
    this.audit.registerReader('draft', (ctx, id) => this.get(ctx, id));
    this.audit.registerRelated('draft', async (organizationId, draftId) => {
      const d = await this.repo.runIdOf(organizationId, draftId);
      const more = await Promise.all(this.trail.map((r) => r(organizationId, draftId)));
      return [...(d?.runId ? [{ entityType: 'agent_run', entityId: d.runId }] : []), ...more.flat()];
    });
  }

  async list(ctx: OrgContext, q: TListDraftsQuery): Promise<TListDraftsResponse> {
    return keysetList(
      q,
      DRAFT_SORT,
      (page) =>
        this.repo.list(ctx.organizationId, {
          ...page,
          status: q.status,
          kind: q.kind,
          scope: draftScope(ctx),
        }),
      toDraft,
    );
  }

  async get(ctx: OrgContext, id: string): Promise<TDraftDetail> {
    const d = await this.load(undefined, ctx, id);
    const [versions, executions] = await Promise.all([
      this.repo.versions(ctx.organizationId, id),
      this.repo.executions(ctx.organizationId, id),
    ]);
    return { ...toDraft(d), versions: versions.map(toVersion), executions: executions.map(toExecutionSummary) };
  }

  /** Version 1 of a run's draft (SCHEDULE: job items; MAINTENANCE: work-order items), inside the run's final transaction. */
  createForRun(
    tx: Tx,
    ctx: OrgContext,
    runId: string,
    title: string,
    content: RunDraftContent,
    evidence: unknown,
    kind: RunDraftKind = 'SCHEDULE',
    note: string | null = null,
  ): Promise<Draft> {
    return createRunDraft(this.repo, this.audit, tx, ctx, { runId, title, content, evidence, kind, note });
  }

  /**
   * A board move as a new SCHEDULE draft (no run): version 1 holds the moved jobs, validated as
   * an edit's items are (PLANNED and SCHEDULED jobs; a job's own booking is not a clash).
   * `origin` 'leave': the agent's re-plan of the bookings of someone on leave (same shape).
   */
  async createFromBoard(
    ctx: OrgContext,
    input: TCreateBoardDraftRequest,
    voice: EditVoice = {},
    origin: 'board' | 'leave' = 'board',
  ): Promise<TDraftDetail> {
    const tz = await this.repo.orgTimezone(ctx.organizationId);
    const edit = await this.edits.editOf(ctx, 1, input.note);
    const made = await scheduleVersion(
      this.tools,
      ctx,
      EMPTY_VERSION,
      { basedOnVersion: 1, items: input.items, workOrderItems: [] },
      tz,
      1,
      edit,
      { travel: this.travel, includeScheduled: true, ...(await this.edits.voiceOf(ctx, tz, voice, input.note)) },
    );
    const draft = await this.repo.transaction(async (tx) => {
      const d = await this.repo.create(
        tx,
        ctx.organizationId,
        { kind: 'SCHEDULE', title: input.title, runId: null, createdByUserId: ctx.actorUserId },
        { version: 1, basedOnVersion: null, ...made.content, note: edit.note, createdByUserId: ctx.actorUserId },
      );
      await this.audit.record(tx, ctx, 'draft.version_created', 'draft', d.id, {
        version: 1,
        kind: 'SCHEDULE',
        origin,
        contentHash: made.content.contentHash,
        diff: made.diff,
        note: edit.note,
        violations: made.content.validation.violations.length,
      });
      return d;
    });
    return this.get(ctx, draft.id);
  }

  /**
   * Edit → version N+1. Facts are re-read through the tools, the edited items re-validated:
   * a version with hard violations is still stored (the person sees what is wrong) but cannot
   * be confirmed. Any confirmation is voided: a confirmation of N never covers N+1. The version is
   * said in its reader's words (`voice`: a follow-up's conversation, else the request's language);
   * codes are kept. The goal's own limits (its run's constraints) hold for the edit too.
   */
  async createVersion(
    ctx: OrgContext,
    id: string,
    input: TCreateDraftVersionRequest,
    voice: EditVoice = {},
  ): Promise<TDraftDetail> {
    const draft = await this.load(undefined, ctx, id);
    // a purchase is confirmed or rejected as the agent wrote it (ask again for other quantities)
    if (draft.kind === 'PURCHASE') throw DraftErrors.editNotSupported('a PURCHASE draft');
    // a leave is confirmed or rejected as said (say it again for other days)
    if (draft.kind === 'LEAVE') throw DraftErrors.editNotSupported('a LEAVE draft');
    if (draft.kind === 'MAINTENANCE' && input.items.length > 0) throw DraftErrors.wrongItemList(draft.kind, 'items');
    if (draft.kind === 'SCHEDULE' && input.workOrderItems.length > 0)
      throw DraftErrors.wrongItemList(draft.kind, 'workOrderItems');
    if (draft.status !== 'OPEN') throw DraftErrors.notOpen(draft.status);
    const prev = await this.repo.findVersion(undefined, ctx.organizationId, id, draft.currentVersion);
    if (!prev) throw DraftErrors.notFound();
    if (input.basedOnVersion !== draft.currentVersion)
      throw DraftErrors.stale({ currentVersion: draft.currentVersion, contentHash: prev.contentHash });
    const prevV = toVersion(prev);
    // a diagnosis' corrective work order is confirmed or rejected as the agent wrote it (a new diagnosis makes a new draft)
    if (prevV.correctiveItems.length > 0)
      throw DraftErrors.editNotSupported('a diagnosis draft (CORRECTIVE work order)');
    const tz = await this.repo.orgTimezone(ctx.organizationId);
    const next = draft.currentVersion + 1;
    const edit = await this.edits.editOf(ctx, next, input.note);
    const board = draft.runId === null; // a board draft (no run) re-plans SCHEDULED jobs too
    const said = await this.edits.voiceOf(ctx, tz, voice, input.note);
    const made =
      draft.kind === 'MAINTENANCE'
        ? await maintenanceVersion(this.tools, ctx, prevV, input, tz, next, edit, said.lang)
        : await scheduleVersion(this.tools, ctx, prevV, input, tz, next, edit, {
            travel: this.travel,
            includeScheduled: board,
            limits: await this.edits.goalLimits(ctx, draft.runId),
            ...said,
          });
    const nv: NewVersion = {
      version: next,
      basedOnVersion: draft.currentVersion,
      ...made.content,
      note: input.note ?? null,
      createdByUserId: ctx.actorUserId,
    };

    await this.repo.transaction(async (tx) => {
      const ok = await this.repo.updateIf(
        tx,
        ctx.organizationId,
        id,
        { rowVersion: draft.rowVersion, status: 'OPEN' },
        {
          currentVersion: next,
          confirmedVersion: null,
          confirmedHash: null,
          confirmedByUserId: null,
          confirmedByMembershipId: null,
          confirmedAt: null,
        },
      );
      if (!ok) await this.lostRace(ctx, id);
      await this.repo.insertVersion(tx, ctx.organizationId, id, nv);
      await this.audit.record(tx, ctx, 'draft.version_created', 'draft', id, {
        version: next,
        basedOnVersion: draft.currentVersion,
        contentHash: nv.contentHash,
        diff: made.diff,
        note: nv.note,
        violations: made.content.validation.violations.length,
        confirmationVoided: draft.confirmedVersion !== null,
      });
    });
    return this.get(ctx, id);
  }

  /**
   * Confirms exactly one version + content hash. A repeat of the same confirmation (by anyone)
   * answers 200 with the recorded one and writes no new event; it does not change who confirmed.
   * Confirmation never widens permissions: the executor re-checks the confirmer's rights.
   */
  async confirm(ctx: OrgContext, id: string, input: TConfirmDraftRequest): Promise<TDraft> {
    return this.repo.transaction(async (tx) => {
      const d = await this.load(tx, ctx, id);
      if (d.status !== 'OPEN') throw DraftErrors.notOpen(d.status);
      const current = await this.repo.findVersion(tx, ctx.organizationId, id, d.currentVersion);
      if (!current) throw DraftErrors.notFound();
      if (input.version !== d.currentVersion || input.contentHash !== current.contentHash) {
        throw DraftErrors.stale({ currentVersion: d.currentVersion, contentHash: current.contentHash });
      }
      if (d.confirmedVersion === input.version && d.confirmedHash === input.contentHash) return toDraft(d);
      const violations = toVersion(current).validation.violations;
      if (violations.length > 0) throw DraftErrors.invalid(violations);
      const ok = await this.repo.updateIf(
        tx,
        ctx.organizationId,
        id,
        { rowVersion: d.rowVersion, status: 'OPEN' },
        {
          confirmedVersion: input.version,
          confirmedHash: input.contentHash,
          confirmedByUserId: ctx.actorUserId,
          confirmedByMembershipId: ctx.membershipId,
          confirmedAt: new Date(),
        },
      );
      if (!ok) {
        // a concurrent confirm of the same version + hash won: same answer, no second event
        const now = await this.load(tx, ctx, id);
        if (now.status === 'OPEN' && now.confirmedVersion === input.version && now.confirmedHash === input.contentHash)
          return toDraft(now);
        await this.lostRace(ctx, id);
      }
      await this.audit.record(tx, ctx, 'draft.confirmed', 'draft', id, {
        version: input.version,
        contentHash: input.contentHash,
        confirmedByMembershipId: ctx.membershipId,
      });
      await WebhookEvents.emit(tx, ctx, 'draft.confirmed', id);
      if (d.kind === 'PURCHASE') await WebhookEvents.emit(tx, ctx, 'purchase.confirmed', id);
      return toDraft(await this.load(tx, ctx, id));
    });
  }

  async reject(ctx: OrgContext, id: string, input: TRejectDraftRequest): Promise<TDraft> {
    return this.repo.transaction(async (tx) => {
      const d = await this.load(tx, ctx, id);
      if (d.status !== 'OPEN') throw DraftErrors.notOpen(d.status);
      const ok = await this.repo.updateIf(
        tx,
        ctx.organizationId,
        id,
        { rowVersion: d.rowVersion, status: 'OPEN' },
        {
          status: 'REJECTED',
          rejectedByUserId: ctx.actorUserId,
          rejectedAt: new Date(),
          rejectionReason: input.reason,
        },
      );
      if (!ok) await this.lostRace(ctx, id);
      await this.audit.record(tx, ctx, 'draft.rejected', 'draft', id, {
        before: { status: 'OPEN' },
        after: { status: 'REJECTED' },
        reason: input.reason,
        version: d.currentVersion,
      });
      return toDraft(await this.load(tx, ctx, id));
    });
  }

  /** The limits the goal of a run's draft set ("每人每天别超过10小时", a deadline, …), null: none. */
  goalLimits(ctx: OrgContext, runId: string | null) {
    return this.edits.goalLimits(ctx, runId);
  }

  private async load(tx: Tx | undefined, ctx: OrgContext, id: string): Promise<Draft> {
    const d = await this.repo.findById(tx, ctx.organizationId, id, draftScope(ctx));
    if (!d) throw DraftErrors.notFound();
    return d;
  }

  /** Someone changed the draft between our read and our write: say what it is now. */
  private async lostRace(ctx: OrgContext, id: string): Promise<never> {
    const now = await this.repo.findById(undefined, ctx.organizationId, id, {});
    if (!now) throw DraftErrors.notFound();
    if (now.status !== 'OPEN') throw DraftErrors.notOpen(now.status);
    const v = await this.repo.findVersion(undefined, ctx.organizationId, id, now.currentVersion);
    throw DraftErrors.stale({ currentVersion: now.currentVersion, contentHash: v?.contentHash ?? '' });
  }
}
