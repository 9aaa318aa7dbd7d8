import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZKnowledgeSearchResponse, ZUploadResponse } from '@amms/contracts/knowledge';
import { INGEST_VERSION } from '../src/knowledge/ingest/ingest.repository.js';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { combineManual, upload } from './knowledge/fixtures.js';
import { eventually, knowledgeEnv, type KnowledgeEnv } from './knowledge/env.js';

/**
 * Documents indexed by older ingestion code are re-ingested when the worker starts: the current
 * READY version of each document whose `ingestVersion` is older is re-read from its stored file,
 * stays READY (and searchable) meanwhile, and gets the new chunks in one transaction. Superseded
 * versions are left alone.
 */
let env: KnowledgeEnv;
let org: TestOrg;
let token: string;

async function uploadVersion(pdf: Buffer, documentId?: string) {
  const path = orgPath(org.id, documentId ? `/documents/${documentId}/versions` : '/documents');
  const res = await upload(env.h.base, token, path, pdf, { title: 'GV-9 联合收割机说明书', language: 'zh' });
  expectStatus(res, 201);
  const body = ZUploadResponse.parse(res.body);
  await eventually(
    () => env.db.documentVersion.findUniqueOrThrow({ where: { id: body.version.id } }),
    (v) => v.status === 'READY' || v.status === 'FAILED',
    env.log,
    90_000,
  );
  return { documentId: body.document.id, versionId: body.version.id };
}

const search = async (query: string) => {
  const res = await call(env.h.base, 'POST', orgPath(org.id, '/knowledge/search'), {
    token,
    body: { query, limit: 5 },
  });
  expectStatus(res, 200);
  return ZKnowledgeSearchResponse.parse(res.body).items;
};

beforeAll(async () => {
  env = await knowledgeEnv('know7', { KNOWLEDGE_INGEST_LEASE_MS: '3000' });
  org = await createOrg(env.db, 'reingest');
  token = (await login(env.h.base, org.users.ADMIN.email)).accessToken;
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('re-ingestion of documents indexed by older ingestion code', () => {
  it('the current version is re-read at worker start, stays READY meanwhile; a superseded one is left alone', async () => {
    const v1 = await uploadVersion(combineManual());
    const v2 = await uploadVersion(
      combineManual({ coolantStep: '停机冷却后检查冷却液液位，加注长效防冻液。' }),
      v1.documentId,
    );
    const fresh = await env.db.documentVersion.findMany({ where: { documentId: v1.documentId } });
    expect(fresh.map((v) => [v.status, v.ingestVersion])).toEqual([
      ['READY', INGEST_VERSION],
      ['READY', INGEST_VERSION],
    ]);
    const chunksBefore = await env.db.documentChunk.count({ where: { versionId: v2.versionId } });

    // as if both had been indexed by the code before INGEST_VERSION: the current one lost its chunks
    await env.killWorker();
    await env.db.documentVersion.updateMany({ where: { documentId: v1.documentId }, data: { ingestVersion: 0 } });
    await env.db.documentChunk.deleteMany({ where: { versionId: v2.versionId } });
    expect(await search('E12 水温传感器')).toEqual([]);

    await env.startWorker();
    const statuses = new Set<string>();
    const done = await eventually(
      async () => {
        const v = await env.db.documentVersion.findUniqueOrThrow({ where: { id: v2.versionId } });
        statuses.add(v.status);
        return v;
      },
      (v) => v.ingestVersion === INGEST_VERSION,
      env.log,
      60_000,
      100,
    );
    expect(done.status).toBe('READY');
    expect([...statuses]).toEqual(['READY']);
    expect(await env.db.documentChunk.count({ where: { versionId: v2.versionId } })).toBe(chunksBefore);
    const hits = await search('E12 水温传感器');
    expect(hits[0]?.versionId).toBe(v2.versionId);
    expect(hits[0]?.snippet).toContain('E12');

    // the superseded version is not re-ingested; nothing new is announced for the current one
    const old = await env.db.documentVersion.findUniqueOrThrow({ where: { id: v1.versionId } });
    expect(old.ingestVersion).toBe(0);
    const ready = await env.db.auditEvent.count({
      where: { action: 'document.version_ready', data: { path: ['versionId'], equals: v2.versionId } },
    });
    expect(ready).toBe(1);
    const doc = await env.db.document.findUniqueOrThrow({ where: { id: v1.documentId } });
    expect(doc.currentVersionId).toBe(v2.versionId);
  }, 240_000);
});
