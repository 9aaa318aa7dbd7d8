import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUploadResponse } from '@amms/contracts/knowledge';
import type { PrismaService } from '../src/platform/prisma/prisma.service.js';
import { SearchRepository, type SearchScope } from '../src/knowledge/retrieval/search.repository.js';
import { createOrg, login, type TestOrg } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { combineManual, textManual, upload } from './knowledge/fixtures.js';
import { eventually, knowledgeEnv, type KnowledgeEnv } from './knowledge/env.js';

/**
 * Search's idf statistics are written with the chunks (issue #30): per version, in the
 * ingestion's transaction, so a query sums them over the versions it may see instead of counting
 * the matching chunks of the whole library. Whatever the versions' history (a newer version made
 * current, a document deleted), the sums equal the count over the visible chunks.
 */
let env: KnowledgeEnv;
let org: TestOrg;
let token: string;
let repo: SearchRepository;

async function uploadVersion(pdf: Buffer, title: string, language: 'zh' | 'en', documentId?: string) {
  const path = orgPath(org.id, documentId ? `/documents/${documentId}/versions` : '/documents');
  const res = await upload(env.h.base, token, path, pdf, { title, language });
  expectStatus(res, 201);
  const body = ZUploadResponse.parse(res.body);
  const v = await eventually(
    () => env.db.documentVersion.findUniqueOrThrow({ where: { id: body.version.id } }),
    (x) => x.status === 'READY' || x.status === 'FAILED',
    env.log,
    90_000,
  );
  expect(v.status).toBe('READY');
  return { documentId: body.document.id, versionId: body.version.id };
}

// words of both manuals, a word no manual says, one the index splits into several terms, one with no term at all
const WORDS = ['液压油', '冷却液', '防冻液', '传感器', 'e12', 'nozzle', 'filters', 'absent', 'anti-freeze', '...'];

/** The statistics counted the old way: over the visible chunks, on every query. */
async function counted(scope: SearchScope) {
  const visible = `SELECT d."currentVersionId" AS vid FROM "Document" d JOIN "DocumentVersion" v ON v.id = d."currentVersionId" AND v.status = 'READY'
    WHERE d."organizationId" = $1::uuid OR d."organizationId" IS NULL`;
  const [total] = await env.db.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM "DocumentChunk" c WHERE c."parentId" IS NOT NULL AND c."versionId" IN (${visible})`,
    scope.organizationId,
  );
  const df = new Map<string, number>();
  for (const w of WORDS) {
    const [r] = await env.db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM "DocumentChunk" c WHERE c.tsv @@ plainto_tsquery('simple', $2) AND c."versionId" IN (${visible})`,
      scope.organizationId,
      w,
    );
    df.set(w, Number(r!.n));
  }
  return { total: Number(total!.n), df };
}

beforeAll(async () => {
  env = await knowledgeEnv('know_tstat');
  org = await createOrg(env.db, 'termstats');
  token = (await login(env.h.base, org.users.ADMIN.email)).accessToken;
  repo = new SearchRepository({ client: env.db } as unknown as PrismaService);
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('term statistics maintained at ingestion', () => {
  it('are written per version with the chunks and sum to the visible chunks through version switches and deletions', async () => {
    const scope = { organizationId: org.id };
    const v1 = await uploadVersion(combineManual(), 'GV-9 联合收割机说明书', 'zh');
    const stats = await env.db.documentTermStat.findMany({ where: { versionId: v1.versionId } });
    const children = await env.db.documentChunk.count({ where: { versionId: v1.versionId, parentId: { not: null } } });
    expect(children).toBeGreaterThan(0);
    expect((await env.db.documentVersion.findUniqueOrThrow({ where: { id: v1.versionId } })).searchChunks).toBe(
      children,
    );
    expect(stats.find((s) => s.term === '液压油')?.chunks).toBeGreaterThan(0);

    const check = async () => {
      const want = await counted(scope);
      const got = await repo.documentFrequencies(scope, WORDS);
      expect(got.total).toBe(want.total);
      expect(Object.fromEntries(got.df)).toEqual(Object.fromEntries(want.df));
      return got;
    };
    expect((await check()).df.get('液压油')).toBeGreaterThan(0);

    // a newer version becomes current: the old version's statistics stay, but are no longer summed
    const v2 = await uploadVersion(
      combineManual({ coolantStep: '停机冷却后检查冷却液液位，加注长效防冻液。' }),
      'GV-9 联合收割机说明书',
      'zh',
      v1.documentId,
    );
    expect(v2.documentId).toBe(v1.documentId);
    expect((await check()).df.get('防冻液')).toBeGreaterThan(0);

    const sprayer = await uploadVersion(
      textManual(['Rinse the nozzle filters with clean water after every use.', 'Anti-freeze in winter.']),
      'Sprayer',
      'en',
    );
    expect((await check()).df.get('nozzle')).toBe(1);

    // the current version switched back (as a restore would): the sums follow at once
    await env.db.document.update({ where: { id: v1.documentId }, data: { currentVersionId: v1.versionId } });
    expect((await check()).df.get('防冻液')).toBe(0);

    // a deleted document's statistics go with it
    await env.db.document.delete({ where: { id: sprayer.documentId } });
    expect(await env.db.documentTermStat.count({ where: { versionId: sprayer.versionId } })).toBe(0);
    expect((await check()).df.get('nozzle')).toBe(0);
  }, 240_000);
});
