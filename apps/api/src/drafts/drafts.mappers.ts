import type {
  TAnyDraftItem,
  TAnyUnplaced,
  TCorrectiveItem,
  TDraft,
  TDraftExecutionSummary,
  TDraftItem,
  TDraftValidation,
  TDraftVersion,
  TLeaveItem,
  TMaintenanceItem,
  TPurchaseLine,
  TUnplacedJob,
  TUnplacedMaintenance,
} from '@amms/contracts/drafts';
import type { Draft, DraftVersion, Execution } from '@amms/db';

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export function toDraft(d: Draft): TDraft {
  return {
    id: d.id,
    kind: d.kind,
    status: d.status,
    title: d.title,
    runId: d.runId,
    currentVersion: d.currentVersion,
    confirmedVersion: d.confirmedVersion,
    confirmedHash: d.confirmedHash,
    confirmedByUserId: d.confirmedByUserId,
    confirmedByMembershipId: d.confirmedByMembershipId,
    confirmedAt: isoOrNull(d.confirmedAt),
    rejectedByUserId: d.rejectedByUserId,
    rejectedAt: isoOrNull(d.rejectedAt),
    rejectionReason: d.rejectionReason,
    createdByUserId: d.createdByUserId,
    rowVersion: d.rowVersion,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export function toVersion(v: DraftVersion): TDraftVersion {
  return {
    version: v.version,
    basedOnVersion: v.basedOnVersion,
    ...splitContent(v.items as TAnyDraftItem[], v.unplaced as TAnyUnplaced[]),
    validation: v.validation as TDraftValidation,
    evidence: v.evidence as TDraftVersion['evidence'],
    contentHash: v.contentHash,
    note: v.note,
    createdByUserId: v.createdByUserId,
    createdAt: v.createdAt.toISOString(),
  };
}

export function toExecutionSummary(
  e: Pick<Execution, 'id' | 'version' | 'status' | 'createdAt' | 'finishedAt'>,
): TDraftExecutionSummary {
  return {
    id: e.id,
    version: e.version,
    status: e.status,
    createdAt: e.createdAt.toISOString(),
    finishedAt: isoOrNull(e.finishedAt),
  };
}

/** The stored items of either kind, shown apart: job items / work-order items (a version holds one kind). */
export function splitContent(items: readonly TAnyDraftItem[], unplaced: readonly TAnyUnplaced[]) {
  return {
    items: items.filter((i): i is TDraftItem => !('kind' in i)),
    unplaced: unplaced.filter((u): u is TUnplacedJob => 'jobId' in u),
    workOrderItems: items.filter((i): i is TMaintenanceItem => 'kind' in i && i.kind === 'WORK_ORDER'),
    unplacedWorkOrders: unplaced.filter((u): u is TUnplacedMaintenance => !('jobId' in u)),
    correctiveItems: items.filter((i): i is TCorrectiveItem => 'kind' in i && i.kind === 'CORRECTIVE_WORK_ORDER'),
    purchaseLines: items.filter((i): i is TPurchaseLine => 'kind' in i && i.kind === 'PURCHASE_LINE'),
    leaveItems: items.filter((i): i is TLeaveItem => 'kind' in i && i.kind === 'LEAVE'),
  };
}
