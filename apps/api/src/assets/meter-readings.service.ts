import { Inject, Injectable } from '@nestjs/common';
import type {
  TCreateMeterReadingRequest,
  TListMeterReadingsQuery,
  TListMeterReadingsResponse,
  TMeterReading,
  TVoidMeterReadingRequest,
} from '@amms/contracts/assets';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { AuditService } from '../audit/audit.service.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { AppError } from '../platform/errors/app-error.js';
import { decodeCursor, encodeCursor } from '../platform/http/cursor.js';
import type { OrgContext } from '../platform/access/context.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { MeterSource } from '@amms/db';
import { AssetsRepository } from './assets.repository.js';
import { AssetErrors } from './assets.errors.js';
import { tenths, toMeterReading } from './assets.mappers.js';
import { assetInvalidation } from './assets.service.js';
import { assetScope } from '../platform/access/asset-scope.js';

type ReadingInput = {
  readingHours: number;
  readAt?: string | Date | undefined;
  source: MeterSource;
  isReplacement?: boolean | undefined;
  confirmJump?: boolean | undefined;
};

const HOUR_MS = 3_600_000;

const readingInvalidation = (assetId: string) => ({ ...assetInvalidation(assetId), resources: ['analytics' as const] });

/** Clock skew we tolerate between a client's clock and ours before calling readAt "in the future". */
const FUTURE_SKEW_MS = 60_000;

const invalidCursor = () =>
  new AppError('VALIDATION_FAILED', 'Invalid cursor', [
    { path: 'cursor', message: 'not a cursor this list returned', code: 'invalid_format' },
  ]);

/**
 * Engine-hour readings are cumulative: a reading may not be lower than the latest one
 * (by readAt) unless it is flagged as a meter replacement, and may not be older than it.
 * Nor may it jump further than the machine could have run since the latest one (its kind's
 * hours per day × the time elapsed, plus a grace) unless the jump is confirmed ("meter
 * replaced / corrected", kept on the reading and in the audit event). Voided readings are
 * ignored by every check and every read of "the latest reading".
 * The asset row is locked FOR UPDATE while checking and inserting, so concurrent readings
 * of one asset are decided one after another against what the previous one wrote.
 */
@Injectable()
export class MeterReadingsService {
  constructor(
    private readonly repo: AssetsRepository,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async record(ctx: OrgContext, assetId: string, input: TCreateMeterReadingRequest): Promise<TMeterReading> {
    const out = await this.repo.transaction((tx) => this.recordLocked(tx, ctx, assetId, input, {}));
    // the asset detail embeds latestMeterReading; analytics use engine hours (lists do not change)
    await this.cache.invalidate(ctx.organizationId, readingInvalidation(assetId));
    return out;
  }

  /**
   * Record a reading inside the caller's transaction (jobs start/complete, work-order submit):
   * a refused reading rolls back the caller's whole change. `scopeChecked` says the caller has
   * already authorized the asset through its own record (the job assigned to me, the work
   * order I work on); otherwise the asset must be inside the caller's asset scope.
   */
  async recordIn(
    tx: Tx,
    ctx: OrgContext,
    assetId: string,
    input: ReadingInput,
    opts: { scopeChecked?: boolean } = {},
  ): Promise<TMeterReading> {
    const out = await this.recordLocked(tx, ctx, assetId, input, opts);
    // we do not own this commit: the invalidation is queued in the caller's transaction
    await this.cache.invalidateInTx(tx, ctx.organizationId, readingInvalidation(assetId));
    return out;
  }

  private async recordLocked(
    tx: Tx,
    ctx: OrgContext,
    assetId: string,
    input: ReadingInput,
    opts: { scopeChecked?: boolean },
  ): Promise<TMeterReading> {
    const now = Date.now();
    const readAt = input.readAt ? new Date(input.readAt) : new Date(now);
    if (readAt.getTime() > now + FUTURE_SKEW_MS) throw AssetErrors.readAtInFuture();
    const asset = await this.repo.findAssetByIdWithModel(
      tx,
      ctx.organizationId,
      assetId,
      opts.scopeChecked ? {} : assetScope(ctx),
    );
    if (!asset || !(await this.repo.lockAsset(tx, ctx.organizationId, assetId))) throw AssetErrors.assetNotFound();
    const latest = await this.repo.findLatestReading(tx, ctx.organizationId, assetId);
    const isReplacement = input.isReplacement ?? false;
    const judged = judgeReading(
      latest ? { hours: toMeterReading(latest).readingHours, readAt: latest.readAt } : null,
      { readingHours: input.readingHours, readAt, isReplacement, confirmJump: input.confirmJump ?? false },
      { maxHoursPerDay: this.config.meter.maxHoursPerDay[asset.model.kind], graceHours: this.config.meter.graceHours },
    );
    if (judged.error) throw judged.error;
    const jumpConfirmed = judged.jumpConfirmed;
    const r = await this.repo.createReading(tx, ctx.organizationId, {
      assetId,
      readingHours: input.readingHours.toFixed(1),
      readAt,
      source: input.source,
      isReplacement,
      jumpConfirmed,
      recordedByUserId: ctx.actorUserId,
    });
    const out = toMeterReading(r);
    await this.audit.append(
      tx,
      this.audit.forCtx(ctx, 'asset.meter_recorded', 'asset', assetId, {
        before: { readingHours: latest ? toMeterReading(latest).readingHours : null },
        after: {
          readingHours: out.readingHours,
          readAt: out.readAt,
          source: out.source,
          isReplacement: out.isReplacement,
          jumpConfirmed: out.jumpConfirmed,
        },
        meterReadingId: r.id,
      }),
    );
    return out;
  }

  /**
   * A supervisor voids a wrong reading: it stays on record (who, when, why) but no longer
   * counts, so the latest reading, the due list and the next plausibility check fall back to
   * the reading before it. A job start / end meter taken from it is cleared as well.
   */
  async void(
    ctx: OrgContext,
    assetId: string,
    readingId: string,
    input: TVoidMeterReadingRequest,
  ): Promise<TMeterReading> {
    const out = await this.repo.transaction(async (tx) => {
      const asset = await this.repo.findAssetById(tx, ctx.organizationId, assetId, assetScope(ctx));
      if (!asset || !(await this.repo.lockAsset(tx, ctx.organizationId, assetId))) throw AssetErrors.assetNotFound();
      const reading = await this.repo.findReading(tx, ctx.organizationId, assetId, readingId);
      if (!reading) throw AssetErrors.readingNotFound();
      if (
        reading.voidedAt ||
        !(await this.repo.voidReading(tx, ctx.organizationId, readingId, {
          voidedByUserId: ctx.actorUserId,
          voidReason: input.reason,
        }))
      ) {
        throw AssetErrors.readingAlreadyVoided();
      }
      const jobIds =
        reading.source === 'JOB'
          ? await this.repo.clearJobMeters(
              tx,
              ctx.organizationId,
              assetId,
              reading.readAt,
              reading.readingHours.toFixed(1),
            )
          : [];
      const voided = await this.repo.findReading(tx, ctx.organizationId, assetId, readingId);
      const after = await this.repo.findLatestReading(tx, ctx.organizationId, assetId);
      const mapped = toMeterReading(voided!);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'asset.meter_voided', 'asset', assetId, {
          before: { readingHours: mapped.readingHours, readAt: mapped.readAt, source: mapped.source },
          after: { latestReadingHours: after ? toMeterReading(after).readingHours : null },
          reason: input.reason,
          meterReadingId: readingId,
          ...(jobIds.length > 0 ? { jobMetersCleared: jobIds } : {}),
        }),
      );
      return mapped;
    });
    await this.cache.invalidate(ctx.organizationId, readingInvalidation(assetId));
    return out;
  }

  async list(ctx: OrgContext, assetId: string, q: TListMeterReadingsQuery): Promise<TListMeterReadingsResponse> {
    const asset = await this.repo.findAssetById(undefined, ctx.organizationId, assetId, assetScope(ctx));
    if (!asset) throw AssetErrors.assetNotFound();
    const rows = await this.repo.listReadings(
      ctx.organizationId,
      assetId,
      q.limit + 1,
      q.cursor ? parseCursor(q.cursor) : undefined,
    );
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > q.limit && last
        ? encodeCursor(JSON.stringify([last.readAt.toISOString(), last.createdAt.toISOString(), last.id]))
        : null;
    return { items: page.map(toMeterReading), nextCursor };
  }
}

