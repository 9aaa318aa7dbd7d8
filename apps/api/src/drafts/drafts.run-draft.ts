import type { TAnyDraftItem, TAnyUnplaced, TDraftValidation } from '@amms/contracts/drafts';
import type { Draft } from '@amms/db';
import type { AuditService } from '../audit/audit.service.js';
import type { OrgContext } from '../platform/access/context.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import { NotifyOutbound } from '../notifications/outbound/notify-events.js';
import type { DraftsRepository } from './drafts.repository.js';

/** What a run stores as version 1 (either kind). */
export interface RunDraftContent {
  items: TAnyDraftItem[];
  unplaced: TAnyUnplaced[];
  validation: TDraftValidation;
  contentHash: string;
}

export type RunDraftKind = 'SCHEDULE' | 'MAINTENANCE' | 'PURCHASE' | 'LEAVE';

/** Version 1 of a run's draft (SCHEDULE: job items; MAINTENANCE: work-order items), inside the run's final transaction. */
export async function createRunDraft(
  repo: DraftsRepository,
  audit: AuditService,
  tx: Tx,
  ctx: OrgContext,
  d: {
    runId: string;
    title: string;
    content: RunDraftContent;
    evidence: unknown;
    kind: RunDraftKind;
    note: string | null;
  },
): Promise<Draft> {
  const { runId, title, content, evidence, kind, note } = d;
  const draft = await repo.create(
    tx,
    ctx.organizationId,
    { kind, title, runId, createdByUserId: ctx.actorUserId },
    { version: 1, basedOnVersion: null, ...content, evidence, note, createdByUserId: ctx.actorUserId },
  );
  await audit.record(tx, ctx, 'draft.version_created', 'draft', draft.id, {
    version: 1,
    kind,
    runId,
    contentHash: content.contentHash,
    items: content.items.length,
    unplaced: content.unplaced.length,
    violations: content.validation.violations.length,
  });
  // still waiting a little later: a push / e-mail / group message (notifications/outbound)
  await NotifyOutbound.emit(tx, ctx.organizationId, 'DRAFT_AWAITING_CONFIRMATION', draft.id);
  // a purchase to order: the other store keepers are told in the app (and webhooks subscribed to it)
  if (kind === 'PURCHASE') await WebhookEvents.emit(tx, ctx, 'purchase.drafted', draft.id);
  return draft;
}
