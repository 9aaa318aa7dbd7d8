'use client';

import type { TAuditEvent } from '@amms/contracts/audit';
import type { TRole } from '@amms/contracts/permissions';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { labelMessages } from '@/lib/draft-labels';
import { auditMessages } from './messages';

export type Stage = 'goal' | 'run' | 'tools' | 'versions' | 'confirm' | 'execution' | 'receipts';
export type Described = { text: string; stage: Stage | null; record?: { href: string; label: string } };

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {});
const str = (v: unknown, fallback = '—') =>
  typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : fallback;
const num = (v: unknown) => (typeof v === 'number' ? v : Array.isArray(v) ? v.length : 0);

/**
 * Who acted, in words: "王磊（调度员）", "API 密钥「同步」（代表 王磊）", "系统"; the reader's own events say so.
 * Pure (unit-tested in describe.spec.ts).
 */
export function describeActor(
  e: TAuditEvent,
  m: (typeof auditMessages)['zh-CN'],
  roles: Record<TRole, string>,
  myUserId: string | null,
): string {
  const { name, role, apiKeyName } = e.actor;
  const person = name
    ? role
      ? format(m.actorRole, { name, role: roles[role] })
      : format(m.actorFormer, { name })
    : null;
  let who: string;
  if (e.actorType === 'API_KEY')
    who = apiKeyName
      ? name
        ? format(m.actorKeyFor, { key: apiKeyName, name })
        : format(m.actorKey, { key: apiKeyName })
      : m.actor.API_KEY;
  else who = person ?? m.actor[e.actorType];
  return e.actorType === 'USER' && myUserId && e.actorUserId === myUserId ? format(m.actorYou, { who }) : who;
}

/** The hook form of `describeActor`, with the reader's dictionaries. */
export function useDescribeActor(myUserId: string | null): (e: TAuditEvent) => string {
  const m = useMessages(auditMessages);
  const { t } = useI18n();
  return (e) => describeActor(e, m, t.roles, myUserId);
}

/** An audit event in plain words (the agent / draft / execution events; others by their action name). */
export function useDescribeEvent(orgId: string): (e: TAuditEvent) => Described {
  return describeEventWith(useMessages(auditMessages), useMessages(labelMessages), orgId);
}

/** The same, with the dictionaries given (pure: unit-tested in describe.spec.ts). */
export function describeEventWith(
  m: (typeof auditMessages)['zh-CN'],
  l: (typeof labelMessages)['zh-CN'],
  orgId: string,
): (e: TAuditEvent) => Described {
  const rec = (r: Record<string, string>, k: unknown) => (typeof k === 'string' ? (r[k] ?? k) : '—');

  return (e) => {
    const d = obj(e.data);
    switch (e.action) {
      case 'agent.run_started':
        return { stage: 'goal', text: format(m.ev.runStarted, { goal: str(d.goal) }) };
      case 'agent.planned': {
        const c = obj(d.constraints);
        const p = obj(c.period);
        const period = typeof p.from === 'string' ? format(m.ev.periodPart, { from: p.from, to: str(p.to) }) : '';
        return { stage: 'run', text: format(m.ev.planned, { intent: rec(m.intent, c.intent), period }) };
      }
      case 'agent.tool_called':
        return {
          stage: 'tools',
          text: format(m.ev.toolCalled, {
            step: str(d.step),
            tool: rec(l.tool, d.name),
            result: d.ok === false ? format(m.ev.toolFailed, { error: str(d.error) }) : m.ev.toolOk,
            ms: typeof d.durationMs === 'number' ? Math.round(d.durationMs) : '—',
          }),
        };
      case 'agent.run_finished':
        return { stage: 'run', text: format(m.ev.runFinished, { status: rec(m.runStatus, d.status) }) };
      case 'draft.version_created': {
        if (d.basedOnVersion !== undefined && d.basedOnVersion !== null) {
          const diff = obj(d.diff);
          return {
            stage: 'versions',
            text:
              format(m.ev.versionEdited, {
                version: str(d.version),
                based: str(d.basedOnVersion),
                added: num(diff.added),
                removed: num(diff.removed),
                changed: num(diff.changed),
                violations: num(d.violations),
              }) +
              (d.confirmationVoided ? m.ev.voided : '') +
              (typeof d.note === 'string' && d.note ? format(m.ev.editNote, { note: d.note }) : ''),
          };
        }
        return {
          stage: 'versions',
          text: format(m.ev.versionCreated, {
            version: str(d.version),
            items: num(d.items),
            unplaced: num(d.unplaced),
            violations: num(d.violations),
          }),
        };
      }
      case 'draft.confirmed':
        return {
          stage: 'confirm',
          text: format(m.ev.confirmed, { version: str(d.version), hash: `${str(d.contentHash).slice(0, 12)}…` }),
        };
      case 'draft.rejected':
        return { stage: 'confirm', text: format(m.ev.rejected, { reason: str(d.reason) }) };
      case 'execution.requested':
        return {
          stage: 'execution',
          text: format(m.ev.requested, { version: str(d.version), total: num(d.itemsTotal) }),
        };
      case 'execution.started':
        return { stage: 'execution', text: m.ev.started };
      case 'execution.receipt': {
        const index = typeof d.itemIndex === 'number' ? d.itemIndex + 1 : '?';
        const isWo = d.recordType === 'work_order';
        const hasRecord = typeof d.recordId === 'string';
        const text =
          format(m.ev.receipt, { index, status: rec(l.receiptStatus, d.status) }) +
          (hasRecord ? format(m.ev.receiptRecord, { record: isWo ? m.ev.workOrder : m.ev.job }) : '');
        return {
          stage: 'receipts',
          text,
          record: hasRecord
            ? {
                href: orgPath(
                  orgId,
                  isWo ? `maintenance/work-orders/${String(d.recordId)}` : `jobs/${String(d.recordId)}`,
                ),
                label: m.ev.openRecord,
              }
            : undefined,
        };
      }
      case 'execution.finished': {
        const after = obj(d.after);
        const counts = obj(d.counts);
        return {
          stage: 'execution',
          text: format(m.ev.finished, {
            status: rec(l.executionStatus, after.status),
            succeeded: num(counts.succeeded),
            conflict: num(counts.conflict),
            failed: num(counts.failed),
          }),
        };
      }
      case 'mcp.tool_called': {
        const outcome = rec(m.ev.mcpOutcome, d.outcome);
        return {
          stage: null,
          text: format(m.ev.mcpToolCalled, {
            tool: str(d.tool),
            outcome: typeof d.code === 'string' && d.outcome !== 'ok' ? `${outcome} (${d.code})` : outcome,
            ms: typeof d.durationMs === 'number' ? Math.round(d.durationMs) : '—',
          }),
        };
      }
      case 'execution.refused':
        return { stage: 'execution', text: format(m.ev.refused, { reason: str(d.reason) }) };
      default:
        return { stage: null, text: m.actions[e.action] ?? e.action };
    }
  };
}
