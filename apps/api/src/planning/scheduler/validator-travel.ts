import { travelMs, type SchedTravel } from './travel-timeline.js';
import type { DraftItem, SchedulerInput } from './types.js';

/**
 * Travel in the validator: a machine's next item may start only when the machine can have driven
 * there from its previous item's field (road km ÷ its road speed, as the scheduler reckons:
 * travel-timeline.ts). A hand-edited item that leaves too little time is `UNREACHABLE_IN_TIME`
 * on the later item. Items without a known field pair, or machines without a road speed, are not
 * checked (as in the scheduler).
 */

export interface TravelGap {
  /** the later item (index in `items`) and the one before it on the same machine */
  itemIndex: number;
  previousIndex: number;
  machineId: string;
  km: number;
  needMinutes: number;
  gapMinutes: number;
}

/** km between two fields in the travel facts, null when unknown. */
export function kmBetween(travel: SchedTravel, index: ReadonlyMap<string, number>, a: string, b: string) {
  if (a === b) return 0;
  const i = index.get(a);
  const j = index.get(b);
  if (i === undefined || j === undefined) return null;
  return travel.km[i]?.[j] ?? null;
}

/** Each machine's items in start order (primary and implements alike): [machineId, item indexes]. */
export function machineSequences(items: readonly DraftItem[]): Map<string, number[]> {
  const seq = new Map<string, number[]>();
  items.forEach((it, idx) => {
    for (const id of new Set([it.primaryAssetId, ...it.implementAssetIds])) {
      const list = seq.get(id);
      if (list) list.push(idx);
      else seq.set(id, [idx]);
    }
  });
  for (const list of seq.values())
    list.sort((a, b) => Date.parse(items[a]!.startsAt) - Date.parse(items[b]!.startsAt) || a - b);
  return seq;
}

/** Pairs of consecutive items of one machine with less time between them than the road needs. */
export function travelGaps(input: SchedulerInput, items: readonly DraftItem[]): TravelGap[] {
  const travel = input.travel;
  if (!travel) return [];
  const fieldOf = new Map(input.jobs.map((j) => [j.id, j.fieldId]));
  const index = new Map(travel.fieldIds.map((id, i) => [id, i]));
  const out: TravelGap[] = [];
  for (const [machineId, list] of [...machineSequences(items)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const speed = travel.speedKmh[machineId];
    if (!speed) continue;
    for (let x = 1; x < list.length; x++) {
      const p = items[list[x - 1]!]!;
      const c = items[list[x]!]!;
      const pf = fieldOf.get(p.jobId);
      const cf = fieldOf.get(c.jobId);
      if (!pf || !cf) continue;
      const km = kmBetween(travel, index, pf, cf);
      const need = travelMs(km, speed);
      const gap = Date.parse(c.startsAt) - Date.parse(p.endsAt);
      // an overlap is a double booking (its own violation), not a travel one
      if (km === null || need === 0 || gap < 0 || gap >= need) continue;
      out.push({
        itemIndex: list[x]!,
        previousIndex: list[x - 1]!,
        machineId,
        km,
        needMinutes: need / 60_000,
        gapMinutes: Math.round(gap / 60_000),
      });
    }
  }
  return out;
}
