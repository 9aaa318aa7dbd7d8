import { Injectable } from '@nestjs/common';
import { Prisma, type StockMovementType } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { toMilli } from './quantity.js';

/** Work-order statuses whose reservations still hold stock. */
export const OPEN_WORK_ORDER = ['OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE'] as const;

export interface LockedBalance {
  onHand: bigint;
  avgCostMinor: bigint;
  /** milli; null: no reorder rule here */
  reorderPoint: bigint | null;
}

export interface MovementRow {
  type: StockMovementType;
  partId: string;
  locationId: string;
  counterLocationId?: string | null;
  transferId?: string | null;
  /** milli, signed */
  delta: string;
  unitCostMinor: bigint;
  valueMinor: bigint;
  workOrderId?: string | null;
  countId?: string | null;
  reason?: string | null;
  actorUserId: string | null;
  membershipId: string | null;
  occurredAt: Date;
}

/**
 * The ledger's SQL: balances are locked row by row (FOR UPDATE) and written in the caller's
 * transaction with the movement; the CHECK (onHand >= 0) refuses what a bug or a race would
 * otherwise let through.
 */
@Injectable()
export class LedgerRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, { timeout: 20_000, maxWait: 20_000 });
  }

  /** The balance row of a part at a location, created at zero if new, locked until the transaction ends. */
  async lockBalance(tx: Tx, org: string, partId: string, locationId: string): Promise<LockedBalance> {
    await tx.$executeRaw`
      INSERT INTO "StockBalance" ("organizationId", "partId", "locationId", "onHand", "avgCostMinor", "updatedAt")
      VALUES (${org}::uuid, ${partId}::uuid, ${locationId}::uuid, 0, 0, now())
      ON CONFLICT ("partId", "locationId") DO NOTHING`;
    const rows = await tx.$queryRaw<{ onHand: string; avg: bigint; point: string | null }[]>`
      SELECT "onHand"::text AS "onHand", "avgCostMinor" AS avg, "reorderPoint"::text AS point FROM "StockBalance"
      WHERE "partId" = ${partId}::uuid AND "locationId" = ${locationId}::uuid FOR UPDATE`;
    const r = rows[0]!;
    return {
      onHand: toMilli(r.onHand),
      avgCostMinor: BigInt(r.avg),
      reorderPoint: r.point === null ? null : toMilli(r.point),
    };
  }

  /**
   * Open reservations of a part at a location (orders not closed or cancelled), optionally leaving
   * one order out. Names the org first: a lookup on the reservations' (organizationId, partId,
   * locationId) index inside the issue's transaction, not a scan of every reservation ever made.
   */
  async openReserved(
    tx: Tx,
    org: string,
    partId: string,
    locationId: string,
    exceptWorkOrderId?: string | null,
  ): Promise<bigint> {
    const rows = await tx.$queryRaw<{ open: string | null }[]>`
      SELECT COALESCE(SUM(GREATEST(r.quantity - r.issued, 0)), 0)::text AS open
      FROM "StockReservation" r JOIN "WorkOrder" w ON w.id = r."workOrderId"
      WHERE r."organizationId" = ${org}::uuid AND r."partId" = ${partId}::uuid AND r."locationId" = ${locationId}::uuid
        AND w.status::text IN ('OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE')
        AND (${exceptWorkOrderId ?? null}::uuid IS NULL OR r."workOrderId" <> ${exceptWorkOrderId ?? null}::uuid)`;
    return toMilli(rows[0]?.open ?? '0');
  }

  async setBalance(tx: Tx, partId: string, locationId: string, deltaText: string, avg: bigint): Promise<void> {
    await tx.$executeRaw`
      UPDATE "StockBalance" SET "onHand" = "onHand" + ${deltaText}::numeric, "avgCostMinor" = ${avg}, "updatedAt" = now()
      WHERE "partId" = ${partId}::uuid AND "locationId" = ${locationId}::uuid`;
  }

  insertMovement(tx: Tx, org: string, m: MovementRow) {
    return tx.stockMovement.create({
      data: {
        organizationId: org,
        type: m.type,
        partId: m.partId,
        locationId: m.locationId,
        counterLocationId: m.counterLocationId ?? null,
        transferId: m.transferId ?? null,
        delta: new Prisma.Decimal(m.delta),
        unitCostMinor: m.unitCostMinor,
        valueMinor: m.valueMinor,
        workOrderId: m.workOrderId ?? null,
        countId: m.countId ?? null,
        reason: m.reason ?? null,
        actorUserId: m.actorUserId,
        membershipId: m.membershipId,
        occurredAt: m.occurredAt,
      },
    });
  }

  /** Where else the part can be had: other locations (of the caller's scope) with stock not held by open orders. */
  async elsewhere(tx: Tx, org: string, partId: string, exceptLocationId: string, locationIds: string[] | null) {
    const rows = await tx.$queryRaw<{ locationId: string; name: string; available: string }[]>`
      SELECT b."locationId", l.name, (b."onHand" - COALESCE((
        SELECT SUM(GREATEST(r.quantity - r.issued, 0)) FROM "StockReservation" r JOIN "WorkOrder" w ON w.id = r."workOrderId"
        WHERE r."partId" = b."partId" AND r."locationId" = b."locationId"
          AND w.status::text IN ('OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE')), 0))::text AS available
      FROM "StockBalance" b JOIN "StockLocation" l ON l.id = b."locationId"
      WHERE b."organizationId" = ${org}::uuid AND b."partId" = ${partId}::uuid AND b."locationId" <> ${exceptLocationId}::uuid
      ORDER BY l.name`;
    return rows
      .filter((r) => toMilli(r.available) > 0n && (locationIds === null || locationIds.includes(r.locationId)))
      .map((r) => ({ locationId: r.locationId, locationName: r.name, available: Number(r.available) }));
  }

  /** Net issued to a work order of a part (issues − returns), milli, and its value (fen). */
  async issuedToWorkOrder(tx: Tx, org: string, workOrderId: string, partId: string) {
    const rows = await tx.$queryRaw<{ qty: string; value: bigint | null }[]>`
      SELECT COALESCE(-SUM(delta), 0)::text AS qty, COALESCE(-SUM("valueMinor"), 0)::bigint AS value
      FROM "StockMovement" WHERE "organizationId" = ${org}::uuid AND "workOrderId" = ${workOrderId}::uuid
        AND "partId" = ${partId}::uuid AND type::text IN ('ISSUE', 'RETURN')`;
    return { qty: toMilli(rows[0]!.qty), value: BigInt(rows[0]!.value ?? 0n) };
  }

  /** The order's parts cost from stock grows (or shrinks, a return) with the movement, in the same transaction. */
  async addWorkOrderPartsCost(tx: Tx, org: string, workOrderId: string, valueMinor: bigint): Promise<void> {
    await tx.$executeRaw`
      UPDATE "WorkOrder" SET "partsCostMinor" = "partsCostMinor" + ${valueMinor}, "updatedAt" = now()
      WHERE "organizationId" = ${org}::uuid AND id = ${workOrderId}::uuid`;
  }
}
