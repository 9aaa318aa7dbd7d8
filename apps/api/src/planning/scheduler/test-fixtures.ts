import { Rng } from '../../platform/random/prng.js';
import type { SchedTravel } from './travel-timeline.js';
import type { DraftItem, SchedJob, SchedMachine, SchedOperator, SchedulerInput } from './types.js';

/** Local Asia/Shanghai wall time in March 2026 → ISO instant. `L('02 07:00')` = Mon 2 March 07:00. */
export const L = (dayHour: string) => new Date(`2026-03-${dayHour.replace(' ', 'T')}:00+08:00`).toISOString();

export const combine = (id: string, p: Partial<SchedMachine> = {}): SchedMachine => ({
  id,
  name: `Combine ${id}`,
  kind: 'SELF_PROPELLED',
  operationTypes: ['HARVESTING'],
  status: 'ACTIVE',
  ...p,
});
export const tractor = (id: string, p: Partial<SchedMachine> = {}): SchedMachine => ({
  id,
  name: `Tractor ${id}`,
  kind: 'POWER_UNIT',
  operationTypes: ['TILLAGE', 'SOWING_PLANTING', 'CROP_PROTECTION', 'TRANSPORT', 'OTHER'],
  status: 'ACTIVE',
  ...p,
});
export const implement = (id: string, op: string, p: Partial<SchedMachine> = {}): SchedMachine => ({
  id,
  name: `Implement ${id}`,
  kind: 'IMPLEMENT',
  operationTypes: [op],
  status: 'ACTIVE',
  ...p,
});
export const operator = (membershipId: string, p: Partial<SchedOperator> = {}): SchedOperator => ({
  membershipId,
  name: `Operator ${membershipId}`,
  teamIds: [],
  ...p,
});
export const job = (id: string, p: Partial<SchedJob> = {}): SchedJob => ({
  id,
  operationType: 'HARVESTING',
  windowStart: L('02 00:00'),
  windowEnd: L('04 00:00'),
  priority: 3,
  estimatedHours: 4,
  fieldId: 'f-1',
  version: 1,
  ...p,
});

/** Monday 2 March 2026 00:00 local is "now" unless a case says otherwise. */
export const instance = (p: Partial<SchedulerInput> = {}): SchedulerInput => ({
  now: L('02 00:00'),
  jobs: [],
  machines: [],
  operators: [operator('o-1')],
  busy: { machines: [], operators: [] },
  ...p,
});

/** j-1 harvested by combine c-1 and operator o-1 on Mon 2 March 07:00–11:00: the first slot of the cases above. */
export const harvest = (p: Partial<DraftItem> = {}): DraftItem => ({
  jobId: 'j-1',
  primaryAssetId: 'c-1',
  implementAssetIds: [],
  operatorMembershipId: 'o-1',
  startsAt: L('02 07:00'),
  endsAt: L('02 11:00'),
  ...p,
});

/** Fields on a plane (km), the road km between them = straight line × 1.3; self-propelled 20 km/h, the rest 30. */
export function travelFor(
  input: SchedulerInput,
  seed: number,
  speed: (kind: string) => number = (kind) => (kind === 'SELF_PROPELLED' ? 20 : 30),
): SchedTravel {
  const rng = new Rng(seed);
  const fieldIds = [...new Set(input.jobs.map((j) => j.fieldId))].sort();
  const at = fieldIds.map(() => [rng.next() * 40, rng.next() * 40] as const);
  const km = at.map(([x1, y1]) => at.map(([x2, y2]) => Math.round(Math.hypot(x1 - x2, y1 - y2) * 1.3 * 100) / 100));
  return {
    fieldIds,
    km,
    speedKmh: Object.fromEntries(input.machines.map((m) => [m.id, speed(m.kind)])),
  };
}
