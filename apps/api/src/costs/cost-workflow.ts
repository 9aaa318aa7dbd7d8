import type { TCostDocumentStatus } from '@amms/contracts/costs';
import type { OrgContext } from '../platform/access/context.js';
import { CostErrors } from './costs.errors.js';
import type { CostDocumentWithLines } from './costs.mappers.js';
import type { CostDocumentUpdate } from './costs.repository.js';

/** The workflow edges after DRAFT edits: what each transition writes besides the status. */
export type Transition = 'submit' | 'approve' | 'reject' | 'reopen';

export const COST_TRANSITION_TARGET: Record<Transition, TCostDocumentStatus> = {
  submit: 'SUBMITTED',
  approve: 'APPROVED',
  reject: 'REJECTED',
  reopen: 'DRAFT',
};

export const COST_AUDIT_EVENT: Record<Transition, string> = {
  submit: 'cost.submitted',
  approve: 'cost.approved',
  reject: 'cost.rejected',
  reopen: 'cost.reopened',
};

/** the transitions integrations hear about (webhooks); reopen is internal bookkeeping */
export const COST_WEBHOOK_EVENT = {
  submit: 'cost_document.submitted',
  approve: 'cost_document.approved',
  reject: 'cost_document.rejected',
  reopen: undefined,
} as const satisfies Record<Transition, string | undefined>;

/**
 * The row write of one workflow step from `current` (the caller has checked that the edge is
 * allowed and the version). `text` is the rejection reason or the approval comment.
 */
export function transitionWrite(
  kind: Transition,
  ctx: OrgContext,
  current: CostDocumentWithLines,
  text: string | undefined,
  now: Date,
): CostDocumentUpdate {
  const status = COST_TRANSITION_TARGET[kind];
  switch (kind) {
    case 'submit':
      if (current.lines.length === 0) throw CostErrors.emptyDocument();
      // a new approval round: the previous decision (if it was rejected and reopened) is cleared
      return {
        status,
        submittedAt: now,
        submittedByUserId: ctx.actorUserId,
        decidedAt: null,
        decidedByUserId: null,
        rejectionReason: null,
        decisionComment: null,
      };
    case 'approve':
    case 'reject':
      assertNotOwn(ctx, current);
      return {
        status,
        decidedAt: now,
        decidedByUserId: ctx.actorUserId,
        ...(kind === 'reject' ? { rejectionReason: text ?? null } : { decisionComment: text ?? null }),
      };
    case 'reopen':
      // the decision and the rejection reason stay visible while the draft is fixed; submit clears them
      return { status };
  }
}

/** Four eyes: whoever created or submitted a document cannot decide on it (API keys have no person to compare). */
function assertNotOwn(ctx: OrgContext, d: CostDocumentWithLines): void {
  const byUser =
    ctx.actorUserId !== null && (d.createdByUserId === ctx.actorUserId || d.submittedByUserId === ctx.actorUserId);
  const byMembership = ctx.membershipId !== null && d.createdByMembershipId === ctx.membershipId;
  if (byUser || byMembership) throw CostErrors.selfApproval();
}
