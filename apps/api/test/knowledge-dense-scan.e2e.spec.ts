import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaService } from '../src/platform/prisma/prisma.service.js';
import { SearchRepository } from '../src/knowledge/retrieval/search.repository.js';
import { denseTopK } from '../src/knowledge/retrieval/dense-scan.js';
import { vectorToBytes } from '../src/knowledge/retrieval/embeddings.js';
import { createOrg, type TestOrg } from './harness.js';
import { knowledgeEnv, type KnowledgeEnv } from './knowledge/env.js';

/**
 * The dense stage compares the query with every visible chunk embedded by the model (issue #30):
 * it used to read at most 20,000 vectors and silently searched a part of a larger library. A
 * library of 20,001 embedded chunks whose nearest one is stored last must still find it.
 */
let env: KnowledgeEnv;
let org: TestOrg;

const unit = (i: number) => vectorToBytes(Float32Array.from({ length: 8 }, (_, j) => (j === i ? 1 : 0)));

beforeAll(async () => {
  env = await knowledgeEnv('know_dscan');
  org = await createOrg(env.db, 'densescan');
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('dense stage without a cap', () => {
  it('finds the nearest chunk among more than 20,000 vectors, and only visible ones', async () => {
    const doc = await env.db.document.create({ data: { organizationId: org.id, title: 'Big', language: 'en' } });
    const version = await env.db.documentVersion.create({
      data: {
        documentId: doc.id,
        organizationId: org.id,
        versionNumber: 1,
        status: 'READY',
        fileName: 'big.pdf',
        sizeBytes: 1,
        sha256: 'a'.repeat(64),
        pageCount: 1,
        embeddingModel: 'm@1',
      },
    });
    await env.db.document.update({ where: { id: doc.id }, data: { currentVersionId: version.id } });
    // 20,000 far chunks first, then the nearest one (stored last, highest id). The ids share a
    // prefix drawn per run: the database outlives a run (CI reuses it), so fixed ids collide.
    const prefix = randomBytes(4).toString('hex');
    await env.db.$executeRaw`
      INSERT INTO "DocumentChunk" (id, "versionId", "documentId", "organizationId", ordinal, "pageStart", "pageEnd", text, tokens, embedding)
      SELECT (${prefix} || '-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, ${version.id}::uuid, ${doc.id}::uuid, ${org.id}::uuid, n, 1, 1, 'far', 'far', ${unit(1)}
      FROM generate_series(1, 20000) n`;
    const needle = `${prefix}-ffff-4fff-8fff-ffffffffffff`;
    await env.db.$executeRaw`
      INSERT INTO "DocumentChunk" (id, "versionId", "documentId", "organizationId", ordinal, "pageStart", "pageEnd", text, tokens, embedding)
      VALUES (${needle}::uuid, ${version.id}::uuid, ${doc.id}::uuid, ${org.id}::uuid, 20001, 1, 1, 'near', 'near', ${unit(0)})`;
    // another org's nearest chunk is never seen
    const other = await createOrg(env.db, 'densescan-other');
    const odoc = await env.db.document.create({ data: { organizationId: other.id, title: 'Other', language: 'en' } });
    const ov = await env.db.documentVersion.create({
      data: {
        documentId: odoc.id,
        organizationId: other.id,
        versionNumber: 1,
        status: 'READY',
        fileName: 'o.pdf',
        sizeBytes: 1,
        sha256: 'b'.repeat(64),
        pageCount: 1,
        embeddingModel: 'm@1',
      },
    });
    await env.db.document.update({ where: { id: odoc.id }, data: { currentVersionId: ov.id } });
    await env.db.$executeRaw`
      INSERT INTO "DocumentChunk" (id, "versionId", "documentId", "organizationId", ordinal, "pageStart", "pageEnd", text, tokens, embedding)
      VALUES (${randomUUID()}::uuid, ${ov.id}::uuid, ${odoc.id}::uuid, ${other.id}::uuid, 1, 1, 1, 'near', 'near', ${unit(0)})`;

    const repo = new SearchRepository({ client: env.db } as unknown as PrismaService);
    const q = Float32Array.from({ length: 8 }, (_, j) => (j === 0 ? 1 : 0));
    const top = await denseTopK(repo, { organizationId: org.id }, 'm@1', q, 10);
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ id: needle, score: 1 });
    expect(top.slice(1).every((r) => r.score === 0)).toBe(true);
    // a small page size reads the same library in more round trips, with the same answer
    expect((await denseTopK(repo, { organizationId: org.id }, 'm@1', q, 10, 7_000))[0]?.id).toBe(needle);
  }, 120_000);
});
