import { Injectable } from '@nestjs/common';
import type { TBoundaryImportPreview, TBoundaryImportOptions } from '@amms/contracts/geo';
import { PreviewStore } from '../../platform/redis/preview-store.js';
import { RedisService } from '../../platform/redis/redis.service.js';
import type { FileFeature } from './boundary-file.js';

/** What a boundary preview keeps for its commit: the features as read (the commit checks them again). */
export interface StoredBoundaryPreview {
  id: string;
  owner: string;
  fileName: string | null;
  format: TBoundaryImportPreview['format'];
  options: TBoundaryImportOptions;
  features: FileFeature[];
  notes: string[];
  expiresAt: string;
}

/** Boundary previews (as the sheet imports' store), under their own keys. */
@Injectable()
export class BoundaryImportStore extends PreviewStore<StoredBoundaryPreview> {
  constructor(redis: RedisService) {
    super(redis, (orgId, id) => `amms:v1:{${orgId}}:import:boundaries:${id}`);
  }

  /** This org's and owner's preview; another owner's or an expired one → 404. */
  load(orgId: string, id: string, owner: string): Promise<StoredBoundaryPreview> {
    return this.loadOwned(orgId, id, owner);
  }
}
