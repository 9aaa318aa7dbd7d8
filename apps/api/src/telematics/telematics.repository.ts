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

/** A part's idempotency key: machine, kind and time (epoch ms: the column keeps milliseconds). */
const key = (assetId: string, kind: string, at: Date) => `${assetId}|${kind}|${at.getTime()}`;

/** Telematics rows: readings, the position time series, last positions and fault codes. */
@Injectable()
export class TelematicsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, { timeout: 30_000 });
  }

  /**
   * Live assets of the org inside the caller's scope, by id or by serial number (case and
   * surrounding spaces ignored: a terminal's "sn-1 " is our "SN-1"). One SQL statement with the
   * references as two array parameters (a batch names up to 1,000 machines); the caller's data
   * scope, when it restricts anything, is a second query on the candidates' ids.
   */
  async findAssets(
    organizationId: string,
    ids: readonly string[],
    serials: readonly string[],
    scope: Prisma.AssetWhereInput,
  ): Promise<ResolvedAsset[]> {
    if (ids.length === 0 && serials.length === 0) return [];
    const rows = await this.prisma.client.$queryRaw<ResolvedAsset[]>`
      SELECT a.id, a."serialNumber", a."teamId", m.kind::text AS kind
      FROM "Asset" a JOIN "MachineModel" m ON m.id = a."modelId"
      WHERE a."organizationId" = ${organizationId}::uuid AND a."deletedAt" IS NULL
        AND (a.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
             OR lower(a."serialNumber") IN (
               SELECT jsonb_array_elements_text(${JSON.stringify(serials.map((x) => x.toLowerCase()))}::jsonb)))`;
    if (rows.length === 0 || Object.keys(scope).length === 0) return rows;
    const visible = await this.prisma.client.asset.findMany({
      where: { AND: [{ organizationId, id: { in: rows.map((r) => r.id) } }, scope] },
      select: { id: true },
    });
    const ok = new Set(visible.map((v) => v.id));
    return rows.filter((r) => ok.has(r.id));
  }

  /**
   * Locks the machines' rows in id order (no deadlock between two batches): meter checks run one
   * after another. FOR NO KEY UPDATE: it does not stop the foreign-key checks (FOR KEY SHARE) of
   * another batch's points for the same machines.
   */
  async lockAssets(tx: Tx, organizationId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.$queryRaw`
      SELECT id FROM "Asset"
      WHERE "organizationId" = ${organizationId}::uuid AND id = ANY(${[...ids].sort()}::uuid[])
      ORDER BY id FOR NO KEY UPDATE`;
  }

  /**
   * Inserts the points not stored yet (rows in (asset, at) order) and moves each machine's last
   * position forward to its newest new point (never back: a late, older point keeps the newer one),
   * in ONE statement: the rows travel as one JSON parameter (no per-element array encoding), the
   * answer is two strings. Answers the keys (asset|POSITION|at) inserted and the machines moved.
   */
  async insertPositions(
    tx: Tx,
    organizationId: string,
    rows: readonly PositionRow[],
  ): Promise<{ inserted: Set<string>; moved: string[] }> {
    if (rows.length === 0) return { inserted: new Set(), moved: [] };
    const payload = JSON.stringify(rows.map((r) => [r.assetId, r.at.getTime(), r.latitude, r.longitude]));
    const [out] = await tx.$queryRaw<{ inserted: string; moved: string }[]>`
      WITH p AS (
        SELECT (e->>0)::uuid AS a, to_timestamp((e->>1)::float8 / 1000) AS t, (e->>2)::float8 AS la, (e->>3)::float8 AS lo
        FROM jsonb_array_elements(${payload}::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY n
      ), ins AS (
        INSERT INTO "AssetPosition" ("organizationId", "assetId", "at", "latitude", "longitude")
        SELECT ${organizationId}::uuid, a, t, la, lo FROM p
        ON CONFLICT ("assetId", "at") DO NOTHING
        RETURNING "assetId", "at", "latitude", "longitude"
      ), last AS (
        INSERT INTO "AssetLastPosition" ("assetId", "organizationId", "at", "latitude", "longitude")
        SELECT DISTINCT ON ("assetId") "assetId", ${organizationId}::uuid, "at", "latitude", "longitude"
        FROM ins ORDER BY "assetId", "at" DESC
        ON CONFLICT ("assetId") DO UPDATE
          SET "at" = EXCLUDED."at", "latitude" = EXCLUDED."latitude", "longitude" = EXCLUDED."longitude"
          WHERE "AssetLastPosition"."at" < EXCLUDED."at"
        RETURNING "assetId"
      )
      SELECT (SELECT coalesce(string_agg("assetId"::text || '|' || (extract(epoch FROM "at") * 1000)::bigint, ','), '') FROM ins) AS inserted,
             (SELECT coalesce(string_agg("assetId"::text, ','), '') FROM last) AS moved`;
    const inserted = new Set<string>();
    for (const k of out!.inserted === '' ? [] : out!.inserted.split(',')) {
      const bar = k.indexOf('|');
      inserted.add(`${k.slice(0, bar)}|POSITION|${k.slice(bar + 1)}`);
    }
    return { inserted, moved: out!.moved === '' ? [] : out!.moved.split(',') };
  }

  /**
   * Inserts the readings not stored yet (one JSON parameter, one string back); answers the
   * inserted ones by key (asset|kind|at) → id.
   */
  async insertReadings(
    tx: Tx,
    organizationId: string,
    origin: TelematicsOrigin,
    rows: readonly ReadingRow[],
  ): Promise<Map<string, string>> {
    if (rows.length === 0) return new Map();
    const payload = JSON.stringify(
      rows.map((r) => [r.assetId, r.kind, r.at.getTime(), r.engineHours, r.fuelUsedL, r.faultCodes]),
    );
    const [out] = await tx.$queryRaw<{ inserted: string }[]>`
      WITH ins AS (
        INSERT INTO "TelematicsReading"
          ("id", "organizationId", "assetId", "kind", "at", "origin", "engineHours", "fuelUsedL", "faultCodes")
        SELECT gen_random_uuid(), ${organizationId}::uuid, (e->>0)::uuid, (e->>1)::"TelematicsKind",
               to_timestamp((e->>2)::float8 / 1000), ${origin}::"TelematicsOrigin", (e->>3)::numeric, (e->>4)::numeric,
               COALESCE((SELECT array_agg(c) FROM jsonb_array_elements_text(e->5) AS c), '{}')
        FROM jsonb_array_elements(${payload}::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY n
        ON CONFLICT ("assetId", "kind", "at") DO NOTHING
        RETURNING "id", "assetId", "kind", "at"
      )
      SELECT coalesce(string_agg(id::text || '|' || "assetId"::text || '|' || kind::text || '|' || (extract(epoch FROM "at") * 1000)::bigint, ','), '') AS inserted
      FROM ins`;
    const inserted = new Map<string, string>();
    for (const k of out!.inserted === '' ? [] : out!.inserted.split(',')) {
      const bar = k.indexOf('|');
      inserted.set(k.slice(bar + 1), k.slice(0, bar));
    }
    return inserted;
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
