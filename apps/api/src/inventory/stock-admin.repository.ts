import type { Prisma } from '@amms/db';
import type { Tx } from '../platform/prisma/prisma.service.js';

/** Prisma for locations, stock counts, write-offs and the inventory settings (on the caller's transaction). */

export const listLocations = (tx: Tx, organizationId: string, scope: Prisma.StockLocationWhereInput) =>
  tx.stockLocation.findMany({ where: { organizationId, ...scope }, orderBy: { name: 'asc' } });

export const teamExists = async (tx: Tx, organizationId: string, id: string) =>
  (await tx.team.findFirst({ where: { organizationId, id }, select: { id: true } })) !== null;

export const createLocation = (tx: Tx, data: Prisma.StockLocationUncheckedCreateInput) =>
  tx.stockLocation.create({ data });

export async function createCount(
  tx: Tx,
  data: Prisma.StockCountUncheckedCreateInput,
  lines: { partId: string; counted: string }[],
) {
  const c = await tx.stockCount.create({ data });
  await tx.stockCountLine.createMany({
    data: lines.map((l) => ({ organizationId: data.organizationId, countId: c.id, ...l })),
  });
  return c;
}

export const countWithLines = (tx: Tx, organizationId: string, id: string, scope?: Prisma.StockLocationWhereInput) =>
  tx.stockCount.findFirst({
    where: { organizationId, id, ...(scope ? { location: scope } : {}) },
    include: { lines: true },
  });

/** DRAFT → CONFIRMED, once (false: someone confirmed it first). */
export async function claimCount(tx: Tx, id: string, userId: string | null): Promise<boolean> {
  const n = await tx.stockCount.updateMany({
    where: { id, status: 'DRAFT' },
    data: { status: 'CONFIRMED', confirmedAt: new Date(), confirmedByUserId: userId },
  });
  return n.count > 0;
}

export const countLines = (tx: Tx, countId: string) =>
  tx.stockCountLine.findMany({ where: { countId }, orderBy: { partId: 'asc' } });

export const setLineExpected = (tx: Tx, id: string, expected: string) =>
  tx.stockCountLine.update({ where: { id }, data: { expected } });

export const listWriteOffs = (tx: Tx, organizationId: string) =>
  tx.stockWriteOff.findMany({ where: { organizationId }, orderBy: { createdAt: 'desc' }, take: 200 });

export const findWriteOff = (tx: Tx, organizationId: string, id: string) =>
  tx.stockWriteOff.findFirst({ where: { organizationId, id } });

/** PENDING → APPROVED / REJECTED, once. */
export async function decideWriteOff(tx: Tx, id: string, approve: boolean, userId: string | null): Promise<boolean> {
  const n = await tx.stockWriteOff.updateMany({
    where: { id, status: 'PENDING' },
    data: { status: approve ? 'APPROVED' : 'REJECTED', decidedByUserId: userId, decidedAt: new Date() },
  });
  return n.count > 0;
}

export const writeOffById = (tx: Tx, id: string) => tx.stockWriteOff.findUniqueOrThrow({ where: { id } });

export const linkWriteOffMovement = (tx: Tx, id: string, movementId: string) =>
  tx.stockWriteOff.update({ where: { id }, data: { movementId } });

export const setWriteOffThreshold = (tx: Tx, organizationId: string, value: bigint | null) =>
  tx.organization.update({ where: { id: organizationId }, data: { writeOffApprovalMinor: value } });
