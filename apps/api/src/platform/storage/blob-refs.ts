import { Injectable } from '@nestjs/common';
import type { Tx } from '../prisma/prisma.service.js';
import { BlobRefsRepository } from './blob-refs.repository.js';
import { BlobStore } from './blob-store.js';

/**
 * The two sides of a shared, content-addressed blob (see BlobRefsRepository):
 * - a writer calls `holding(tx, sha256)` in the transaction that inserts its row, then writes the bytes
 *   (kept if there) — both before its row commits, under the blob's lock;
 * - a deleter removes its rows first, then `dropIfUnused` deletes the bytes under the same lock, only when
 *   no row of either kind references them.
 */
@Injectable()
export class BlobRefs {
  constructor(
    private readonly refs: BlobRefsRepository,
    private readonly blobs: BlobStore,
  ) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.refs.transaction(fn);
  }

  holding(tx: Tx, sha256: string): Promise<void> {
    return this.refs.lock(tx, sha256);
  }

  /** Deletes `keys` (and everything under `prefixes`) unless a row still uses the bytes; true if deleted. */
  async dropIfUnused(sha256: string, keys: readonly string[], prefixes: readonly string[] = []): Promise<boolean> {
    return this.refs.transaction(async (tx) => {
      await this.refs.lock(tx, sha256);
      if (await this.refs.referenced(tx, sha256)) return false;
      for (const key of keys) await this.blobs.delete(key);
      for (const prefix of prefixes) await this.blobs.deletePrefix(prefix);
      return true;
    });
  }
}
