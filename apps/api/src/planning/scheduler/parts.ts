import type { DraftItem, ItemPart, SchedJob, ViolationCode } from './types.js';

/**
 * Split jobs: a large job may be worked as parts, on several machines at once or over separate
 * spans, each part an item of the draft and an assignment when executed.
 *
 * Which operations may be split is a setting per operation type. Field work that covers an area
 * strip by strip can be shared (harvest, tillage, sowing, spraying, fertilizing, mowing, baling);
 * a transport job (one haul, its load) and OTHER (unknown work) are not.
 */
export const SPLITTABLE_OPERATIONS: Readonly<Record<string, boolean>> = {
  HARVESTING: true,
  FORAGE_HARVESTING: true,
  TILLAGE: true,
  SOWING_PLANTING: true,
  CROP_PROTECTION: true,
  FERTILIZING: true,
  MOWING: true,
  BALING: true,
  TRANSPORT: false,
  OTHER: false,
};

export const isSplittable = (operationType: string): boolean => SPLITTABLE_OPERATIONS[operationType] === true;

/** Parts' hectares may differ from the job's by this much (rounding to 0.01 ha per part). */
export const AREA_TOLERANCE_HA = 0.05;

/** The job as its part sees it: the part's hectares (and a share of the estimate) to work. */
export function partJob<J extends Pick<SchedJob, 'areaHa' | 'estimatedHours'>>(job: J, part: ItemPart | undefined): J {
  if (!part) return job;
  const share = job.areaHa && job.areaHa > 0 ? part.areaHa / job.areaHa : 1 / part.of;
  return { ...job, areaHa: part.areaHa, estimatedHours: job.estimatedHours * share };
}

/**
 * The parts rules on a draft (the validator's): a job is either one whole item or parts 1..n of
 * n, each once (PARTS_INCOMPLETE); its operation may be split (PART_NOT_SPLITTABLE); the parts'
 * hectares sum to the job's area within AREA_TOLERANCE_HA (PARTS_AREA_MISMATCH). Overlaps of two
 * parts on one machine or one person are the general MACHINE_/OPERATOR_DOUBLE_BOOKED; two whole
 * items of one job stay DUPLICATE_JOB (the validator's).
 */
export function checkParts(
  jobs: ReadonlyMap<string, SchedJob>,
  items: readonly DraftItem[],
  v: (itemIndex: number, jobId: string, code: ViolationCode, message: string, otherItemIndex?: number) => void,
): void {
  const byJob = new Map<string, number[]>();
  items.forEach((it, i) => byJob.set(it.jobId, [...(byJob.get(it.jobId) ?? []), i]));
  for (const [jobId, idx] of [...byJob.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const parted = idx.filter((i) => items[i]!.part);
    if (parted.length === 0) continue;
    const job = jobs.get(jobId);
    const first = parted[0]!;
    if (job && !isSplittable(job.operationType))
      v(first, jobId, 'PART_NOT_SPLITTABLE', `A ${job.operationType} job is not split into parts`);
    const whole = idx.find((i) => !items[i]!.part);
    if (whole !== undefined)
      v(
        Math.max(whole, first),
        jobId,
        'PARTS_INCOMPLETE',
        'The job has a whole item besides its parts',
        Math.min(whole, first),
      );
    const of = items[first]!.part!.of;
    const seen = new Map<number, number>();
    for (const i of parted) {
      const p = items[i]!.part!;
      if (p.of !== of || p.index < 1 || p.index > of)
        v(i, jobId, 'PARTS_INCOMPLETE', `Part ${p.index}/${p.of} does not belong to the job's ${of} parts`);
      else if (seen.has(p.index))
        v(i, jobId, 'PARTS_INCOMPLETE', `Part ${p.index}/${of} appears twice`, seen.get(p.index));
      else seen.set(p.index, i);
    }
    const missing = Array.from({ length: of }, (_, k) => k + 1).filter((k) => !seen.has(k));
    if (missing.length) v(first, jobId, 'PARTS_INCOMPLETE', `Part(s) ${missing.join(', ')} of ${of} are missing`);
    const sum = Math.round(parted.reduce((a, i) => a + items[i]!.part!.areaHa, 0) * 100) / 100;
    if (job?.areaHa && Math.abs(sum - job.areaHa) > AREA_TOLERANCE_HA)
      v(first, jobId, 'PARTS_AREA_MISMATCH', `The parts cover ${sum} ha, the job ${job.areaHa} ha`);
  }
}

/** Per job, its items' span: the first start and the last end (a split job ends when its last part does). */
export function jobSpans(items: readonly DraftItem[]): Map<string, { index: number; start: number; end: number }> {
  const out = new Map<string, { index: number; start: number; end: number }>();
  items.forEach((it, i) => {
    const s = Date.parse(it.startsAt);
    const e = Date.parse(it.endsAt);
    const cur = out.get(it.jobId);
    if (!cur) out.set(it.jobId, { index: i, start: s, end: e });
    else
      out.set(it.jobId, {
        index: e > cur.end ? i : cur.index,
        start: Math.min(cur.start, s),
        end: Math.max(cur.end, e),
      });
  });
  return out;
}
