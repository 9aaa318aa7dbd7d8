// Shared setup of the knowledge e2e files: each owns a database (its worker's outbox relay must not
// take other files' rows), a private redis-server, a blob store directory, the app and the REAL
// worker process (dist/worker.js: build first with `npm run build -w @amms/api`).
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPrismaClient, type PrismaClient } from '@amms/db';
import { startApp, testConfig, type Harness } from '../harness.js';
import { TEST_DATABASE_URL } from '../env.js';
import {
  MIGRATOR_JS,
  WORKER_JS,
  appendTail,
  freePort,
  killProcess,
  startRedis,
  startWorkerProcess,
  waitForPort,
} from '../processes.js';

export interface KnowledgeEnv {
  h: Harness;
  db: PrismaClient;
  dbUrl: string;
  storageDir: string;
  worker: ChildProcess | undefined;
  log: () => string;
  startWorker(extra?: Record<string, string>): Promise<void>;
  killWorker(): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function knowledgeEnv(suffix: string, extraEnv: Record<string, string> = {}): Promise<KnowledgeEnv> {
  if (!existsSync(WORKER_JS)) throw new Error('dist/worker.js missing: run `npm run build -w @amms/api` first');
  const dbName = `${new URL(TEST_DATABASE_URL).pathname.slice(1)}_${suffix}`;
  const dbUrl = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, `/${dbName}$1`);
  execFileSync(process.execPath, [MIGRATOR_JS, 'migrate'], {
    env: { ...process.env, DATABASE_URL: dbUrl },
    stdio: 'ignore',
  });
  const redisPort = await freePort();
  const redis = startRedis(redisPort);
  await waitForPort(redisPort);
  const storageDir = mkdtempSync(path.join(tmpdir(), 'amms-blobs-'));
  const common = {
    DATABASE_URL: dbUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
    STORAGE_DIR: storageDir,
    ...extraEnv,
  };
  const h = await startApp(common);
  const db = createPrismaClient(dbUrl, { max: 3 });
  // platform documents are shared by every org: start each run from an empty platform library
  await db.document.deleteMany({ where: { organizationId: null } });
  let log = '';
  const env: KnowledgeEnv = {
    h,
    db,
    dbUrl,
    storageDir,
    worker: undefined,
    log: () => log,
    async startWorker(extra = {}) {
      env.worker = await startWorkerProcess(
        { ...common, JWT_ACCESS_SECRET: testConfig().auth.accessSecret, WORKER_RESUME_EVERY_MS: '2000', ...extra },
        (c) => (log = appendTail(log, c)),
      );
    },
    async killWorker() {
      await killProcess(env.worker);
      env.worker = undefined;
    },
    async close() {
      await killProcess(env.worker);
      await h?.close();
      await db?.$disconnect();
      await killProcess(redis);
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
  await env.startWorker();
  return env;
}

/** Polls until `ok` (the worker runs asynchronously); the failure message carries the worker log. */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  log: () => string,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await read();
    if (ok(last)) return last;
    await sleep(everyMs);
  } while (Date.now() < until);
  throw new Error(
    `condition not met in time: ${JSON.stringify(last).slice(0, 2000)}\nworker log:\n${log().slice(-3000)}`,
  );
}
