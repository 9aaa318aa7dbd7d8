import { z } from 'zod';
import { ZAssetStatus, ZMachineKind, ZOperationType } from './assets.js';
import { ZMoneyMinor } from './common.js';

/**
 * Analytics: read-only figures over a period.
 *
 * Period: `from` and `to` are calendar dates (YYYY-MM-DD), both inclusive, read in the org's
 * time zone (Organization.timezone, default Asia/Shanghai); the period is the instant range
 * [from 00:00 local, (to + 1 day) 00:00 local), echoed back as `startsAt` / `endsAt`.
 * Default: the 30 days ending today (local). At most 366 days; from > to → 400.
 *
 * Wire formats: hours and hectares are JSON numbers (hours 2 decimals, hectares 4); ratios
 * (utilization, availability, compliance) are fractions 0..1 with 4 decimals, or null when the
 * denominator is 0 ("unknown", not 0). Money is integer CNY fen as a digit string.
 * Formulas: docs/architecture.md § "Analytics formulas".
 */

export const MAX_PERIOD_DAYS = 366;
const DAY_MS = 86_400_000;

const ZCalendarDate = z.iso.date();

const periodFields = {
  from: ZCalendarDate.optional(),
  to: ZCalendarDate.optional(),
};

/** from ≤ to and at most 366 days when both are given (the server re-checks after defaults). */
function checkPeriod(v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if (!v.from || !v.to) return;
  const days = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
  else if (days > MAX_PERIOD_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `a period is at most ${MAX_PERIOD_DAYS} days` });
}

const pageFields = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(500).optional(),
};

export const ZAnalyticsPeriodQuery = z.object(periodFields).superRefine(checkPeriod);
export type TAnalyticsPeriodQuery = z.infer<typeof ZAnalyticsPeriodQuery>;

/** Per-machine reports page their machine rows (ordered by asset id); fleet figures cover all. */
export const ZAnalyticsMachinesQuery = z.object({ ...periodFields, ...pageFields }).superRefine(checkPeriod);
export type TAnalyticsMachinesQuery = z.infer<typeof ZAnalyticsMachinesQuery>;

export const COST_GROUPINGS = ['category', 'machine', 'month'] as const;
export const ZCostGrouping = z.enum(COST_GROUPINGS);
export const ZAnalyticsCostsQuery = z
  .object({ ...periodFields, groupBy: ZCostGrouping.default('category') })
  .superRefine(checkPeriod);
export type TAnalyticsCostsQuery = z.infer<typeof ZAnalyticsCostsQuery>;

export const ZAnalyticsPeriod = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  /** ISO instant of `from` 00:00 local (inclusive) */
  startsAt: z.string(),
  /** ISO instant of `to + 1 day` 00:00 local (exclusive) */
  endsAt: z.string(),
  days: z.number().int(),
});
export type TAnalyticsPeriod = z.infer<typeof ZAnalyticsPeriod>;

const hours = z.number().min(0);
const fraction = z.number().min(0).nullable();

// ---------------------------------------------------------------------------
// Overview
// ---------------------------------------------------------------------------

export const ZAnalyticsOverview = z.object({
  period: ZAnalyticsPeriod,
  /** machines in my scope now (not deleted), by status */
  fleet: z.object({ total: z.number().int(), byStatus: z.record(ZAssetStatus, z.number().int()) }),
  /**
   * jobs of the period by status: COMPLETED by completedAt, CANCELLED by cancelledAt, the
   * others when their window overlaps the period
   */
  jobs: z.object({
    PLANNED: z.number().int(),
    SCHEDULED: z.number().int(),
    IN_PROGRESS: z.number().int(),
    COMPLETED: z.number().int(),
    CANCELLED: z.number().int(),
  }),
  hectares: z.number().min(0),
  /** Σ over machines (a tractor + implement on a 5 h job are 10 machine hours) */
  productiveHours: hours,
  /** Σ over powered machines (POWER_UNIT, SELF_PROPELLED): the hours behind cost per engine hour */
  engineHours: hours,
  availableHours: hours,
  utilization: fraction,
  downtimeHours: hours,
  failures: z.number().int(),
  mtbfHours: hours.nullable(),
  mttrHours: hours.nullable(),
  inherentAvailability: fraction,
  operationalAvailability: fraction,
  pmCompliance: z.object({ due: z.number().int(), onTime: z.number().int(), ratio: fraction }),
  costs: z.object({
    totalMinor: ZMoneyMinor,
    costPerHectareMinor: ZMoneyMinor.nullable(),
    costPerEngineHourMinor: ZMoneyMinor.nullable(),
    /** SUBMITTED documents now (any date) */
    awaitingApproval: z.object({ documents: z.number().int(), totalMinor: ZMoneyMinor }),
  }),
  /** work orders now: OPEN + IN_PROGRESS, and AWAITING_ACCEPTANCE */
  workOrders: z.object({ open: z.number().int(), awaitingAcceptance: z.number().int() }),
});
export type TAnalyticsOverview = z.infer<typeof ZAnalyticsOverview>;

// ---------------------------------------------------------------------------
// Utilization
// ---------------------------------------------------------------------------

const ZMachineRef = {
  assetId: z.uuid(),
  name: z.string(),
  serialNumber: z.string(),
  kind: ZMachineKind,
  status: ZAssetStatus,
  teamId: z.uuid().nullable(),
};

