/**
 * The road in a schedule item's reasons (`evidence[].why`, code TRAVEL): where the machine comes
 * from (its previous item's field), how far and how long the drive is, and — when the choice
 * saved road — that the field is in the same village as the previous job (within 5 road km), or
 * how much farther the other free machines of the operation would have driven.
 */
import { travelMs } from '../../planning/scheduler/travel-timeline.js';
import { kmBetween } from '../../planning/scheduler/validator-travel.js';
import type { ScheduleItem } from '../../planning/scheduler/types.js';
import type { ExplainContext } from './findings.js';
import { nameList } from './wording.js';
import type { ItemReason } from './item-reasons.js';

/** road km within which two fields count as one village (the same cluster of fields) */
export const SAME_VILLAGE_KM = 5;

type Item = Omit<ScheduleItem, 'itemKey'>;

export function travelReason(c: ExplainContext, item: Item, all: readonly Item[]): ItemReason | null {
  const travel = c.input.travel;
  if (!travel) return null;
  const zh = c.lang === 'zh';
  const fieldOf = new Map(c.facts.jobs.map((j) => [j.id, j]));
  const index = new Map(travel.fieldIds.map((id, i) => [id, i]));
  const job = fieldOf.get(item.jobId);
  if (!job) return null;
  const s = Date.parse(item.startsAt);
  /** the machine's item before s (its field), null: none in this plan */
  const previousOf = (assetId: string) =>
    all
      .filter((x) => x.primaryAssetId === assetId && x !== item && Date.parse(x.endsAt) <= s)
      .sort((a, b) => Date.parse(b.endsAt) - Date.parse(a.endsAt))[0] ?? null;
  const prev = previousOf(item.primaryAssetId);
  const from = prev ? fieldOf.get(prev.jobId) : undefined;
  if (!from) return null;
  const km = kmBetween(travel, index, from.fieldId, job.fieldId);
  if (km === null) return null;
  const speed = travel.speedKmh[item.primaryAssetId];
  const minutes = speed ? travelMs(km, speed) / 60_000 : null;
  // the other machines of the operation free at this time, and how far they would have driven
  const others = c.facts.machines
    .filter(
      (m) => m.id !== item.primaryAssetId && m.operationTypes.includes(job.operationType) && m.status === 'ACTIVE',
    )
    .filter(
      (m) =>
        !all.some(
          (x) =>
            x.primaryAssetId === m.id && Date.parse(x.startsAt) < Date.parse(item.endsAt) && Date.parse(x.endsAt) > s,
        ),
    )
    .map((m) => {
      const p = previousOf(m.id);
      const pf = p ? fieldOf.get(p.jobId) : undefined;
      return { name: m.name, km: pf ? kmBetween(travel, index, pf.fieldId, job.fieldId) : null };
    })
    .filter((x): x is { name: string; km: number } => x.km !== null && x.km > km);
  const near = km <= SAME_VILLAGE_KM;
  const params: Record<string, string | number> = { from: from.fieldName, km, near: near ? 1 : 0 };
  if (minutes !== null) params.minutes = minutes;
  const drive = zh
    ? `从上一项作业的地块 ${from.fieldName} 开过来 ${km} km${minutes !== null ? `，约 ${minutes} 分钟` : ''}`
    : `comes from its previous job at ${from.fieldName}: ${km} km${minutes !== null ? `, about ${minutes} min` : ''}`;
  const parts = [drive];
  if (km === 0) parts.push(zh ? '同一地块，不用转场' : 'the same field, no road');
  else if (near) parts.push(zh ? '与上一项作业在同一片村' : 'same village as the previous job');
  if (others.length) {
    const least = Math.min(...others.map((o) => o.km));
    params.savedKm = Math.round((least - km) * 100) / 100;
    parts.push(
      zh
        ? `比 ${nameList(
            others.map((o) => o.name),
            'zh',
            3,
          )} 少跑至少 ${params.savedKm} km`
        : `at least ${params.savedKm} km less road than ${nameList(
            others.map((o) => o.name),
            'en',
            3,
          )}`,
    );
  }
  return { code: 'TRAVEL', params, text: parts.join(zh ? '；' : '; ') };
}
