import { Rng } from '../../platform/random/prng.js';
import { DAY, HOUR, iso } from './calendar.js';
import type { MachineBusy, OperatorBusy, SchedJob, SchedMachine, SchedOperator, SchedulerInput } from './types.js';

/**
 * Seeded random scheduling instances for the property tests and bench:scheduler (one
 * generator, so the bench measures what the tests check). Machines follow the platform
 * catalog's shape: self-propelled combines and sprayers, tractors that pull implements.
 */
export interface InstanceShape {
  jobs: number;
  machines: number;
  operators: number;
  days: number;
  /** existing bookings per machine / operator, at most */
  busyPerMachine?: number;
  busyPerOperator?: number;
  /** share of machines not ACTIVE */
  downShare?: number;
  /** add jobs nobody can do and jobs whose window is past */
  oddities?: boolean;
  /**
   * the dispatcher's world: machine output (jobs get an area, so durations depend on the set),
   * tractor power against implements' needs, licences for combines and sprayers (some operators
   * lack them), leave, and engine hours left to the next service
   */
  world?: boolean;
}

const TRACTOR_OPS = ['TILLAGE', 'SOWING_PLANTING', 'CROP_PROTECTION', 'TRANSPORT', 'OTHER'];
const MACHINE_TYPES: readonly { kind: SchedMachine['kind']; ops: string[]; name: string; share: number }[] = [
  { kind: 'POWER_UNIT', ops: TRACTOR_OPS, name: 'Tractor', share: 0.3 },
  { kind: 'SELF_PROPELLED', ops: ['HARVESTING'], name: 'Combine', share: 0.16 },
  { kind: 'SELF_PROPELLED', ops: ['CROP_PROTECTION'], name: 'Sprayer SP', share: 0.1 },
  { kind: 'IMPLEMENT', ops: ['TILLAGE'], name: 'Plough', share: 0.12 },
  { kind: 'IMPLEMENT', ops: ['SOWING_PLANTING'], name: 'Seeder', share: 0.12 },
  { kind: 'IMPLEMENT', ops: ['CROP_PROTECTION'], name: 'Sprayer', share: 0.08 },
  { kind: 'IMPLEMENT', ops: ['TRANSPORT'], name: 'Trailer', share: 0.12 },
];
const JOB_OPS: readonly [string, number][] = [
  ['HARVESTING', 4],
  ['TILLAGE', 3],
  ['SOWING_PLANTING', 3],
  ['CROP_PROTECTION', 3],
  ['TRANSPORT', 2],
  ['OTHER', 1],
];

const QUALS = ['COMBINE', 'PESTICIDE_APPLICATOR'];

