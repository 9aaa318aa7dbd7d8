import type { TChecklistTemplateItem } from '@amms/contracts/maintenance';
import type { MaintenancePlan, WorkOrderChecklistItem, WorkOrderPart } from '@amms/db';
import {
  ZWorkOrderDetailWithoutCosts,
  ZWorkOrderWithoutCosts,
  type TChecklistItem,
  type TListWorkOrdersResponse,
  type TListWorkOrdersViewResponse,
  type TMaintenancePlan,
  type TWorkOrder,
  type TWorkOrderDetail,
  type TWorkOrderDetailView,
  type TWorkOrderDetailWithoutCosts,
  type TWorkOrderPart,
} from '@amms/contracts/maintenance';
import type { OrgContext } from '../platform/access/context.js';
import type { PeopleService } from '../people/people.service.js';
import { versionConflict, type AppError } from '../platform/errors/app-error.js';
import type { WorkOrderDetailRow, WorkOrderRow } from './maintenance.repository.js';
import { seesWorkOrderCosts } from '../platform/access/maintenance-scope.js';

type DecimalLike = { toFixed(n: number): string };
/** Decimal columns leave the API as numbers with the column's fixed precision. */
const num = (d: DecimalLike | null, digits: number) => (d === null ? null : Number(d.toFixed(digits)));
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Quantities have 3 decimals: thousandths make the cost an exact integer computation. */
export const QUANTITY_SCALE = 1000n;

/** round(quantity × unit cost) in integer fen, half up (both are non-negative). */
export function lineCostMinor(quantityThousandths: bigint, unitCostMinor: bigint): bigint {
  return (quantityThousandths * unitCostMinor + QUANTITY_SCALE / 2n) / QUANTITY_SCALE;
}

/** A quantity as its exact number of thousandths (the request allows at most 3 decimals). */
export const thousandths = (quantity: number) => BigInt(Math.round(quantity * 1000));

