import { Injectable } from '@nestjs/common';
import type { TImportKind, TImportPreview } from '@amms/contracts/integrations';
import { AppError } from '../../platform/errors/app-error.js';
import { RedisService } from '../../platform/redis/redis.service.js';

/** What a preview keeps for its commit: the rows as read (the commit validates them again). */
export interface StoredPreview {
  id: string;
  kind: TImportKind;
  /** who uploaded it: only the same member (or API key) may commit it */
  owner: string;
  fileName: string | null;
  format: TImportPreview['format'];
  columns: string[];
  rows: { row: number; values: Record<string, string> }[];
  expiresAt: string;
}

const key = (orgId: string, id: string) => `amms:v1:{${orgId}}:import:${id}`;
const stateKey = (orgId: string, id: string) => `amms:v1:{${orgId}}:import:${id}:state`;

/**
 * Previews live in Redis with an expiry (IMPORT_PREVIEW_TTL_SECONDS, default 30 min): they are
 * drafts of one user's upload, nothing else reads them, and losing one (Redis restart) only
 * means uploading the file again. The commit claims the preview with SET NX (one commit wins;
 * a second one is 409 IMPORT_ALREADY_COMMITTED); a failed commit releases the claim.
 */
@Injectable()
export class ImportStore {
  constructor(private readonly redis: RedisService) {}

  async save(orgId: string, p: StoredPreview, ttlSeconds: number): Promise<void> {
    await this.redis.client.set(key(orgId, p.id), JSON.stringify(p), 'EX', ttlSeconds);
  }

  /** The preview of this org and owner; another owner's, another kind's or an expired one → 404. */
  async load(orgId: string, id: string, owner: string, kind: TImportKind): Promise<StoredPreview> {
    const raw = await this.redis.client.get(key(orgId, id));
    const p = raw ? (JSON.parse(raw) as StoredPreview) : null;
    if (!p || p.owner !== owner || p.kind !== kind)
      throw new AppError('NOT_FOUND', 'Import preview not found (expired, or not yours): upload the file again');
    return p;
  }

  /** Claims the preview for a commit; false when it is being or has been committed. */
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
