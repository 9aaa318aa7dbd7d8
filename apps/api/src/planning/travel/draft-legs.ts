import type { TDraftTravel } from '@amms/contracts/geo';
import { travelMs, type SchedTravel } from '../scheduler/travel-timeline.js';
import { kmBetween } from '../scheduler/validator-travel.js';

/**
 * A schedule draft's routes: per lead machine its items in start order, grouped by local day,
 * and the legs between consecutive items (road km from the travel facts, minutes at the
 * machine's own road speed). Implements ride with their tractor, so only the lead machine's
 * route is drawn.
 */

export interface LegItem {
  jobId: string;
  primaryAssetId: string;
  primaryAssetName: string | null;
  startsAt: string;
  endsAt: string;
}

export interface FieldPoint {
  fieldId: string;
  fieldName: string;
  position: [number, number] | null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** YYYY-MM-DD of an instant in a zone. */
export function localDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

export function draftRoutes(
  items: readonly LegItem[],
  fieldOfJob: ReadonlyMap<string, FieldPoint>,
  travel: SchedTravel,
  timeZone: string,
): TDraftTravel['machines'] {
  const index = new Map(travel.fieldIds.map((id, i) => [id, i]));
  const byMachine = new Map<string, number[]>();
  items.forEach((it, i) => byMachine.set(it.primaryAssetId, [...(byMachine.get(it.primaryAssetId) ?? []), i]));
  const out: TDraftTravel['machines'] = [];
  for (const [assetId, list] of [...byMachine].sort(([a], [b]) => (a < b ? -1 : 1))) {
    list.sort((a, b) => Date.parse(items[a]!.startsAt) - Date.parse(items[b]!.startsAt) || a - b);
    const speed = travel.speedKmh[assetId] ?? null;
    const days = new Map<string, TDraftTravel['machines'][number]['days'][number]>();
    const dayOf = (i: number) => {
      const date = localDay(items[i]!.startsAt, timeZone);
      let d = days.get(date);
      if (!d) days.set(date, (d = { date, stops: [], legs: [], km: 0, minutes: 0 }));
      return d;
    };
    list.forEach((i, x) => {
      const it = items[i]!;
      const f = fieldOfJob.get(it.jobId);
      if (!f) return;
      const day = dayOf(i);
      day.stops.push({
        itemIndex: i,
        jobId: it.jobId,
        fieldId: f.fieldId,
        fieldName: f.fieldName,
        startsAt: it.startsAt,
        endsAt: it.endsAt,
        position: f.position,
      });
      const p = x > 0 ? list[x - 1]! : -1;
      const pf = p >= 0 ? fieldOfJob.get(items[p]!.jobId) : undefined;
      if (!pf) return;
      const km = kmBetween(travel, index, pf.fieldId, f.fieldId);
      const minutes = km === null ? null : speed ? travelMs(km, speed) / 60_000 : null;
      day.legs.push({
        fromItemIndex: p,
        toItemIndex: i,
        fromFieldName: pf.fieldName,
        toFieldName: f.fieldName,
        km,
        minutes,
        gapMinutes: Math.round((Date.parse(it.startsAt) - Date.parse(items[p]!.endsAt)) / 60_000),
      });
      day.km = round2(day.km + (km ?? 0));
      day.minutes += minutes ?? 0;
    });
    const ds = [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
    out.push({
      assetId,
      name: items[list[0]!]!.primaryAssetName,
      speedKmh: speed,
      totalKm: round2(ds.reduce((t, d) => t + d.km, 0)),
      totalMinutes: ds.reduce((t, d) => t + d.minutes, 0),
      days: ds,
    });
  }
  return out;
}