/**
 * The meter's plausibility rules, one place for every source (operators, jobs, work orders,
 * telematics): a reading may not be older than the latest one, nor lower unless it is a meter
 * replacement, nor higher than the machine could have run since unless the jump is confirmed.
 * Answers the refusal (an AppError with the numbers) or whether a jump was confirmed.
 */
export function judgeReading(
  latest: { hours: number; readAt: Date } | null,
  input: { readingHours: number; readAt: Date; isReplacement: boolean; confirmJump: boolean },
  limits: { maxHoursPerDay: number; graceHours: number },
): { error: AppError | null; jumpConfirmed: boolean } {
  if (!latest) return { error: null, jumpConfirmed: false };
  if (input.readAt < latest.readAt)
    return { error: AssetErrors.meterOutOfOrder(latest.readAt.toISOString()), jumpConfirmed: false };
  if (input.isReplacement) return { error: null, jumpConfirmed: false };
  if (tenths(input.readingHours) < tenths(latest.hours))
    return { error: AssetErrors.meterBackwards(latest.hours, input.readingHours), jumpConfirmed: false };
  const maxPlausible = maxPlausibleHours(
    latest.hours,
    latest.readAt,
    input.readAt,
    limits.maxHoursPerDay,
    limits.graceHours,
  );
  if (tenths(input.readingHours) <= tenths(maxPlausible)) return { error: null, jumpConfirmed: false };
  if (input.confirmJump) return { error: null, jumpConfirmed: true };
  return {
    error: AssetErrors.meterImplausible({
      latestHours: latest.hours,
      latestReadAt: latest.readAt.toISOString(),
      readingHours: input.readingHours,
      maxPlausibleHours: maxPlausible,
      maxHoursPerDay: limits.maxHoursPerDay,
    }),
    jumpConfirmed: false,
  };
}

/** The highest reading plausible at `readAt`: the latest plus what the machine can run in the time between. */
export function maxPlausibleHours(
  latestHours: number,
  latestAt: Date,
  readAt: Date,
  maxHoursPerDay: number,
  graceHours: number,
): number {
  const elapsedHours = Math.max(0, readAt.getTime() - latestAt.getTime()) / HOUR_MS;
  // in tenths (the meter's resolution), rounded down
  return Math.floor((latestHours + (elapsedHours * maxHoursPerDay) / 24 + graceHours) * 10 + 1e-9) / 10;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseCursor(cursor: string): { readAt: Date; createdAt: Date; id: string } {
  let v: unknown;
  try {
    v = JSON.parse(decodeCursor(cursor));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === 'string')) throw invalidCursor();
  const [readAt, createdAt, id] = v as [string, string, string];
  const r = new Date(readAt);
  const c = new Date(createdAt);
  if (Number.isNaN(r.getTime()) || Number.isNaN(c.getTime()) || !UUID.test(id)) throw invalidCursor();
  return { readAt: r, createdAt: c, id };
}
