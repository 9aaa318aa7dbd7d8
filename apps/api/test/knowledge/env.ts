// Shared setup of the knowledge e2e files: the worker env (support/worker-env.ts: own database, private
// redis-server, the app and the REAL worker) with a blob store directory, the worker resuming
// interrupted ingestion every 2 s, and an empty platform library.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { ZDocumentDetail, ZUploadResponse } from '@amms/contracts/knowledge';
import { readManifest, seedManuals } from '../../src/seed/manuals/load.js';
import { expectStatus, orgPath } from '../assertions.js';
import { call, testConfig } from '../harness.js';
import { eventually as poll } from '../support/eventually.js';
import { workerEnv, type WorkerEnv } from '../support/worker-env.js';
import { upload } from './fixtures.js';

export interface KnowledgeEnv extends WorkerEnv {
  storageDir: string;
}

export async function knowledgeEnv(suffix: string, extraEnv: Record<string, string> = {}): Promise<KnowledgeEnv> {
  const storageDir = mkdtempSync(path.join(tmpdir(), 'amms-blobs-'));
  const env = await workerEnv({
    suffix,
    env: { STORAGE_DIR: storageDir, ...extraEnv },
    workerEnv: { WORKER_RESUME_EVERY_MS: '2000' },
    startWorker: false,
  });
  // platform documents are shared by every org: start each run from an empty platform library
  await env.db.document.deleteMany({ where: { organizationId: null } });
  await env.startWorker();
  const close = env.close;
  return Object.assign(env, {
    storageDir,
    async close() {
      await close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  });
}

/** Polls until `ok` (the worker runs asynchronously); the failure message carries the worker log. */
export const eventually = <T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  log: () => string,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<T> => poll(read, ok, timeoutMs, everyMs, () => `worker log:\n${log().slice(-3000)}`);

/** Waits until the worker has ingested each document (it has a current version). */
export async function waitIngested(env: KnowledgeEnv, ids: string[], timeoutMs = 90_000): Promise<void> {
  for (const id of ids)
    await eventually(
      () => env.db.document.findUniqueOrThrow({ where: { id } }),
      (d) => d.currentVersionId !== null,
      env.log,
      timeoutMs,
    );
}

/** Uploads each `[key, pdf, title, language]` into the org's library (201) and waits until all are ingested. */
export async function uploadManuals<K extends string>(
  env: KnowledgeEnv,
  token: string,
  orgId: string,
  manuals: readonly (readonly [K, Buffer, string, string])[],
): Promise<Record<K, string>> {
  const ids = {} as Record<K, string>;
  for (const [key, pdf, title, language] of manuals) {
    const res = await upload(env.h.base, token, orgPath(orgId, '/documents'), pdf, { title, language });
    expectStatus(res, 201);
    ids[key] = ZUploadResponse.parse(res.body).document.id;
  }
  await waitIngested(env, Object.values(ids));
  return ids;
}

/**
 * Uploads one manual into the org's library (201) with its fields (title, language, the machine
 * models it is linked to) and waits until the worker has read its current version, which must be READY.
 */
export async function uploadReadManual(
  env: KnowledgeEnv,
  token: string,
  orgId: string,
  pdf: Buffer,
  fields: Record<string, string | string[]>,
): Promise<string> {
  const up = await upload(env.h.base, token, orgPath(orgId, '/documents'), pdf, fields);
  expectStatus(up, 201);
  const doc = ZUploadResponse.parse(up.body).document.id;
  const ready = await eventually(
    () => call(env.h.base, 'GET', orgPath(orgId, `/documents/${doc}`), { token }),
    (d) =>
      d.status === 200 &&
      ZDocumentDetail.parse(d.body).versions.some(
        (v) => ['READY', 'FAILED'].includes(v.status) && d.body.currentVersionId === v.id,
      ),
    env.log,
    120_000,
  );
  expect(ZDocumentDetail.parse(ready.body).versions[0]!.status).toBe('READY');
  return doc;
}

/** The demo manuals (seed/manuals) in the platform library, each version read by the worker (READY or FAILED). */
export async function seedDemoManuals(env: KnowledgeEnv, ownerId: string): Promise<void> {
  await seedManuals(env.db, testConfig({ DATABASE_URL: env.dbUrl, STORAGE_DIR: env.storageDir }), ownerId);
  const expected = readManifest().length;
  await eventually(
    () => env.db.documentVersion.findMany({ where: { document: { organizationId: null } }, select: { status: true } }),
    (vs) => vs.length === expected && vs.every((v) => v.status === 'READY' || v.status === 'FAILED'),
    env.log,
    420_000,
    500,
  );
}
