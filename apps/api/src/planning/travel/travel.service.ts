import { Injectable } from '@nestjs/common';
import { TravelRepository } from './travel.repository.js';
import { roadSpeedOf } from '../../assets/road-speed.js';
import type { SchedTravel } from '../scheduler/travel-timeline.js';
import { buildMatrix, machineSetSpeed, type TravelMatrix } from './travel.js';
import type { TDraftTravel } from '@amms/contracts/geo';
import { draftRoutes, type LegItem } from './draft-legs.js';

/**
 * The travel-time matrix the scheduler asks for: `matrix(org, fieldIds, assetIds)` gives road km
 * and minutes between every pair of the fields for that machine set (its slowest member's road
 * speed), with the org's road factor. Org-bound: another org's field ids simply have no pairs.
 */
@Injectable()
export class TravelService {
  constructor(private readonly repo: TravelRepository) {}

  async matrix(
    organizationId: string,
    fieldIds: readonly string[],
    assetIds: readonly string[],
  ): Promise<TravelMatrix> {
    const [distances, roadFactor, models] = await Promise.all([
      this.repo.distancesM(organizationId, fieldIds),
      this.repo.roadFactor(organizationId),
      this.repo.speedModels(organizationId, assetIds),
    ]);
    return buildMatrix(fieldIds, distances, roadFactor, machineSetSpeed(models));
  }

  /**
   * What the scheduler takes: road km between the fields (× the org's road factor; null where a
   * field has no location) and each machine's own road speed (implements without one follow
   * their tractor and are left out).
   */
  async forScheduler(
    organizationId: string,
    fieldIds: readonly string[],
    assetIds: readonly string[],
  ): Promise<SchedTravel> {
    const ids = [...new Set(fieldIds)].sort();
    const [distances, roadFactor, models] = await Promise.all([
      this.repo.distancesM(organizationId, ids),
      this.repo.roadFactor(organizationId),
      this.repo.speedModelsById(organizationId, assetIds),
    ]);
    const { km } = buildMatrix(ids, distances, roadFactor, 1);
    const speedKmh: Record<string, number> = {};
    for (const [id, m] of models) {
      const v = roadSpeedOf(m);
      if (v !== null) speedKmh[id] = v;
    }
    return { fieldIds: ids, km, speedKmh };
  }

  /** A draft version's routes: per machine and day its items' fields and the legs between them (draft-legs.ts). */
  async routes(
    organizationId: string,
    draft: { draftId: string; version: number },
    items: readonly LegItem[],
  ): Promise<TDraftTravel> {
    const fields = await this.repo.jobFields(
      organizationId,
      items.map((i) => i.jobId),
    );
    const [travel, roadFactor, tz] = await Promise.all([
      this.forScheduler(
        organizationId,
        [...fields.values()].map((f) => f.fieldId),
        items.map((i) => i.primaryAssetId),
      ),
      this.repo.roadFactor(organizationId),
      this.repo.timezone(organizationId),
    ]);
    return { ...draft, roadFactor, machines: draftRoutes(items, fields, travel, tz) };
  }
}
