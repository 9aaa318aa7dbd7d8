import { Injectable } from '@nestjs/common';
import {
  POSITIONS_DEFAULT_HOURS,
  POSITIONS_MAX_DAYS,
  POSITIONS_MAX_POINTS,
  type TAssetFault,
  type TListAssetFaultsResponse,
  type TPositionsQuery,
  type TPositionsResponse,
} from '@amms/contracts/telematics';
import type { OrgContext } from '../platform/access/context.js';
import { AssetsRepository } from '../assets/assets.repository.js';
import { AssetErrors } from '../assets/assets.errors.js';
import { assetScope } from '../assets/assets.scope.js';
import { TelematicsErrors } from './telematics.errors.js';
import { TelematicsRepository } from './telematics.repository.js';

const HOUR_MS = 3_600_000;

/** What the machines reported, read back: their track, their last position, their fault codes. */
@Injectable()
export class TelematicsReadsService {
  constructor(
    private readonly repo: TelematicsRepository,
    private readonly assets: AssetsRepository,
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
    return {
      items: rows.map((f): TAssetFault => ({
        id: f.id,
        code: f.code,
        firstSeenAt: f.firstSeenAt.toISOString(),
        lastSeenAt: f.lastSeenAt.toISOString(),
        clearedAt: f.clearedAt?.toISOString() ?? null,
      })),
    };
  }
}
