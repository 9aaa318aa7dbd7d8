/**
 * ASKED_NOT_USED: the goal asked for machines ("用钱勇那台克拉斯收前滩7号地", "prefer the DJI
 * drones") that do this item's operation, and none of them does this item. A dispatcher who named
 * a machine reads the draft for it first: the item says why each asked machine was not taken — in
 * the workshop or avoided, booked at the same time (with what), doing another item of this draft,
 * or free but slower to finish (the scheduler gives a job to the set that finishes first; a
 * preference breaks ties between equally early ones).
 */
import type { ScheduleItem } from '../../planning/scheduler/types.js';
import type { ExplainContext } from './findings.js';
import { machineExclusion } from './findings.js';
import { localSpan, nameList, type ItemReason } from './wording.js';

type Item = Omit<ScheduleItem, 'itemKey'>;

/** at most this many asked machines are named on one item */
const MAX_NAMED = 3;

export function askedNotUsedReason(
  c: ExplainContext,
  item: Item,
  all: readonly Item[],
  setName: string,
): ItemReason | null {
  const zh = c.lang === 'zh';
  const asked = c.input.options?.preferAssetIds ?? [];
  const used = [item.primaryAssetId, ...item.implementAssetIds];
  if (asked.length === 0 || asked.some((id) => used.includes(id))) return null;
  const job = c.facts.jobs.find((j) => j.id === item.jobId);
  if (!job) return null;
  const machines = asked
    .map((id) => c.facts.machines.find((m) => m.id === id))
    .filter((m) => m !== undefined && m.kind !== 'IMPLEMENT' && m.operationTypes.includes(job.operationType));
  if (machines.length === 0) return null;
  const s = Date.parse(item.startsAt);
  const e = Date.parse(item.endsAt);
  const over = (a: { startsAt: string; endsAt: string }) => Date.parse(a.startsAt) < e && s < Date.parse(a.endsAt);
  const fieldOf = (jobId: string) => c.facts.jobs.find((j) => j.id === jobId)?.fieldName ?? '';

  const causes = machines.slice(0, MAX_NAMED).map((m) => {
    const excluded = machineExclusion(c, m!.id);
    if (excluded) return zh ? `${m!.name}${excluded.zh}` : `${m!.name} is ${excluded.en}`;
    const booked = c.input.busy.machines.filter((b) => b.assetId === m!.id && over(b));
    if (booked.length) {
      const b = booked[0]!;
      const when = localSpan(b.startsAt, b.endsAt, c.timezone, c.lang);
      const what = b.label ? (zh ? `（${b.label}）` : ` (${b.label})`) : '';
      return zh ? `${m!.name} 在 ${when} 已有安排${what}` : `${m!.name} is booked ${when}${what}`;
    }
    const other = all.find((x) => x !== item && [x.primaryAssetId, ...x.implementAssetIds].includes(m!.id) && over(x));
    if (other) {
      const when = localSpan(other.startsAt, other.endsAt, c.timezone, c.lang);
      const field = fieldOf(other.jobId);
      return zh
        ? `${m!.name} 在 ${when} 做本草稿的${field || '另一项作业'}`
        : `${m!.name} works ${field || 'another item of this draft'} ${when}`;
    }
    return zh
      ? `${m!.name} 这段时间有空，但 ${setName} 完工更早`
      : `${m!.name} is free then, but ${setName} finishes sooner`;
  });
  const more = machines.length - causes.length;
  const tail = more > 0 ? (zh ? `；另 ${more} 台同样` : `; ${more} more likewise`) : '';
  return {
    code: 'ASKED_NOT_USED',
    params: {
      machines: nameList(
        machines.map((m) => m!.name),
        c.lang,
        MAX_NAMED,
      ),
    },
    text: zh
      ? `没用您要的机器：${causes.join('；')}${tail}`
      : `the machine you asked for is not used: ${causes.join('; ')}${tail}`,
  };
}
