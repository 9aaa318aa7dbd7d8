import type { Tx } from '../../platform/prisma/prisma.service.js';

/**
 * Search's term statistics of one version, rewritten from its chunks in the transaction that
 * writes them (ingestion, re-ingestion): how many chunks contain each index term (a lexeme of
 * their tsvectors) and how many child chunks there are. They are kept per version, so a version
 * switch (a newer version made current, a document deleted) needs no rewrite: a query sums the
 * rows of the versions it may see (search.repository.ts `documentFrequencies`). Plain functions on the caller's transaction..
 */
export async function writeTermStats(tx: Tx, versionId: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM "DocumentTermStat" WHERE "versionId" = ${versionId}::uuid`;
  await tx.$executeRaw`
    INSERT INTO "DocumentTermStat" ("versionId", term, chunks)
    SELECT c."versionId", l.lexeme, count(*)::int
    FROM "DocumentChunk" c, unnest(c.tsv) AS l
    WHERE c."versionId" = ${versionId}::uuid AND c.tsv IS NOT NULL
    GROUP BY c."versionId", l.lexeme`;
  await tx.$executeRaw`
    UPDATE "DocumentVersion" SET "searchChunks" =
      (SELECT count(*)::int FROM "DocumentChunk" c WHERE c."versionId" = ${versionId}::uuid AND c."parentId" IS NOT NULL)
    WHERE id = ${versionId}::uuid`;
}

/** A version whose chunks are dropped (a failed attempt) has no statistics either. */
export async function dropTermStats(tx: Tx, versionId: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM "DocumentTermStat" WHERE "versionId" = ${versionId}::uuid`;
  await tx.$executeRaw`UPDATE "DocumentVersion" SET "searchChunks" = 0 WHERE id = ${versionId}::uuid`;
}
