import { Injectable } from '@nestjs/common';
import type { TImportKind, TImportPreview } from '@amms/contracts/integrations';
import { PreviewStore } from '../../platform/redis/preview-store.js';
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

/**
 * Sheet import previews (IMPORT_PREVIEW_TTL_SECONDS, default 30 min); a second commit of one
 * preview is 409 IMPORT_ALREADY_COMMITTED (see PreviewStore).
 */
@Injectable()
export class ImportStore extends PreviewStore<StoredPreview> {
  constructor(redis: RedisService) {
    super(redis, (orgId, id) => `amms:v1:{${orgId}}:import:${id}`);
  }

  /** The preview of this org and owner; another owner's, another kind's or an expired one → 404. */
  load(orgId: string, id: string, owner: string, kind: TImportKind): Promise<StoredPreview> {
    return this.loadOwned(orgId, id, owner, (p) => p.kind === kind);
  }
}
