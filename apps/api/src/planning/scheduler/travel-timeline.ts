import { Timeline, type Iv } from './timeline.js';

/**
 * Travel between one machine's consecutive jobs (the road between their fields). The scheduler
 * takes road km between fields (PostGIS distance × the org's road factor: planning/travel/travel.service.ts)
 * and each machine's road speed; a machine's next job may start only when it can have driven
 * there from the previous one's field, and a job may be put before another only when the
 * machine can still reach the other in time.
 */
export interface SchedTravel {
  fieldIds: readonly string[];
  /** road km between fieldIds[i] and fieldIds[j]; null: unknown (no location): no travel is assumed */
  km: readonly (readonly (number | null)[])[];
  /** road speed per machine id (km/h); a machine without one does not travel-check */
  speedKmh: Readonly<Record<string, number>>;
}

const MINUTE = 60_000;

/** Travel ms between two fields at a speed, rounded up to whole minutes (as TravelService reports). */
export function travelMs(km: number | null | undefined, speedKmh: number): number {
  if (!km || km <= 0 || !(speedKmh > 0)) return 0;
  return Math.ceil((km / speedKmh) * 60) * MINUTE;
}

/** What the placer is placing now (the target field) and where each job is; shared by the machines' timelines. */
export class TravelContext {
  /** field index of the job being placed (−1: none, no travel check) */
  target = -1;
  private readonly fieldIndex: Map<string, number>;

  constructor(
    readonly travel: SchedTravel,
    /** field index of each job (by the Problem's job index), −1 when unknown */
    readonly jobField: Int32Array,
  ) {
    this.fieldIndex = new Map(travel.fieldIds.map((id, i) => [id, i]));
  }

  indexOf(fieldId: string): number {
    return this.fieldIndex.get(fieldId) ?? -1;
  }

  ms(from: number, to: number, speedKmh: number): number {
    if (from < 0 || to < 0 || from === to) return 0;
    return travelMs(this.travel.km[from]?.[to], speedKmh);
  }
}

/**
 * A machine's timeline that also keeps the road time to and from its neighbouring scheduled
 * jobs. `blockedUntil` keeps the Timeline contract (0 = free, else no start before the returned
 * instant can be free), so the placer's jumps stay correct.
 */
export class TravelTimeline extends Timeline {
  constructor(
    ivs: Iv[],
    private readonly ctx: TravelContext,
    private readonly speedKmh: number,
  ) {
    super(ivs);
  }

  override clone(): TravelTimeline {
    return new TravelTimeline(this.ivs.slice(), this.ctx, this.speedKmh);
  }

  override blockedUntil(s: number, e: number): number {
    const i = this.firstEndingAfter(s);
    const next = this.ivs[i];
    if (next && next.a < e) return next.b;
    const f = this.ctx.target;
    if (f < 0) return 0;
    const prev = this.ivs[i - 1];
    if (prev && prev.owner >= 0) {
      const ready = prev.b + this.ctx.ms(this.ctx.jobField[prev.owner]!, f, this.speedKmh);
      if (ready > s) return ready;
    }
    if (next && next.owner >= 0) {
      const nf = this.ctx.jobField[next.owner]!;
      // too close before the next job: any start up to it is too; after it, the road back first
      if (e + this.ctx.ms(f, nf, this.speedKmh) > next.a) return next.b + this.ctx.ms(nf, f, this.speedKmh);
    }
    return 0;
  }
}

/** The machines' timelines with travel (when the input has travel), else as they are. */
export function withTravel(
  timelines: Timeline[],
  machineIds: readonly string[],
  travel: SchedTravel | undefined,
  jobFieldIds: readonly string[],
): { timelines: Timeline[]; ctx: TravelContext | null } {
  if (!travel) return { timelines, ctx: null };
  const jobField = new Int32Array(jobFieldIds.length).fill(-1);
  const ctx = new TravelContext(travel, jobField);
  jobFieldIds.forEach((id, j) => (jobField[j] = ctx.indexOf(id)));
  return {
    timelines: timelines.map((t, m) => {
      const speed = travel.speedKmh[machineIds[m]!];
      return speed ? new TravelTimeline(t.ivs, ctx, speed) : t;
    }),
    ctx,
  };
}
