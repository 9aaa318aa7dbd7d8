import type { OrgContext } from '../platform/access/context.js';
import { workOrderScope } from '../platform/access/maintenance-scope.js';
import { stockLocationScope } from '../platform/access/stock-scope.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { InventoryErrors } from './inventory.errors.js';
import type { LegLocation, LegPart } from './ledger.service.js';

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
