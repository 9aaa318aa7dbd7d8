// The setup of an e2e file that runs the REAL worker process (dist/worker.js: build first with
// `npm run build -w @amms/api`): its own database `<test database>_<suffix>` (the worker's outbox relay
// takes every outbox row of its database, so it must not see other files' rows; the suffix keeps parallel
// checkouts apart too), a private redis-server (tests may kill and restart it; two files' workers on one
// Redis would take each other's jobs), the app in this process and the worker. Every file starts, restarts and stops them the same way.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
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
import { eventually } from './eventually.js';

export interface WorkerEnvOptions {
  /** appended to the test database's name: `<test database>_<suffix>` */
  suffix: string;
  /** environment of both the app and the worker */
  env?: Record<string, string>;
  /** environment of the app only */
  appEnv?: Record<string, string>;
  /** environment of the worker only (on top of `env`) */
  workerEnv?: Record<string, string>;
  /** false: the file starts the worker itself (startWorker) once its data is ready */
  startWorker?: boolean;
}

export interface WorkerEnv {
  h: Harness;
  db: PrismaClient;
  dbUrl: string;
  redisUrl: string;
  /** the worker running now (undefined after killWorker) */
  worker: ChildProcess | undefined;
  /** the tail of the worker's output */
  log(): string;
  /** starts a worker (killing the running one first), `extra` on top of its environment */
  startWorker(extra?: Record<string, string>): Promise<void>;
  /** SIGKILL: a crash, no graceful shutdown */
  killWorker(): Promise<void>;
  /** SIGKILL of the private redis-server */
  killRedis(): Promise<void>;
  /** starts the private redis-server again on its port, unless it runs */
  restartRedis(): Promise<void>;
  /** polls until `ok`; the failure message carries the worker's log */
  eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs?: number, everyMs?: number): Promise<T>;
  close(): Promise<void>;
}

export const testDatabaseUrl = (suffix: string) => TEST_DATABASE_URL.replace(/\/([^/?]+)(\?|$)/, `/$1_${suffix}$2`);

export async function workerEnv(options: WorkerEnvOptions): Promise<WorkerEnv> {
  if (!existsSync(WORKER_JS)) throw new Error('dist/worker.js missing: run `npm run build -w @amms/api` first');
  const dbUrl = testDatabaseUrl(options.suffix);
  execFileSync(process.execPath, [MIGRATOR_JS, 'migrate'], {
    env: { ...process.env, DATABASE_URL: dbUrl },
    stdio: 'ignore',
  });
  const redisPort = await freePort();
  let redis: ChildProcess | undefined;
  const runRedis = async () => {
    redis = startRedis(redisPort);
    await waitForPort(redisPort);
  };
  await runRedis();
  const common = {
    DATABASE_URL: dbUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
    ...options.env,
  };
  const h = await startApp({ ...common, ...options.appEnv });
  const db = createPrismaClient(dbUrl, { max: 3 });
  let log = '';
  const alive = (p: ChildProcess | undefined) => !!p && p.exitCode === null && p.signalCode === null;
  const env: WorkerEnv = {
    h,
    db,
    dbUrl,
    redisUrl: common.REDIS_URL,
    worker: undefined,
    log: () => log,
    async startWorker(extra = {}) {
      await env.killWorker();
      env.worker = await startWorkerProcess(
        { ...common, JWT_ACCESS_SECRET: testConfig().auth.accessSecret, ...options.workerEnv, ...extra },
        (chunk) => (log = appendTail(log, chunk)),
      );
    },
    async killWorker() {
      await killProcess(env.worker);
      env.worker = undefined;
    },
    async killRedis() {
      await killProcess(redis);
    },
    async restartRedis() {
      if (!alive(redis)) await runRedis();
    },
    eventually: (read, ok, timeoutMs = 30_000, everyMs = 100) =>
      eventually(read, ok, timeoutMs, everyMs, () => `worker log:\n${log.slice(-3000)}`),
    async close() {
      await killProcess(env.worker);
      await h.close();
      await db.$disconnect();
      await killProcess(redis);
    },
  };
  if (options.startWorker !== false) await env.startWorker();
  return env;
}

/**
 * The worker env of one spec file: started before its tests (beforeAll) and closed after them. The
 * handle reads through to the running env, so a file declares it once at the top:
 * `const env = workerEnvForFile({ suffix: 'exec' });`.
 */
export function workerEnvForFile(options: WorkerEnvOptions): WorkerEnv {
  let running: WorkerEnv | undefined;
  beforeAll(async () => {
    running = await workerEnv(options);
  }, 120_000);
  afterAll(() => running?.close());
  const now = () => {
    if (!running) throw new Error('the worker env is not started yet: use it inside a test or a hook');
    return running;
  };
  return {
    get h() {
      return now().h;
    },
    get db() {
      return now().db;
    },
    get dbUrl() {
      return now().dbUrl;
    },
    get redisUrl() {
      return now().redisUrl;
    },
    get worker() {
      return now().worker;
    },
    log: () => now().log(),
    startWorker: (extra) => now().startWorker(extra),
    killWorker: () => now().killWorker(),
    killRedis: () => now().killRedis(),
    restartRedis: () => now().restartRedis(),
    eventually: (read, ok, timeoutMs, everyMs) => now().eventually(read, ok, timeoutMs, everyMs),
    close: () => now().close(),
  };
}
