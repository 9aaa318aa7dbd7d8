import { Inject, Injectable } from '@nestjs/common';
import {
  DISAGREEMENT_WINDOW_HOURS,
  FUEL_WINDOW_DAYS,
  POSITIONS_DEFAULT_HOURS,
  POSITIONS_MAX_DAYS,
  POSITIONS_MAX_POINTS,
  type TAssetFault,
  type TAssetTelematicsSummary,
  type TListAssetFaultsResponse,
  type TPositionsQuery,
  type TPositionsResponse,
} from '@amms/contracts/telematics';
import type { OrgContext } from '../platform/access/context.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { AssetsRepository } from '../assets/assets.repository.js';
import { AssetErrors } from '../assets/assets.errors.js';
import { toLastPosition } from '../assets/assets.mappers.js';
import { assetScope } from '../platform/access/asset-scope.js';
import { TelematicsErrors } from './telematics.errors.js';
import { TelematicsRepository } from './telematics.repository.js';

const HOUR_MS = 3_600_000;

/** What the machines reported, read back: their track, their last position, their fault codes. */
@Injectable()
export class TelematicsReadsService {
  constructor(
    private readonly repo: TelematicsRepository,
    private readonly assets: AssetsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async visibleAsset(ctx: OrgContext, assetId: string): Promise<void> {
    const a = await this.assets.findAssetById(undefined, ctx.organizationId, assetId, assetScope(ctx));
    if (!a) throw AssetErrors.assetNotFound();
  }

  async positions(ctx: OrgContext, assetId: string, q: TPositionsQuery): Promise<TPositionsResponse> {
    await this.visibleAsset(ctx, assetId);
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - POSITIONS_DEFAULT_HOURS * HOUR_MS);
    if (from > to) throw TelematicsErrors.invalidWindow('from must not be after to');
    if (to.getTime() - from.getTime() > POSITIONS_MAX_DAYS * 24 * HOUR_MS)
      throw TelematicsErrors.invalidWindow(`the window spans at most ${POSITIONS_MAX_DAYS} days`);
    const rows = await this.repo.findPositions(ctx.organizationId, assetId, from, to, POSITIONS_MAX_POINTS + 1);
    const truncated = rows.length > POSITIONS_MAX_POINTS;
    const points = rows.slice(0, POSITIONS_MAX_POINTS).reverse();
    const coords = points.map((p) => [p.longitude, p.latitude] as [number, number]);
    const line =
      points.length >= 2
        ? [
            {
              type: 'Feature' as const,
              geometry: { type: 'LineString' as const, coordinates: coords },
              properties: {
                assetId,
                from: points[0]!.at.toISOString(),
                to: points[points.length - 1]!.at.toISOString(),
                points: points.length,
              },
            },
          ]
        : [];
    return {
      type: 'FeatureCollection',
      features: [
        ...line,
        ...points.map((p, i) => ({
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: coords[i]! },
          properties: { at: p.at.toISOString() },
        })),
      ],
      truncated,
    };
  }

  async summary(ctx: OrgContext, assetId: string): Promise<TAssetTelematicsSummary> {
    await this.visibleAsset(ctx, assetId);
    const org = ctx.organizationId;
    const since = new Date(Date.now() - FUEL_WINDOW_DAYS * 24 * HOUR_MS);
    const [position, hours, operator, faults, flagged, fuel] = await Promise.all([
      this.assets.findLastPosition(org, assetId),
      this.repo.latestHours(org, assetId),
      this.repo.latestOperatorReading(org, assetId),
      this.faults(ctx, assetId, 'true'),
      this.repo.countFlagged(org, assetId, new Date(Date.now() - 30 * 24 * HOUR_MS)),
      this.repo.fuelWindow(org, assetId, since),
    ]);
    return {
      lastPosition: toLastPosition(position),
      latestTelematicsHours: hours
        ? { hours: Number(hours.engineHours), at: hours.at.toISOString(), flagCode: hours.flagCode }
        : null,
      meterDisagreement: operator
        ? await this.disagreement(org, assetId, { hours: Number(operator.readingHours), at: operator.readAt })
        : null,
      activeFaults: faults.items,
      flaggedReadings30d: flagged,
      fuel30d: fuelRate(fuel),
    };
  }

  /** The operator's latest reading against the terminal's nearest in time; null when they agree or nothing is near. */
  private async disagreement(org: string, assetId: string, operator: { hours: number; at: Date }) {
    const near = await this.repo.hoursAround(org, assetId, operator.at, DISAGREEMENT_WINDOW_HOURS * HOUR_MS);
    const nearest = near.sort(
      (a, b) => Math.abs(a.at.getTime() - operator.at.getTime()) - Math.abs(b.at.getTime() - operator.at.getTime()),
    )[0];
    if (!nearest) return null;
    const telematicsHours = Number(nearest.engineHours);
    const differenceHours = Math.round((operator.hours - telematicsHours) * 10) / 10;
    const thresholdHours = this.config.meter.telematicsDisagreementHours;
    if (Math.abs(differenceHours) <= thresholdHours) return null;
    return {
      operatorHours: operator.hours,
      operatorAt: operator.at.toISOString(),
      telematicsHours,
      telematicsAt: nearest.at.toISOString(),
      differenceHours,
      thresholdHours,
    };
  }

  async faults(
    ctx: OrgContext,
    assetId: string,
    active: 'true' | 'false' | undefined,
  ): Promise<TListAssetFaultsResponse> {
    await this.visibleAsset(ctx, assetId);
    const rows = await this.repo.listFaults(
      ctx.organizationId,
      assetId,
      active === undefined ? undefined : active === 'true',
    );
    const runs = new Map(
      (
        await this.repo.diagnosisRuns(
          ctx.organizationId,
          rows.map((f) => f.diagnosisRunId),
        )
      ).map((r) => [r.id, r]),
    );
    return {
      items: rows.map((f): TAssetFault => {
        const run = f.diagnosisRunId ? runs.get(f.diagnosisRunId) : undefined;
        return {
          id: f.id,
          code: f.code,
          firstSeenAt: f.firstSeenAt.toISOString(),
          lastSeenAt: f.lastSeenAt.toISOString(),
          clearedAt: f.clearedAt?.toISOString() ?? null,
          diagnosis: run ? { runId: run.id, status: run.status, draftId: run.draftId } : null,
        };
      }),
    };
  }
}

type Counter = { at: Date; value: number } | null;

/** Litres per engine hour between the window's first and last counters (null: too little to say). */
export function fuelRate(w: { fuel: readonly [Counter, Counter]; hours: readonly [Counter, Counter] }) {
  const [f0, f1] = w.fuel;
  const [h0, h1] = w.hours;
  if (!f0 || !f1 || !h0 || !h1) return null;
  const litres = Math.round((f1.value - f0.value) * 10) / 10;
  const engineHours = Math.round((h1.value - h0.value) * 10) / 10;
  if (engineHours < 1 || litres < 0) return null;
  return {
    from: f0.at.toISOString(),
    to: f1.at.toISOString(),
    litres,
    engineHours,
    litresPerHour: Math.round((litres / engineHours) * 10) / 10,
  };
}
