import type { SchedJob, SchedMachine, SchedOperator, SchedulerInput } from './types.js';

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
