import type { TDraft, TDraftItem, TDraftValidation, TDraftVersion, TUnplacedJob } from '@amms/contracts/drafts';
import type { Draft, DraftVersion } from '@amms/db';

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
    items: v.items as TDraftItem[],
    unplaced: v.unplaced as TUnplacedJob[],
    validation: v.validation as TDraftValidation,
    evidence: v.evidence as TDraftVersion['evidence'],
    contentHash: v.contentHash,
    note: v.note,
    createdByUserId: v.createdByUserId,
    createdAt: v.createdAt.toISOString(),
  };
}
