import { Injectable } from '@nestjs/common';
import { TravelRepository } from './travel.repository.js';
import { buildMatrix, machineSetSpeed, type TravelMatrix } from './travel.js';

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
}