/** Output, power, hitch and licence figures in the range of the catalog's models. */
function withWorld(m: SchedMachine, i: number, rng: Rng): SchedMachine {
  const op = m.operationTypes[0]!;
  if (m.kind === 'POWER_UNIT') return { ...m, powerKw: rng.pick([75, 120, 180, 270]), hitchTypes: ['CAT2', 'CAT3'] };
  if (m.kind === 'SELF_PROPELLED')
    return {
      ...m,
      ratesHaPerHour: { [op]: rng.pick(op === 'HARVESTING' ? [2.5, 4, 6] : [8, 12]) },
      requiredQualifications: [op === 'HARVESTING' ? 'COMBINE' : 'PESTICIDE_APPLICATOR'],
      serviceDueInHours: rng.chance(0.2) ? rng.int(2, 30) : null,
    };
  return {
    ...m,
    ratesHaPerHour: { [op]: rng.pick([1.5, 3, 5]) },
    requiredPowerKw: rng.pick([60, 100, 150]),
    hitchTypes: [i % 5 === 0 ? 'CAT3' : 'CAT2'],
    ...(op === 'CROP_PROTECTION' ? { requiredQualifications: ['PESTICIDE_APPLICATOR'] } : {}),
  };
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export function randomInstance(seed: number, shape: InstanceShape): SchedulerInput {
  const rng = new Rng(seed);
  // Monday 2026-03-02 00:00 Asia/Shanghai
  const t0 = Date.UTC(2026, 2, 1, 16);
  const now = t0 + rng.int(0, 1) * 8 * HOUR;
  const teams = ['team-a', 'team-b'];
  const machines: SchedMachine[] = [];
  // from 6 machines on, the first six make sure every job type has a capable set; the rest by share
  const basics = [0, 1, 3, 4, 6, 2].map((i) => MACHINE_TYPES[i]!);
  for (let i = 0; i < shape.machines; i++) {
    const t =
      shape.machines >= basics.length && i < basics.length
        ? basics[i]!
        : rng.weighted(MACHINE_TYPES.map((x) => [x, x.share] as const));
    const r = rng.next();
    const down = shape.downShare ?? 0.1;
    machines.push({
      id: `m-${pad(i, 3)}`,
      name: `${t.name} ${i}`,
      kind: t.kind,
      operationTypes: t.ops,
      status: r < down * 0.8 ? 'IN_MAINTENANCE' : r < down ? 'RETIRED' : 'ACTIVE',
      teamId: rng.chance(0.7) ? rng.pick(teams) : null,
      dueForMaintenance: rng.chance(0.1),
    });
  }
  if (shape.world) for (let i = 0; i < machines.length; i++) machines[i] = withWorld(machines[i]!, i, rng);
  const operators: SchedOperator[] = Array.from({ length: shape.operators }, (_, i) => ({
    membershipId: `o-${pad(i, 3)}`,
    name: `Operator ${i}`,
    teamIds: rng.chance(0.8) ? [rng.pick(teams)] : [],
    // the first always holds both licences, so every job has someone
    ...(shape.world
      ? {
          qualifications: QUALS.filter((_q, k) => i === 0 || rng.chance(k === 0 ? 0.6 : 0.5)).map((code) => ({ code })),
        }
      : {}),
  }));
  const span = shape.days * DAY;
  const jobs: SchedJob[] = [];
  for (let i = 0; i < shape.jobs; i++) {
    let op = rng.weighted(JOB_OPS);
    let ws = t0 + rng.int(0, shape.days - 1) * DAY + rng.int(0, 3) * 6 * HOUR;
    let we = Math.min(ws + rng.int(12, 72) * HOUR, t0 + span + DAY);
    if (shape.oddities && rng.chance(0.04)) op = 'FORAGE_HARVESTING'; // no machine can
    if (shape.oddities && rng.chance(0.03)) [ws, we] = [t0 - 3 * DAY, t0 - DAY]; // in the past
    jobs.push({
      id: `j-${pad(i, 4)}`,
      operationType: op,
      windowStart: iso(ws),
      windowEnd: iso(we),
      priority: rng.int(1, 5),
      estimatedHours: rng.int(4, 32) / 2,
      teamId: rng.chance(0.6) ? rng.pick(teams) : null,
      fieldId: `f-${pad(rng.int(0, 99), 3)}`,
      version: rng.int(1, 3),
      ...(shape.world && rng.chance(0.8) ? { areaHa: rng.int(4, 120) } : {}),
    });
  }
  const block = (id: string) => {
    const s = t0 + rng.int(0, shape.days * 48 - 1) * 30 * 60_000 + rng.int(0, 29) * 60_000; // off-grid on purpose
    return { s, e: s + rng.int(2, 24) * HOUR, id };
  };
  const mb: MachineBusy[] = [];
  const ob: OperatorBusy[] = [];
  for (const m of machines) {
    const n = rng.int(0, shape.busyPerMachine ?? 2);
    for (let k = 0; k < n; k++) {
      const b = block(m.id);
      mb.push({ assetId: b.id, startsAt: iso(b.s), endsAt: iso(b.e), label: rng.chance(0.5) ? 'work order' : 'job' });
    }
  }
  for (const o of operators) {
    const n = rng.int(0, shape.busyPerOperator ?? 1);
    for (let k = 0; k < n; k++) {
      const b = block(o.membershipId);
      ob.push({ membershipId: b.id, startsAt: iso(b.s), endsAt: iso(b.e) });
    }
    if (shape.world && rng.chance(0.2)) {
      // a day or two of leave
      const s = t0 + rng.int(0, shape.days - 1) * DAY;
      ob.push({
        membershipId: o.membershipId,
        startsAt: iso(s),
        endsAt: iso(s + rng.int(1, 2) * DAY),
        ref: { kind: 'LEAVE', id: `leave-${o.membershipId}` },
      });
    }
  }
  return {
    now: iso(now),
    jobs,
    machines,
    operators,
    busy: { machines: mb, operators: ob },
    options: { seed: seed % 1000, avoidDueForMaintenance: rng.chance(0.5) },
  };
}
