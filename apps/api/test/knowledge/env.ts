// Shared setup of the knowledge e2e files: the worker env (support/worker-env.ts: own database, private
// redis-server, the app and the REAL worker) with a blob store directory, the worker resuming
// interrupted ingestion every 2 s, and an empty platform library.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually as poll } from '../support/eventually.js';
import { workerEnv, type WorkerEnv } from '../support/worker-env.js';

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
