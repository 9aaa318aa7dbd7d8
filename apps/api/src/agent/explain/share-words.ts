import { partHours } from '../../planning/scheduler/split-sizing.js';
import type { SchedJob, ScheduleItem, SchedulerInput } from '../../planning/scheduler/types.js';
import type { Lang } from './wording.js';

type Item = Omit<ScheduleItem, 'itemKey'>;

/** one decimal, always shown ("8.0") */
export const tenth = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** A part's share in words, "24.0 公顷（约 8.0 小时）" / "24.0 ha (about 8.0 h)": hours from its crew's output. */
export function shareWords(
  c: { input: SchedulerInput; lang: Lang },
  job: SchedJob | undefined,
  o: Pick<Item, 'primaryAssetId' | 'implementAssetIds' | 'operatorMembershipId'> & { part?: Item['part'] },
): string {
  const h = job && o.part ? partHours(c.input, job, o, o.part.areaHa) : null;
  const ha = tenth(o.part?.areaHa ?? 0);
  return c.lang === 'zh'
    ? `${ha} 公顷${h ? `（约 ${tenth(h)} 小时）` : ''}`
    : `${ha} ha${h ? ` (about ${tenth(h)} h)` : ''}`;
}