export const ZMachineUtilization = z.object({
  ...ZMachineRef,
  /** completed jobs of the period this machine worked on */
  jobs: z.number().int(),
  productiveHours: hours,
  downtimeHours: hours,
  availableHours: hours,
  utilization: fraction,
});
export type TMachineUtilization = z.infer<typeof ZMachineUtilization>;

export const ZAnalyticsUtilization = z.object({
  period: ZAnalyticsPeriod,
  workdayHours: z.number(),
  fleet: z.object({
    machines: z.number().int(),
    productiveHours: hours,
    downtimeHours: hours,
    availableHours: hours,
    utilization: fraction,
  }),
  items: z.array(ZMachineUtilization),
  nextCursor: z.string().nullable(),
});
export type TAnalyticsUtilization = z.infer<typeof ZAnalyticsUtilization>;

// ---------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------

export const ZOperationFigures = z.object({
  operationType: ZOperationType,
  jobs: z.number().int(),
  hectares: z.number().min(0),
  hours,
  /** effective field capacity, ha/h */
  fieldCapacityHaPerHour: z.number().min(0).nullable(),
});
export type TOperationFigures = z.infer<typeof ZOperationFigures>;

export const ZAnalyticsOperations = z.object({
  period: ZAnalyticsPeriod,
  totals: ZOperationFigures.omit({ operationType: true }),
  /** operation types with at least one completed job, in ADAPT order */
  items: z.array(ZOperationFigures),
});
export type TAnalyticsOperations = z.infer<typeof ZAnalyticsOperations>;

// ---------------------------------------------------------------------------
// Maintenance
// ---------------------------------------------------------------------------

const reliability = {
  downtimeHours: hours,
  productiveHours: hours,
  /** CORRECTIVE work orders that started (downtime start, else creation) in the period */
  failures: z.number().int(),
  mtbfHours: hours.nullable(),
  /** CORRECTIVE work orders accepted (CLOSED) in the period */
  repairs: z.number().int(),
  mttrHours: hours.nullable(),
  inherentAvailability: fraction,
  operationalAvailability: fraction,
};

export const ZMachineMaintenance = z.object({
  ...ZMachineRef,
  ...reliability,
  pmDue: z.number().int(),
  pmOnTime: z.number().int(),
});
export type TMachineMaintenance = z.infer<typeof ZMachineMaintenance>;

export const ZAnalyticsMaintenance = z.object({
  period: ZAnalyticsPeriod,
  fleet: z.object({ machines: z.number().int(), ...reliability }),
  /** preventive orders with plannedEnd in the period; on time = accepted ≤ plannedEnd + grace */
  pmCompliance: z.object({ due: z.number().int(), onTime: z.number().int(), late: z.number().int(), ratio: fraction }),
  items: z.array(ZMachineMaintenance),
  nextCursor: z.string().nullable(),
});
export type TAnalyticsMaintenance = z.infer<typeof ZAnalyticsMaintenance>;

// ---------------------------------------------------------------------------
// Costs
// ---------------------------------------------------------------------------

export const ZCostGroup = z.object({
  /** category (FUEL…), asset id or "unassigned", or local month YYYY-MM */
  key: z.string(),
  /** asset name for groupBy=machine; the key otherwise */
  label: z.string(),
  documents: z.number().int(),
  totalMinor: ZMoneyMinor,
});
export type TCostGroup = z.infer<typeof ZCostGroup>;

export const ZAnalyticsCosts = z.object({
  period: ZAnalyticsPeriod,
  groupBy: ZCostGrouping,
  /** APPROVED documents dated in the period */
  documents: z.number().int(),
  totalMinor: ZMoneyMinor,
  hectares: z.number().min(0),
  engineHours: hours,
  costPerHectareMinor: ZMoneyMinor.nullable(),
  costPerEngineHourMinor: ZMoneyMinor.nullable(),
  /**
   * category: all six categories; month: every month the period touches; machine: machines
   * with costs (largest first) and an "unassigned" bucket for documents without a machine
   */
  items: z.array(ZCostGroup),
});
export type TAnalyticsCosts = z.infer<typeof ZAnalyticsCosts>;

// ---------------------------------------------------------------------------
// Fuel
// ---------------------------------------------------------------------------

/**
 * COMPLETED jobs of the period that recorded fuel (typed by the operator, else the machine's
 * fuel counter over the job): litres ÷ their hectares, litres ÷ their hours.
 */
export const ZFuelFigures = z.object({
  jobs: z.number().int(),
  /** of which the litres came from the machine's fuel counter */
  telematicsJobs: z.number().int(),
  litres: z.number().min(0),
  hectares: z.number().min(0),
  hours,
  litresPerHectare: z.number().min(0).nullable(),
  litresPerHour: z.number().min(0).nullable(),
});
export type TFuelFigures = z.infer<typeof ZFuelFigures>;

export const ZAnalyticsFuel = z.object({
  period: ZAnalyticsPeriod,
  totals: ZFuelFigures,
  /** operation types with a job that recorded fuel, in ADAPT order */
  byOperation: z.array(ZFuelFigures.extend({ operationType: ZOperationType })),
  /** the jobs' primary machines, most litres first */
  byMachine: z.array(ZFuelFigures.extend({ assetId: z.uuid(), name: z.string() })),
});
export type TAnalyticsFuel = z.infer<typeof ZAnalyticsFuel>;
