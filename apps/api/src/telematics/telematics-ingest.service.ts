import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  TELEMATICS_MAX_BATCH,
  type TPushReadingResult,
  type TPushReadingsResponse,
  type TTelematicsReadingInput,
} from '@amms/contracts/telematics';
import type { TelematicsOrigin } from '@amms/db';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { OrgContext } from '../platform/access/context.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { AuditService } from '../audit/audit.service.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { assetScope } from '../platform/access/asset-scope.js';
import { judgeReading } from '../assets/meter-readings.service.js';
import { TelematicsErrors } from './telematics.errors.js';
import { JobFuelService } from './fuel/job-fuel.service.js';
import { applyFaultReports } from './fault-reports.js';
import { checkRow, normalizeFaultCode, serialKey } from './reading-rows.js';
import { createMeterReadings, latestMeterReadings, settleHourReadings } from './telematics-meter.repository.js';
import {
  readingKey,
  TelematicsRepository,
  type PositionRow,
  type ReadingRow,
  type ResolvedAsset,
} from './telematics.repository.js';

interface GoodRow {
  index: number;
  asset: ResolvedAsset;
  row: TTelematicsReadingInput;
  at: Date;
}

type Flag = TPushReadingResult['flags'][number];

/** The parts of a row, each idempotent on its own key (asset, kind, at). */
function partsOf(g: GoodRow): { positions: PositionRow[]; readings: ReadingRow[] } {
  const base = { assetId: g.asset.id, at: g.at, engineHours: null, fuelUsedL: null, faultCodes: [] as string[] };
  const readings: ReadingRow[] = [];
  if (g.row.engineHours !== undefined)
    readings.push({ ...base, kind: 'ENGINE_HOURS', engineHours: Math.round(g.row.engineHours * 10) / 10 });
  if (g.row.fuelUsedL !== undefined)
    readings.push({ ...base, kind: 'FUEL_USED', fuelUsedL: Math.round(g.row.fuelUsedL * 10) / 10 });
  if (g.row.faultCodes !== undefined)
    readings.push({ ...base, kind: 'FAULT_CODES', faultCodes: [...new Set(g.row.faultCodes.map(normalizeFaultCode))] });
  const positions =
    g.row.lat !== undefined && g.row.lon !== undefined
      ? [{ assetId: g.asset.id, at: g.at, latitude: g.row.lat, longitude: g.row.lon }]
      : [];
  return { positions, readings };
}

/**
 * Takes in a batch of telematics readings (pushed by a gateway or pulled from a source). Every
 * row is checked alone first: a bad row is named and refused, the good ones go on. The good rows
 * are then written in ONE transaction (all of them or, on a database failure, none): positions
 * into the time series and the last position, counters and fault codes into readings. Each part
 * is idempotent on (asset, kind, at), so a batch sent twice writes nothing the second time.
 * New engine-hour readings pass the meter's own plausibility rules (judgeReading): those that
 * pass become meter readings (source TELEMATICS); those that fail stay flagged in the readings.
 */
