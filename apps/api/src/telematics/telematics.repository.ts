import { Injectable } from '@nestjs/common';
import type { MachineKind, Prisma, TelematicsKind, TelematicsOrigin } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

export interface ResolvedAsset {
  id: string;
  serialNumber: string;
  teamId: string | null;
  kind: MachineKind;
}

export interface PositionRow {
  assetId: string;
  at: Date;
  latitude: number;
  longitude: number;
}

export interface ReadingRow {
  assetId: string;
  kind: TelematicsKind;
  at: Date;
  engineHours: number | null;
  fuelUsedL: number | null;
  faultCodes: string[];
}

const key = (assetId: string, kind: string, at: Date) => `${assetId}|${kind}|${at.toISOString()}`;

/** Telematics rows: readings, the position time series, last positions and fault codes. */
@Injectable()
export class TelematicsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, { timeout: 30_000 });
  }

  /**
   * Live assets of the org inside the caller's scope, by id or by serial number (case and
   * surrounding spaces ignored: a terminal's "sn-1 " is our "SN-1").
   */
  async findAssets(
    organizationId: string,
    ids: readonly string[],
    serials: readonly string[],
    scope: Prisma.AssetWhereInput,
  ): Promise<ResolvedAsset[]> {
    if (ids.length === 0 && serials.length === 0) return [];
    const rows = await this.prisma.client.asset.findMany({
      where: {
        AND: [
          { organizationId, deletedAt: null },
          {
            OR: [
              ...(ids.length > 0 ? [{ id: { in: [...ids] } }] : []),
              ...(serials.length > 0 ? [{ serialNumber: { in: [...serials], mode: 'insensitive' as const } }] : []),
            ],
          },
          scope,
        ],
      },
      select: { id: true, serialNumber: true, teamId: true, model: { select: { kind: true } } },
    });
    return rows.map((r) => ({ id: r.id, serialNumber: r.serialNumber, teamId: r.teamId, kind: r.model.kind }));
  }

  /** Locks the machines' rows in id order (no deadlock between two batches): meter checks run one after another. */
  async lockAssets(tx: Tx, organizationId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.$queryRaw`
      SELECT id FROM "Asset"
      WHERE "organizationId" = ${organizationId}::uuid AND id = ANY(${[...ids].sort()}::uuid[])
      ORDER BY id FOR UPDATE`;
  }

  /** Inserts the positions not stored yet; answers the keys (asset|POSITION|at) it inserted. */
  async insertPositions(tx: Tx, organizationId: string, rows: readonly PositionRow[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const inserted = await tx.$queryRaw<{ assetId: string; at: Date }[]>`
      INSERT INTO "AssetPosition" ("organizationId", "assetId", "at", "latitude", "longitude")
      SELECT ${organizationId}::uuid, p.a, p.t, p.la, p.lo
      FROM unnest(${rows.map((r) => r.assetId)}::uuid[], ${rows.map((r) => r.at.toISOString())}::timestamptz[],
                  ${rows.map((r) => r.latitude)}::float8[], ${rows.map((r) => r.longitude)}::float8[]) AS p(a, t, la, lo)
      ON CONFLICT ("assetId", "at") DO NOTHING
      RETURNING "assetId", "at"`;
    return new Set(inserted.map((r) => key(r.assetId, 'POSITION', r.at)));
  }

  /** Moves each machine's last position forward (never back: a late, older point keeps the newer one). */
  async upsertLastPositions(tx: Tx, organizationId: string, rows: readonly PositionRow[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const moved = await tx.$queryRaw<{ assetId: string }[]>`
      INSERT INTO "AssetLastPosition" ("assetId", "organizationId", "at", "latitude", "longitude")
      SELECT p.a, ${organizationId}::uuid, p.t, p.la, p.lo
      FROM unnest(${rows.map((r) => r.assetId)}::uuid[], ${rows.map((r) => r.at.toISOString())}::timestamptz[],
                  ${rows.map((r) => r.latitude)}::float8[], ${rows.map((r) => r.longitude)}::float8[]) AS p(a, t, la, lo)
      ON CONFLICT ("assetId") DO UPDATE
        SET "at" = EXCLUDED."at", "latitude" = EXCLUDED."latitude", "longitude" = EXCLUDED."longitude"
        WHERE "AssetLastPosition"."at" < EXCLUDED."at"
      RETURNING "assetId"`;
    return moved.map((r) => r.assetId);
  }

  /** Inserts the readings not stored yet; answers the inserted ones by key (asset|kind|at) → id. */
  async insertReadings(
    tx: Tx,
    organizationId: string,
    origin: TelematicsOrigin,
    rows: readonly ReadingRow[],
  ): Promise<Map<string, string>> {
    if (rows.length === 0) return new Map();
    const inserted = await tx.$queryRaw<{ id: string; assetId: string; kind: string; at: Date }[]>`
      INSERT INTO "TelematicsReading"
        ("id", "organizationId", "assetId", "kind", "at", "origin", "engineHours", "fuelUsedL", "faultCodes")
      SELECT gen_random_uuid(), ${organizationId}::uuid, r.a, r.k::"TelematicsKind", r.t, ${origin}::"TelematicsOrigin",
             r.h, r.f, COALESCE((SELECT array_agg(x) FROM jsonb_array_elements_text(r.c) AS x), '{}')
      FROM unnest(${rows.map((r) => r.assetId)}::uuid[], ${rows.map((r) => r.kind)}::text[],
                  ${rows.map((r) => r.at.toISOString())}::timestamptz[], ${rows.map((r) => r.engineHours)}::numeric[],
                  ${rows.map((r) => r.fuelUsedL)}::numeric[], ${rows.map((r) => JSON.stringify(r.faultCodes))}::jsonb[])
           AS r(a, k, t, h, f, c)
      ON CONFLICT ("assetId", "kind", "at") DO NOTHING
      RETURNING "id", "assetId", "kind"::text AS "kind", "at"`;
    return new Map(inserted.map((r) => [key(r.assetId, r.kind, r.at), r.id]));
  }

  /** The latest meter reading that counts (voided ones never do), per asset. */
  latestMeterReadings(tx: Tx, organizationId: string, assetIds: readonly string[]) {
    return tx.meterReading.findMany({
      where: { organizationId, assetId: { in: [...assetIds] }, voidedAt: null },
      orderBy: [{ assetId: 'asc' }, { readAt: 'desc' }, { createdAt: 'desc' }],
      distinct: ['assetId'],
      select: { assetId: true, readingHours: true, readAt: true },
    });
  }

  async createMeterReadings(
    tx: Tx,
    organizationId: string,
    rows: readonly {
      id: string;
      assetId: string;
      readingHours: string;
      readAt: Date;
      recordedByUserId: string | null;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await tx.meterReading.createMany({
      data: rows.map((r) => ({ ...r, organizationId, source: 'TELEMATICS' as const })),
    });
  }

  /** Links accepted readings to their meter readings and flags the refused ones. */
  async settleHourReadings(
    tx: Tx,
    rows: readonly { id: string; meterReadingId: string | null; flagCode: string | null }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await tx.$executeRaw`
      UPDATE "TelematicsReading" t SET "meterReadingId" = u.m, "flagCode" = u.f
      FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.meterReadingId)}::uuid[],
                  ${rows.map((r) => r.flagCode)}::text[]) AS u(id, m, f)
      WHERE t.id = u.id`;
  }

  activeFaults(tx: Tx, organizationId: string, assetIds: readonly string[]) {
    return tx.assetFault.findMany({
      where: { organizationId, assetId: { in: [...assetIds] }, clearedAt: null },
      select: { id: true, assetId: true, code: true },
    });
  }

  createFault(tx: Tx, organizationId: string, data: { assetId: string; code: string; at: Date }) {
    return tx.assetFault.create({
      data: { organizationId, assetId: data.assetId, code: data.code, firstSeenAt: data.at, lastSeenAt: data.at },
      select: { id: true },
    });
  }

  async touchFaults(tx: Tx, organizationId: string, ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await tx.assetFault.updateMany({
      where: { organizationId, id: { in: [...ids] }, lastSeenAt: { lt: at } },
      data: { lastSeenAt: at },
    });
  }

  async clearFaults(tx: Tx, organizationId: string, ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await tx.assetFault.updateMany({
      where: { organizationId, id: { in: [...ids] }, clearedAt: null },
      data: { clearedAt: at },
    });
  }

  /** The newest `limit` points of the window, newest first. */
  findPositions(organizationId: string, assetId: string, from: Date, to: Date, limit: number) {
    return this.prisma.client.assetPosition.findMany({
      where: { organizationId, assetId, at: { gte: from, lte: to } },
      orderBy: { at: 'desc' },
      take: limit,
      select: { at: true, latitude: true, longitude: true },
    });
  }

  latestHours(organizationId: string, assetId: string) {
    return this.prisma.client.telematicsReading.findFirst({
      where: { organizationId, assetId, kind: 'ENGINE_HOURS' },
      orderBy: { at: 'desc' },
      select: { engineHours: true, at: true, flagCode: true },
    });
  }

  /** The operator's side of the meter: typed readings (by hand, at a job, at a work order) that count. */
  latestOperatorReading(organizationId: string, assetId: string) {
    return this.prisma.client.meterReading.findFirst({
      where: { organizationId, assetId, voidedAt: null, source: { not: 'TELEMATICS' } },
      orderBy: [{ readAt: 'desc' }, { createdAt: 'desc' }],
      select: { readingHours: true, readAt: true },
    });
  }

  /** The engine-hour readings nearest before and after `at` inside the window (flagged ones too: an offset counter is what disagrees). */
  async hoursAround(organizationId: string, assetId: string, at: Date, windowMs: number) {
    const where = { organizationId, assetId, kind: 'ENGINE_HOURS' as const };
    const select = { engineHours: true, at: true };
    const [before, after] = await Promise.all([
      this.prisma.client.telematicsReading.findFirst({
        where: { ...where, at: { lte: at, gte: new Date(at.getTime() - windowMs) } },
        orderBy: { at: 'desc' },
        select,
      }),
      this.prisma.client.telematicsReading.findFirst({
        where: { ...where, at: { gt: at, lte: new Date(at.getTime() + windowMs) } },
        orderBy: { at: 'asc' },
        select,
      }),
    ]);
    return [before, after].filter((r) => r !== null);
  }

  countFlagged(organizationId: string, assetId: string, since: Date) {
    return this.prisma.client.telematicsReading.count({
      where: { organizationId, assetId, kind: 'ENGINE_HOURS', flagCode: { not: null }, at: { gte: since } },
    });
  }

  listFaults(organizationId: string, assetId: string, activeOnly: boolean | undefined) {
    return this.prisma.client.assetFault.findMany({
      where: {
        organizationId,
        assetId,
        ...(activeOnly === undefined ? {} : activeOnly ? { clearedAt: null } : { clearedAt: { not: null } }),
      },
      orderBy: [{ firstSeenAt: 'desc' }, { id: 'asc' }],
      take: 500,
    });
  }

  /** The agent runs that diagnosed faults (their status and draft). */
  diagnosisRuns(organizationId: string, ids: readonly (string | null)[]) {
    const wanted = ids.filter((x): x is string => x !== null);
    if (wanted.length === 0) return Promise.resolve([]);
    return this.prisma.client.agentRun.findMany({
      where: { organizationId, id: { in: wanted } },
      select: { id: true, status: true, draftId: true },
    });
  }

  /** The first and last fuel counter, and the first and last accepted engine hours, since `since`. */
  async fuelWindow(organizationId: string, assetId: string, since: Date) {
    const where = { organizationId, assetId, at: { gte: since } };
    const one = (kind: 'FUEL_USED' | 'ENGINE_HOURS', dir: 'asc' | 'desc') =>
      this.prisma.client.telematicsReading.findFirst({
        where: { ...where, kind, ...(kind === 'ENGINE_HOURS' ? { flagCode: null } : {}) },
        orderBy: { at: dir },
        select: { at: true, engineHours: true, fuelUsedL: true },
      });
    const [f0, f1, h0, h1] = await Promise.all([
      one('FUEL_USED', 'asc'),
      one('FUEL_USED', 'desc'),
      one('ENGINE_HOURS', 'asc'),
      one('ENGINE_HOURS', 'desc'),
    ]);
    const c = (r: typeof f0, v: 'engineHours' | 'fuelUsedL') => (r ? { at: r.at, value: Number(r[v]) } : null);
    return {
      fuel: [c(f0, 'fuelUsedL'), c(f1, 'fuelUsedL')] as const,
      hours: [c(h0, 'engineHours'), c(h1, 'engineHours')] as const,
    };
  }

  /** Deletes up to `limit` positions older than `before` (the BRIN index on `at` finds them); answers how many. */
  prunePositions(before: Date, limit: number): Promise<number> {
    return this.prisma.client.$executeRaw`
      DELETE FROM "AssetPosition" WHERE ctid = ANY(ARRAY(
        SELECT ctid FROM "AssetPosition" WHERE at < ${before} LIMIT ${limit}))`;
  }
}

export { key as readingKey };
