import { Injectable } from '@nestjs/common';
import type { TBoundaryImportPreview, TBoundaryImportOptions } from '@amms/contracts/geo';
import { AppError } from '../../platform/errors/app-error.js';
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

const key = (orgId: string, id: string) => `amms:v1:{${orgId}}:import:boundaries:${id}`;
const stateKey = (orgId: string, id: string) => `${key(orgId, id)}:state`;

/** Boundary previews in Redis with an expiry, claimed with SET NX by one commit (as the sheet imports' store). */
@Injectable()
export class BoundaryImportStore {
  constructor(private readonly redis: RedisService) {}

  async save(orgId: string, p: StoredBoundaryPreview, ttlSeconds: number): Promise<void> {
    await this.redis.client.set(key(orgId, p.id), JSON.stringify(p), 'EX', ttlSeconds);
  }

  /** This org's and owner's preview; another owner's or an expired one → 404. */
  async load(orgId: string, id: string, owner: string): Promise<StoredBoundaryPreview> {
    const raw = await this.redis.client.get(key(orgId, id));
    const p = raw ? (JSON.parse(raw) as StoredBoundaryPreview) : null;
    if (!p || p.owner !== owner)
      throw new AppError('NOT_FOUND', 'Import preview not found (expired, or not yours): upload the file again');
    return p;
  }

  async claim(orgId: string, id: string, ttlSeconds: number): Promise<'claimed' | 'committing' | 'committed'> {
    const ok = await this.redis.client.set(stateKey(orgId, id), 'committing', 'EX', ttlSeconds, 'NX');
    if (ok === 'OK') return 'claimed';
    return (await this.redis.client.get(stateKey(orgId, id))) === 'committed' ? 'committed' : 'committing';
  }

  async markCommitted(orgId: string, id: string, ttlSeconds: number): Promise<void> {
    await this.redis.client.set(stateKey(orgId, id), 'committed', 'EX', ttlSeconds);
  }

  async release(orgId: string, id: string): Promise<void> {
    await this.redis.client.del(stateKey(orgId, id));
  }
}
