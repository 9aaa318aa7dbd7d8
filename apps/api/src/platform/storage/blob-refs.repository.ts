import { Injectable } from '@nestjs/common';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';

/**
 * Who holds a content-addressed blob, and the lock that keeps "store the bytes + reference them" apart from
 * "nobody references them + delete the bytes". The blob store is shared: an attachment and a knowledge
 * document version with the same sha256 are the same file. Without the lock an upload that found the bytes
 * already stored could commit its row just after a delete decided they were unused and removed them.
 */
@Injectable()
export class BlobRefsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Long enough to write a file to the store while the lock is held (S3 over a slow link). */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, { timeout: 120_000, maxWait: 30_000 });
  }

  /** Held until the transaction ends (a transaction-level advisory lock on the content hash). */
  async lock(tx: Tx, sha256: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`blob:${sha256}`}, 0))`;
  }

  /** Any attachment (any org) or any knowledge document version still uses these bytes. */
  async referenced(tx: Tx, sha256: string): Promise<boolean> {
    const rows = await tx.$queryRaw<{ used: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM "Attachment" WHERE sha256 = ${sha256})
          OR EXISTS (SELECT 1 FROM "DocumentVersion" WHERE sha256 = ${sha256}) AS used`;
    return rows[0]?.used !== false;
  }
}
