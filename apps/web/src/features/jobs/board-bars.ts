import type { TDraftVersion, TEditedItem } from '@amms/contracts/drafts';
import type { TCalendarAssignment } from '@amms/contracts/jobs';
import type { BoardProposal, TimelineBar } from '@/components/timeline/timeline';

type Assignment = TCalendarAssignment;

/** What a movable bar stands for: the job's item as it is now (booked, or as the board draft has it). */
export type BarBase = { jobId: string; item: TEditedItem };

/**
 * The jobs timeline's bars on the board: bookings on their machines' rows (and, with operator
 * rows, on the operator's row); a job the board draft moves shows where it was (removed) and
 * where the draft puts it (proposed, or conflict when the draft's validation flags it).
 * Only SCHEDULED jobs move (a started job stays where it is).
 */
export function boardBars(p: {
  assignments: readonly Assignment[];
  version: TDraftVersion | undefined;
  labelOf: (a: Assignment) => string;
  title: (a: Assignment) => string;
  href: (jobId: string) => string;
  withOperators: boolean;
  movable: boolean;
  findingText: (code: string, message: string) => string;
}): { bars: TimelineBar[]; bases: Map<string, BarBase> } {
  const bars: TimelineBar[] = [];
  const bases = new Map<string, BarBase>();
  const moved = new Map((p.version?.items ?? []).map((i, idx) => [i.jobId, { i, idx }]));
  const labels = new Map<string, string>();
  for (const a of p.assignments) {
    const label = p.labelOf(a);
    labels.set(a.job.id, label);
    const was = moved.has(a.job.id);
    const canMove = p.movable && !was && a.job.status === 'SCHEDULED';
    const primary = a.machines.find((mc) => mc.role === 'PRIMARY');
    const item: TEditedItem = {
      jobId: a.job.id,
      primaryAssetId: primary?.assetId ?? a.machines[0]?.assetId ?? '',
      implementAssetIds: a.machines.filter((mc) => mc.role === 'IMPLEMENT').map((mc) => mc.assetId),
      operatorMembershipId: a.operatorMembershipId,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
    };
    const common = {
      start: a.startsAt,
      end: a.endsAt,
      label,
      kind: was ? ('removed' as const) : ('job' as const),
      title: p.title(a),
      href: p.href(a.job.id),
    };
    for (const mc of a.machines) {
      const id = `${a.id}-${mc.assetId}`;
      const movable = canMove && mc.role === 'PRIMARY';
      bars.push({ id, rowId: mc.assetId, ...common, movable });
      if (movable) bases.set(id, { jobId: a.job.id, item });
    }
    if (p.withOperators) {
      const id = `${a.id}-op`;
      bars.push({ id, rowId: a.operatorMembershipId, ...common, movable: canMove });
      if (canMove) bases.set(id, { jobId: a.job.id, item });
    }
  }
  for (const [jobId, { i, idx }] of moved) {
    const hard = (p.version?.validation.violations ?? []).filter(
      (f) => f.itemIndex === idx || f.otherItemIndex === idx,
    );
    const label = labels.get(jobId) ?? i.job?.title ?? i.job?.fieldName ?? jobId.slice(0, 8);
    const item: TEditedItem = {
      jobId,
      primaryAssetId: i.primaryAssetId,
      implementAssetIds: [...i.implementAssetIds],
      operatorMembershipId: i.operatorMembershipId,
      startsAt: i.startsAt,
      endsAt: i.endsAt,
    };
    const common = {
      start: i.startsAt,
      end: i.endsAt,
      label,
      kind: hard.length > 0 ? ('conflict' as const) : ('proposed' as const),
      title: [label, ...hard.map((f) => p.findingText(f.code, f.message))].join(' · '),
      href: p.href(jobId),
    };
    const rows = [i.primaryAssetId, ...i.implementAssetIds, ...(p.withOperators ? [i.operatorMembershipId] : [])];
    rows.forEach((rowId, k) => {
      const id = `board-${jobId}-${k}`;
      const movable = p.movable && (k === 0 || rowId === i.operatorMembershipId);
      bars.push({ id, rowId, ...common, movable });
      if (movable) bases.set(id, { jobId, item });
    });
  }
  return { bars, bases };
}

/** The item a drop makes: onto a machine row → that main machine; onto an operator row → that operator; at the new time. */
export function movedItem(base: BarBase, drop: BoardProposal, isOperatorRow: (rowId: string) => boolean): TEditedItem {
  const when = { startsAt: drop.startsAt, endsAt: drop.endsAt };
  if (isOperatorRow(drop.rowId)) return { ...base.item, operatorMembershipId: drop.rowId, ...when };
  return {
    ...base.item,
    primaryAssetId: drop.rowId,
    implementAssetIds: base.item.implementAssetIds.filter((id) => id !== drop.rowId),
    ...when,
  };
}
