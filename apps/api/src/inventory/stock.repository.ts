import { Injectable } from '@nestjs/common';
import { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

export interface BalanceRow {
  partId: string;
  partNumber: string;
  nameZh: string;
  locationId: string;
  locationName: string;
  onHand: string;
  reserved: string;
  avg: bigint;
  reorderPoint: string | null;
  reorderQty: string | null;
}

/** Prisma for the stock figures: balances with their open reservations, suppliers, reorder rules. */
@Injectable()
export class StockRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  /**
   * Balance rows of the locations in `scope` (optionally one part / one location), with what open
   * orders hold. The reservations' sum names the org first, so it is a lookup on the reservations'
   * (organizationId, partId, locationId) index, not a scan of every reservation ever made
   * (bench:inventory measures both shapes).
   */
  async balanceRows(
    organizationId: string,
    scope: Prisma.StockLocationWhereInput,
    q: { partId?: string; locationId?: string },
  ): Promise<BalanceRow[]> {
    const ctx = { organizationId };
    const locations = await this.prisma.client.stockLocation.findMany({
      where: { organizationId, ...scope, ...(q.locationId ? { id: q.locationId } : {}) },
      select: { id: true },
    });
    if (locations.length === 0) return [];
    const ids = locations.map((l) => l.id);
    const part = q.partId ? Prisma.sql`AND b."partId" = ${q.partId}::uuid` : Prisma.empty;
    return this.prisma.client.$queryRaw<BalanceRow[]>`
      SELECT b."partId", p."partNumber", p."nameZh", b."locationId", l.name AS "locationName",
        b."onHand"::text AS "onHand", b."avgCostMinor" AS avg,
        b."reorderPoint"::text AS "reorderPoint", b."reorderQty"::text AS "reorderQty",
        COALESCE((SELECT SUM(GREATEST(r.quantity - r.issued, 0)) FROM "StockReservation" r
          JOIN "WorkOrder" w ON w.id = r."workOrderId"
          WHERE r."organizationId" = b."organizationId" AND r."partId" = b."partId" AND r."locationId" = b."locationId"
            AND w.status::text IN ('OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE')), 0)::text AS reserved
      FROM "StockBalance" b
      JOIN "Part" p ON p.id = b."partId"
      JOIN "StockLocation" l ON l.id = b."locationId"
      WHERE b."organizationId" = ${ctx.organizationId}::uuid AND b."locationId" = ANY(${ids}::uuid[]) ${part}
      ORDER BY p."partNumber", l.name`;
  }

  partsOf(organizationId: string, ids: readonly string[]) {
    return this.prisma.client.part.findMany({
      where: { organizationId, id: { in: [...ids] } },
      select: { id: true, partNumber: true, makerPartNumber: true, nameZh: true },
      orderBy: { partNumber: 'asc' },
    });
  }

  suppliersOf(organizationId: string, partIds: string[]) {
    return this.prisma.client.partSupplier.findMany({
      where: { organizationId, partId: { in: partIds } },
      orderBy: [{ preferred: 'desc' }, { leadTimeDays: 'asc' }],
    });
  }

  async setReorder(
    tx: Tx,
    organizationId: string,
    partId: string,
    locationId: string,
    data: { reorderPoint: string | null; reorderQty: string | null },
  ): Promise<void> {
    await tx.stockBalance.upsert({
      where: { partId_locationId: { partId, locationId } },
      create: { organizationId, partId, locationId, ...data },
      update: data,
    });
  }
}