export function toPlan(p: MaintenancePlan): TMaintenancePlan {
  return {
    id: p.id,
    assetId: p.assetId,
    modelId: p.modelId,
    name: p.name,
    intervalHours: num(p.intervalHours, 1),
    intervalDays: p.intervalDays,
    leadHours: num(p.leadHours, 1),
    leadDays: p.leadDays,
    checklist: checklistTemplate(p.checklist),
    estimatedHours: num(p.estimatedHours, 2),
    active: p.active,
    version: p.version,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The stored template is ours (written from a validated request); anything else in it is dropped. */
export function checklistTemplate(json: unknown): TChecklistTemplateItem[] {
  if (!Array.isArray(json)) return [];
  return json
    .filter(
      (x): x is { label: string; parts?: unknown } =>
        typeof x === 'object' && x !== null && typeof (x as { label?: unknown }).label === 'string',
    )
    .map((x) => {
      const parts = Array.isArray(x.parts)
        ? x.parts.filter(
            (p): p is { partId: string; quantity: number } =>
              typeof p === 'object' &&
              p !== null &&
              typeof (p as { partId?: unknown }).partId === 'string' &&
              typeof (p as { quantity?: unknown }).quantity === 'number',
          )
        : [];
      return parts.length > 0
        ? { label: x.label, parts: parts.map((p) => ({ partId: p.partId, quantity: p.quantity })) }
        : { label: x.label };
    });
}

export function toWorkOrder(w: WorkOrderRow): TWorkOrder {
  return {
    id: w.id,
    number: w.number,
    assetId: w.assetId,
    assetName: w.asset.name,
    planId: w.planId,
    parentWorkOrderId: w.parentWorkOrderId,
    type: w.type,
    status: w.status,
    title: w.title,
    description: w.description,
    priority: w.priority,
    reportedByMembershipId: w.reportedByMembershipId,
    assigneeMembershipId: w.assigneeMembershipId,
    plannedStart: iso(w.plannedStart),
    plannedEnd: iso(w.plannedEnd),
    causesDowntime: w.causesDowntime,
    downtimeStartedAt: iso(w.downtimeStartedAt),
    downtimeEndedAt: iso(w.downtimeEndedAt),
    startedAt: iso(w.startedAt),
    submittedAt: iso(w.submittedAt),
    submittedByMembershipId: w.submittedByMembershipId,
    acceptedAt: iso(w.acceptedAt),
    acceptedByMembershipId: w.acceptedByMembershipId,
    rejectionReason: w.rejectionReason,
    acceptanceComment: w.acceptanceComment,
    cancelledAt: iso(w.cancelledAt),
    cancelReason: w.cancelReason,
    meterHours: num(w.meterHours, 1),
    laborHours: num(w.laborHours, 2),
    laborRateMinor: w.laborRateMinor?.toString() ?? null,
    laborCostMinor: w.laborCostMinor.toString(),
    partsCostMinor: w.partsCostMinor.toString(),
    totalCostMinor: (w.laborCostMinor + w.partsCostMinor).toString(),
    resolution: w.resolution,
    version: w.version,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export function toChecklistItem(c: WorkOrderChecklistItem): TChecklistItem {
  return {
    id: c.id,
    position: c.position,
    label: c.label,
    result: c.result,
    note: c.note,
    correctiveWorkOrderId: c.correctiveWorkOrderId,
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function toPart(p: WorkOrderPart): TWorkOrderPart {
  const q = p.quantity.toFixed(3);
  return {
    id: p.id,
    partNumber: p.partNumber,
    name: p.name,
    quantity: Number(q),
    unitCostMinor: p.unitCostMinor.toString(),
    lineCostMinor: lineCostMinor(BigInt(q.replace('.', '')), p.unitCostMinor).toString(),
    createdAt: p.createdAt.toISOString(),
  };
}

export function toWorkOrderDetail(w: WorkOrderDetailRow): TWorkOrderDetail {
  return { ...toWorkOrder(w), checklist: w.checklistItems.map(toChecklistItem), parts: w.parts.map(toPart) };
}

/** The view of a work order with its people named (every single-order answer). */
export async function presentDetail(
  ctx: OrgContext,
  people: PeopleService,
  w: TWorkOrderDetail,
): Promise<TWorkOrderDetailView> {
  const of = await people.byMembership(ctx.organizationId, [
    w.reportedByMembershipId,
    w.assigneeMembershipId,
    w.submittedByMembershipId,
    w.acceptedByMembershipId,
  ]);
  return {
    ...detailFor(ctx, w),
    people: {
      reportedBy: of(w.reportedByMembershipId),
      assignee: of(w.assigneeMembershipId),
      submittedBy: of(w.submittedByMembershipId),
      acceptedBy: of(w.acceptedByMembershipId),
    },
  };
}

/** A work order as this caller may see it: without its costs unless they read maintenance (the contract's schema drops them). */
function detailFor(ctx: OrgContext, w: TWorkOrderDetail): TWorkOrderDetail | TWorkOrderDetailWithoutCosts {
  return seesWorkOrderCosts(ctx) ? w : ZWorkOrderDetailWithoutCosts.parse(w);
}

export function listFor(ctx: OrgContext, page: TListWorkOrdersResponse): TListWorkOrdersViewResponse {
  return seesWorkOrderCosts(ctx)
    ? page
    : { items: page.items.map((w) => ZWorkOrderWithoutCosts.parse(w)), nextCursor: page.nextCursor };
}

/** 409 VERSION_CONFLICT with the order as it is now, through the same view as a successful answer (no costs without maintenance.read). */
export function workOrderConflict(ctx: OrgContext, w: WorkOrderRow): AppError {
  const current = toWorkOrder(w);
  return versionConflict(seesWorkOrderCosts(ctx) ? current : ZWorkOrderWithoutCosts.parse(current));
}
