import type { TCreateWorkOrderRequest, TUpdateWorkOrderRequest } from '@amms/contracts/maintenance';
import { laborCostMinor } from '@amms/contracts/workshop';
import type { Prisma, WorkOrderStatus } from '@amms/db';
import type { Range } from '../bookings/bookings.repository.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import { MaintenanceErrors } from './maintenance.errors.js';
import { QUANTITY_SCALE, toWorkOrder } from './maintenance.mappers.js';
import type { NewWorkOrder, WorkOrderRow } from './maintenance.repository.js';

/** Editable (fields, window, parts) until the work is submitted. */
export const EDITABLE: WorkOrderStatus[] = ['OPEN', 'IN_PROGRESS'];
/** Postgres BIGINT ceiling for money columns. */
export const MAX_MINOR = 9_223_372_036_854_775_807n;
/** Attempts when the running number was taken meanwhile (see withNumberRetry). */
const NUMBER_ATTEMPTS = 5;

const decimal = (v: number | null | undefined, digits: number) =>
  v === undefined ? undefined : v === null ? null : v.toFixed(digits);
export const fromThousandths = (t: bigint) =>
  `${t / QUANTITY_SCALE}.${(t % QUANTITY_SCALE).toString().padStart(3, '0')}`;

/** The audit "after" of a new order: its fields without bookkeeping. */
export function createdFields(w: WorkOrderRow) {
  const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...fields } = toWorkOrder(w);
  return fields;
}

/** The planned window of a request: both ends, or none. */
export function plannedRange(input: { plannedStart?: string | null; plannedEnd?: string | null }): Range | null {
  return input.plannedStart && input.plannedEnd
    ? { startsAt: new Date(input.plannedStart), endsAt: new Date(input.plannedEnd) }
    : null;
}

/** The row changes of PATCH /work-orders/:id (the caller has checked status, version and assignee). */
export function workOrderUpdateData(
  input: TUpdateWorkOrderRequest,
  current: WorkOrderRow,
  range: Range | null | undefined,
): Prisma.WorkOrderUncheckedUpdateManyInput {
  const data: Prisma.WorkOrderUncheckedUpdateManyInput = {};
  if (input.title !== undefined) data.title = input.title;
  if (input.description !== undefined) data.description = input.description;
  if (input.priority !== undefined) data.priority = input.priority;
  if (input.assigneeMembershipId !== undefined) data.assigneeMembershipId = input.assigneeMembershipId;
  if (range !== undefined) {
    data.plannedStart = range?.startsAt ?? null;
    data.plannedEnd = range?.endsAt ?? null;
  }
  if (input.laborHours !== undefined) data.laborHours = decimal(input.laborHours, 2);
  // with a rate the labour cost is hours × rate; a hand-entered cost is for orders without one
  const rate =
    input.laborRateMinor === undefined
      ? current.laborRateMinor
      : input.laborRateMinor === null
        ? null
        : BigInt(input.laborRateMinor);
  if (input.laborRateMinor !== undefined) data.laborRateMinor = rate;
  if (input.laborCostMinor !== undefined) {
    if (rate !== null) throw MaintenanceErrors.laborCostDerived();
    data.laborCostMinor = BigInt(input.laborCostMinor);
  } else if (rate !== null && (input.laborHours !== undefined || input.laborRateMinor !== undefined)) {
    const hours = input.laborHours === undefined ? (current.laborHours?.toNumber() ?? null) : input.laborHours;
    data.laborCostMinor = hours === null ? 0n : laborCostMinor(hours, rate);
  }
  return data;
}
/**
 * The running number is max + 1 under a per-org lock (repository.nextNumber); should the
 * unique index still refuse one (a writer outside that lock), the aborted transaction is rerun.
 */
export async function withNumberRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= NUMBER_ATTEMPTS) throw err;
    }
  }
}

/**
 * The row of POST /work-orders (the caller has checked the asset, plan and assignee). A reported
 * breakdown (CORRECTIVE with downtime) is down from the report; planned downtime starts when work starts.
 */
export function newWorkOrder(
  input: TCreateWorkOrderRequest,
  assetId: string,
  reportedByMembershipId: NewWorkOrder['reportedByMembershipId'],
  range: Range | null,
  reportedAt: Date,
  itemKey: string | undefined,
): Omit<NewWorkOrder, 'number'> {
  const causesDowntime = input.causesDowntime ?? input.type === 'CORRECTIVE';
  const downNow = input.type === 'CORRECTIVE' && causesDowntime;
  return {
    assetId,
    planId: input.planId ?? null,
    parentWorkOrderId: null,
    type: input.type,
    title: input.title,
    description: input.description ?? null,
    priority: input.priority,
    reportedByMembershipId,
    assigneeMembershipId: input.assigneeMembershipId ?? null,
    plannedStart: range?.startsAt ?? null,
    plannedEnd: range?.endsAt ?? null,
    causesDowntime,
    downtimeStartedAt: downNow ? reportedAt : null,
    itemKey: itemKey ?? null,
  };
}

/** The CORRECTIVE order a failed checklist item opens (a finding on `wo`'s machine). */
export function correctiveForFinding(
  wo: WorkOrderRow,
  label: string,
  reportedByMembershipId: NewWorkOrder['reportedByMembershipId'],
  note: string | null,
  checkedAt: Date,
): Omit<NewWorkOrder, 'number'> {
  return {
    assetId: wo.assetId,
    planId: null,
    parentWorkOrderId: wo.id,
    type: 'CORRECTIVE',
    title: label.slice(0, 200),
    description: note,
    priority: wo.priority,
    reportedByMembershipId,
    assigneeMembershipId: null,
    plannedStart: null,
    plannedEnd: null,
    // a failed check is a fault: the machine is out of service until it is repaired
    causesDowntime: true,
    downtimeStartedAt: checkedAt,
  };
}

/** The audit changes of a part added: the order's parts cost before/after and the line. */
export function partAddedChanges(
  partsCostMinor: bigint,
  part: { id: string; name: string; partNumber: string | null },
  quantity: bigint,
  unitCostMinor: bigint,
  line: bigint,
) {
  return {
    partId: part.id,
    before: { partsCostMinor: partsCostMinor.toString() },
    after: {
      partsCostMinor: (partsCostMinor + line).toString(),
      part: {
        name: part.name,
        partNumber: part.partNumber,
        quantity: fromThousandths(quantity),
        unitCostMinor: unitCostMinor.toString(),
        lineCostMinor: line.toString(),
      },
    },
  };
}