@Injectable()
export class TelematicsIngestService {
  constructor(
    private readonly repo: TelematicsRepository,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
    private readonly fuel: JobFuelService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async ingest(ctx: OrgContext, rows: readonly unknown[], origin: TelematicsOrigin): Promise<TPushReadingsResponse> {
    if (rows.length > TELEMATICS_MAX_BATCH) throw TelematicsErrors.batchTooLarge(rows.length);
    const now = Date.now();
    const results: TPushReadingResult[] = rows.map((_, index) => ({
      index,
      status: 'REJECTED',
      assetId: null,
      error: null,
      flags: [],
    }));
    const checked = rows.map((r) => checkRow(r, now));
    const good = await this.resolveAssets(ctx, checked, results);
    const outcome = good.length > 0 ? await this.write(ctx, good, origin) : { created: new Set<number>(), flags: [] };
    for (const g of good) {
      const r = results[g.index]!;
      r.assetId = g.asset.id;
      r.status = outcome.created.has(g.index) ? 'ACCEPTED' : 'DUPLICATE';
    }
    for (const f of outcome.flags) results[f.index]!.flags.push(f.flag);
    return {
      accepted: results.filter((r) => r.status === 'ACCEPTED').length,
      duplicates: results.filter((r) => r.status === 'DUPLICATE').length,
      rejected: results.filter((r) => r.status === 'REJECTED').length,
      flagged: results.filter((r) => r.flags.length > 0).length,
      results,
    };
  }

  /** Finds each good row's machine (inside the caller's data scope); names the rows that have none or two. */
  private async resolveAssets(
    ctx: OrgContext,
    checked: ReturnType<typeof checkRow>[],
    results: TPushReadingResult[],
  ): Promise<GoodRow[]> {
    const ids = new Set<string>();
    const serials = new Set<string>();
    checked.forEach((c, i) => {
      if (!c.ok) {
        results[i]!.error = c.error;
        return;
      }
      if (c.row.assetId) ids.add(c.row.assetId);
      else if (c.row.serialNumber) serials.add(c.row.serialNumber.trim());
    });
    const assets = await this.repo.findAssets(ctx.organizationId, [...ids], [...serials], assetScope(ctx));
    const byId = new Map(assets.map((a) => [a.id, a]));
    const bySerial = new Map<string, ResolvedAsset[]>();
    for (const a of assets)
      bySerial.set(serialKey(a.serialNumber), [...(bySerial.get(serialKey(a.serialNumber)) ?? []), a]);
    const good: GoodRow[] = [];
    checked.forEach((c, index) => {
      if (!c.ok) return;
      const matches = c.row.assetId
        ? byId.has(c.row.assetId)
          ? [byId.get(c.row.assetId)!]
          : []
        : (bySerial.get(serialKey(c.row.serialNumber!)) ?? []);
      if (matches.length === 1) good.push({ index, asset: matches[0]!, row: c.row, at: c.at });
      else if (matches.length === 0) results[index]!.error = TelematicsErrors.rowAssetNotFound(c.row);
      else results[index]!.error = TelematicsErrors.rowSerialAmbiguous(c.row.serialNumber!, matches.length);
    });
    return good;
  }

  private async write(
    ctx: OrgContext,
    good: GoodRow[],
    origin: TelematicsOrigin,
  ): Promise<{ created: Set<number>; flags: { index: number; flag: Flag }[] }> {
    // only the machines whose rows carry counters or fault codes are locked (their checks read and
    // write per machine state: the meter's last reading, the active faults, a job's fuel); a point of
    // the track is idempotent on its own key and the last position moves forward in one statement
    const lockIds = [...new Set(good.filter((g) => carriesState(g.row)).map((g) => g.asset.id))];
    return this.repo.transaction(async (tx) => {
      await this.repo.lockAssets(tx, ctx.organizationId, lockIds);
      // the first row of a key wins; a repeat inside the batch is a duplicate like one from an earlier batch
      const seen = new Set<string>();
      const positions: PositionRow[] = [];
      const readings: ReadingRow[] = [];
      const keysOf = new Map<number, string[]>();
      for (const g of good) {
        const parts = partsOf(g);
        const keys: string[] = [];
        for (const p of parts.positions) {
          const k = readingKey(p.assetId, 'POSITION', p.at);
          if (!seen.has(k)) {
            seen.add(k);
            positions.push(p);
          }
          keys.push(k);
        }
        for (const r of parts.readings) {
          const k = readingKey(r.assetId, r.kind, r.at);
          if (!seen.has(k)) {
            seen.add(k);
            readings.push(r);
          }
          keys.push(k);
        }
        keysOf.set(g.index, keys);
      }
      // (asset, at) order: two batches writing the same machines take their index entries in one order
      positions.sort(byAssetThenTime);
      const { inserted: newPositions, moved } = await this.repo.insertPositions(tx, ctx.organizationId, positions);
      const newReadings = await this.repo.insertReadings(tx, ctx.organizationId, origin, readings);
      const inserted = readings.filter((r) => newReadings.has(readingKey(r.assetId, r.kind, r.at)));
      const hourFlags = await this.applyHours(tx, ctx, good, inserted, newReadings);
      await applyFaultReports(this.repo, tx, ctx, inserted, origin);
      await this.applyFuel(tx, ctx, inserted);

      const created = new Set<number>();
      // a key counts as created for the first row that carried it only
      const claimed = new Set<string>();
      for (const g of good) {
        for (const k of keysOf.get(g.index) ?? []) {
          if ((newPositions.has(k) || newReadings.has(k)) && !claimed.has(k)) {
            claimed.add(k);
            created.add(g.index);
          }
        }
      }
      const touched = [...new Set([...moved, ...inserted.map((r) => r.assetId)])];
      if (touched.length > 0) {
        await this.cache.invalidateInTx(tx, ctx.organizationId, {
          // a machine that moved moves on the map (machines are drawn at their last position)
          resources: moved.length > 0 ? ['analytics', 'map'] : ['analytics'],
          details: touched.map((id) => ({ resource: 'asset' as const, id })),
        });
      }
      return { created, flags: hourFlags };
    });
  }

  /**
   * New engine-hour readings, per machine in time order, judged against the latest meter reading
   * that counts (and each accepted one against the one before it).
   */
  private async applyHours(
    tx: Tx,
    ctx: OrgContext,
    good: GoodRow[],
    inserted: ReadingRow[],
    ids: Map<string, string>,
  ): Promise<{ index: number; flag: Flag }[]> {
    const hours = inserted.filter((r) => r.kind === 'ENGINE_HOURS').sort((a, b) => a.at.getTime() - b.at.getTime());
    if (hours.length === 0) return [];
    const kindOf = new Map(good.map((g) => [g.asset.id, g.asset.kind]));
    const indexOf = new Map(good.map((g) => [readingKey(g.asset.id, 'ENGINE_HOURS', g.at), g.index]));
    const latest = new Map(
      (await latestMeterReadings(tx, ctx.organizationId, [...new Set(hours.map((h) => h.assetId))])).map((m) => [
        m.assetId,
        { hours: Number(m.readingHours), readAt: m.readAt },
      ]),
    );
    const meters: {
      id: string;
      assetId: string;
      readingHours: string;
      readAt: Date;
      recordedByUserId: string | null;
    }[] = [];
    const settled: { id: string; meterReadingId: string | null; flagCode: string | null }[] = [];
    const flags: { index: number; flag: Flag }[] = [];
    for (const h of hours) {
      const k = readingKey(h.assetId, 'ENGINE_HOURS', h.at);
      const judged = judgeReading(
        latest.get(h.assetId) ?? null,
        { readingHours: h.engineHours!, readAt: h.at, isReplacement: false, confirmJump: false },
        {
          maxHoursPerDay: this.config.meter.maxHoursPerDay[kindOf.get(h.assetId)!],
          graceHours: this.config.meter.graceHours,
        },
      );
      if (judged.error) {
        const code = judged.error.code as Flag['code'];
        settled.push({ id: ids.get(k)!, meterReadingId: null, flagCode: code });
        flags.push({ index: indexOf.get(k)!, flag: { kind: 'ENGINE_HOURS', code, message: judged.error.message } });
        continue;
      }
      const meterId = randomUUID();
      meters.push({
        id: meterId,
        assetId: h.assetId,
        readingHours: h.engineHours!.toFixed(1),
        readAt: h.at,
        recordedByUserId: ctx.actorUserId,
      });
      settled.push({ id: ids.get(k)!, meterReadingId: meterId, flagCode: null });
      latest.set(h.assetId, { hours: h.engineHours!, readAt: h.at });
    }
    await createMeterReadings(tx, ctx.organizationId, meters);
    await settleHourReadings(tx, ctx.organizationId, settled);
    await this.auditHours(tx, ctx, meters);
    return flags;
  }

  /** One audit event per machine and batch (not one per reading: a terminal reports every few minutes). */
  private async auditHours(tx: Tx, ctx: OrgContext, meters: { assetId: string; readingHours: string; readAt: Date }[]) {
    const byAsset = new Map<string, typeof meters>();
    for (const m of meters) byAsset.set(m.assetId, [...(byAsset.get(m.assetId) ?? []), m]);
    await this.audit.appendMany(
      tx,
      [...byAsset].map(([assetId, ms]) =>
        this.audit.forCtx(ctx, 'asset.meter_recorded', 'asset', assetId, {
          after: {
            readingHours: Number(ms[ms.length - 1]!.readingHours),
            readAt: ms[ms.length - 1]!.readAt.toISOString(),
          },
          source: 'TELEMATICS',
          readings: ms.length,
        }),
      ),
    );
  }

  /** New fuel counter readings settle the fuel of the machines' completed jobs they fall in. */
  private async applyFuel(tx: Tx, ctx: OrgContext, inserted: ReadingRow[]): Promise<void> {
    const fuel = inserted.filter((r) => r.kind === 'FUEL_USED');
    if (fuel.length === 0) return;
    const times = fuel.map((r) => r.at.getTime());
    await this.fuel.settle(tx, ctx, {
      assetIds: [...new Set(fuel.map((r) => r.assetId))],
      from: new Date(Math.min(...times)),
      to: new Date(Math.max(...times)),
    });
  }
}

/** A row whose values change per-machine state beyond its own point (hours, fuel, fault codes). */
const carriesState = (r: TTelematicsReadingInput) =>
  r.engineHours !== undefined || r.fuelUsedL !== undefined || r.faultCodes !== undefined;

const byAssetThenTime = (a: PositionRow, b: PositionRow) =>
  a.assetId < b.assetId ? -1 : a.assetId > b.assetId ? 1 : a.at.getTime() - b.at.getTime();
