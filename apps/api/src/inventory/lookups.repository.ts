import type { Prisma } from '@amms/db';
import type { OrgContext } from '../platform/access/context.js';
import { workOrderScope } from '../platform/access/maintenance-scope.js';
import { stockLocationScope } from '../platform/access/stock-scope.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { InventoryErrors } from './inventory.errors.js';

export interface LegPart {
  id: string;
  partNumber: string;
  unit: string;
  countedInPieces: boolean;
}
export interface LegLocation {
  id: string;
  name: string;
}

/**
 * Data access shared by the inventory services (functions on the caller's transaction).
 */

/** Rows a stock write names, read inside its transaction: another org's or out of scope → 404. */
export async function partOf(tx: Tx, ctx: OrgContext, id: string): Promise<LegPart & { nameZh: string }> {
  const p = await tx.part.findFirst({
    where: { organizationId: ctx.organizationId, id },
    select: { id: true, partNumber: true, unit: true, countedInPieces: true, nameZh: true },
  });
  if (!p) throw InventoryErrors.partNotFound();
  return p;
}

export async function locationOf(tx: Tx, ctx: OrgContext, id: string, field = 'locationId'): Promise<LegLocation> {
  const l = await tx.stockLocation.findFirst({
    where: { organizationId: ctx.organizationId, id, ...stockLocationScope(ctx) },
    select: { id: true, name: true },
  });
  if (!l) throw InventoryErrors.locationNotFound(field);
  return l;
}

/** The work order, locked (FOR UPDATE) so its status cannot change under an issue. */
export async function workOrderOf(tx: Tx, ctx: OrgContext, id: string) {
  const w = await tx.workOrder.findFirst({
    where: { organizationId: ctx.organizationId, id, ...workOrderScope(ctx) },
    select: { id: true, status: true, assigneeMembershipId: true, number: true },
  });
  if (!w) throw InventoryErrors.workOrderNotFound();
  await tx.$queryRaw`SELECT id FROM "WorkOrder" WHERE id = ${id}::uuid FOR UPDATE`;
  const now = await tx.workOrder.findUniqueOrThrow({ where: { id }, select: { status: true } });
  return { ...w, status: now.status };
}

export const CLOSED_STATUSES: readonly string[] = ['CLOSED', 'CANCELLED'];

/** The ids of the locations the caller sees (null: all of them, ORG scope). */
export async function visibleLocationIds(tx: Tx, ctx: OrgContext): Promise<string[] | null> {
  if (ctx.dataScope === 'ORG') return null;
  const rows = await tx.stockLocation.findMany({
    where: { organizationId: ctx.organizationId, ...stockLocationScope(ctx) },
    select: { id: true },
  });
  return rows.map((l) => l.id);
}

export async function writeOffThreshold(tx: Tx, organizationId: string): Promise<bigint | null> {
  const o = await tx.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { writeOffApprovalMinor: true },
  });
  return o.writeOffApprovalMinor;
}

export function createWriteOff(tx: Tx, data: Prisma.StockWriteOffUncheckedCreateInput) {
  return tx.stockWriteOff.create({ data });
}

// --- reservations and a work order's stock ---------------------------------------------

type ReservationKey = { workOrderId: string; partId: string; locationId: string };

export function findReservation(tx: Tx, key: ReservationKey) {
  return tx.stockReservation.findUnique({ where: { workOrderId_partId_locationId: key } });
}

export async function addReservation(tx: Tx, organizationId: string, key: ReservationKey, quantity: string) {
  await tx.stockReservation.upsert({
    where: { workOrderId_partId_locationId: key },
    create: { organizationId, ...key, quantity },
    update: { quantity },
  });
}

export async function updateReservation(tx: Tx, key: ReservationKey, data: { quantity?: string; issued?: string }) {
  await tx.stockReservation.update({ where: { workOrderId_partId_locationId: key }, data });
}

/** A work order the caller may read, its reservations (with part numbers) and its movements. */
export async function workOrderStock(
  tx: Tx,
  organizationId: string,
  workOrderId: string,
  scope: Prisma.WorkOrderWhereInput,
) {
  const wo = await tx.workOrder.findFirst({
    where: { organizationId, id: workOrderId, ...scope },
    select: { id: true, status: true },
  });
  if (!wo) return null;
  const [reservations, movements] = await Promise.all([
    tx.stockReservation.findMany({
      where: { organizationId, workOrderId },
      include: { part: { select: { partNumber: true, nameZh: true } } },
      orderBy: { createdAt: 'asc' },
    }),
    tx.stockMovement.findMany({
      where: { organizationId, workOrderId },
      orderBy: [{ occurredAt: 'asc' }, { createdAt: 'asc' }],
    }),
  ]);
  return { wo, reservations, movements };
}
