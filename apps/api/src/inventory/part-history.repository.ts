import { Injectable } from '@nestjs/common';
import { Prisma, type StockMovementType } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

export interface HistoryRow {
  id: string;
  type: StockMovementType;
  partId: string;
  locationId: string;
  locationName: string;
  counterLocationId: string | null;
  transferId: string | null;
  delta: string;
  unitCostMinor: bigint;
  valueMinor: bigint;
  workOrderId: string | null;
  reason: string | null;
  actorUserId: string | null;
  actorName: string | null;
  occurredAt: Date;
  createdAt: Date;
}

export interface HistoryPage {
  organizationId: string;
  partId: string;
  /** the locations to read (null: every location of the org) */
  locationIds: readonly string[] | null;
  type?: StockMovementType | undefined;
  /** rows strictly before this (occurredAt, id), newest first */
  before?: { occurredAt: Date; id: string } | undefined;
  /** page size + 1 */
  limit: number;
}

/**
 * A part's ledger, newest first. One query on the index (organizationId, partId, occurredAt DESC,
 * id DESC): the row comparison `(occurredAt, id) < (…)` is an index range, so a page costs the
 * same at the first row and the millionth (bench:inventory measures it).
 */
@Injectable()
export class PartHistoryRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** the client for the shared lookups (partOf, locationOf), outside a transaction */
  get db(): Tx {
    return this.prisma.client;
  }

  page(p: HistoryPage): Promise<HistoryRow[]> {
    const locations = p.locationIds
      ? Prisma.sql`AND m."locationId" = ANY(${[...p.locationIds]}::uuid[])`
      : Prisma.empty;
    const type = p.type ? Prisma.sql`AND m.type = ${p.type}::"StockMovementType"` : Prisma.empty;
    const before = p.before
      ? Prisma.sql`AND (m."occurredAt", m.id) < (${p.before.occurredAt}::timestamptz, ${p.before.id}::uuid)`
      : Prisma.empty;
    return this.prisma.client.$queryRaw<HistoryRow[]>`
      SELECT m.id, m.type, m."partId", m."locationId", l.name AS "locationName", m."counterLocationId",
        m."transferId", m.delta::text AS delta, m."unitCostMinor", m."valueMinor", m."workOrderId", m.reason,
        m."actorUserId", u.name AS "actorName", m."occurredAt", m."createdAt"
      FROM "StockMovement" m
      JOIN "StockLocation" l ON l.id = m."locationId"
      LEFT JOIN "User" u ON u.id = m."actorUserId"
      WHERE m."organizationId" = ${p.organizationId}::uuid AND m."partId" = ${p.partId}::uuid
        ${locations} ${type} ${before}
      ORDER BY m."occurredAt" DESC, m.id DESC
      LIMIT ${p.limit}`;
  }

  /** Names of the locations the caller sees among `ids` (a transfer's other side). */
  locationNames(organizationId: string, ids: readonly string[], scope: Prisma.StockLocationWhereInput) {
    return this.prisma.client.stockLocation.findMany({
      where: { organizationId, id: { in: [...ids] }, ...scope },
      select: { id: true, name: true },
    });
  }

  /** The work orders among `ids` that the caller may read (the link is shown for those only). */
  workOrders(organizationId: string, ids: readonly string[], scope: Prisma.WorkOrderWhereInput) {
    return this.prisma.client.workOrder.findMany({
      where: { organizationId, id: { in: [...ids] }, ...scope },
      select: { id: true, number: true, title: true },
    });
  }
}
