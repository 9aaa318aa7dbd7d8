// Plumbing shared by the benchmarks: child processes that stop with the bench, one-shot steps,
// waiting for a server, JSON answers.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOG_DIR = path.join(ROOT, '.bench-logs');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const children = new Set();
let stopping = false;

/** A long-running child (API, worker, reference server); stopped by stopAll(). Env values `undefined` remove the variable. */
export function start(label, args, env) {
  const merged = { ...process.env, ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  // stdout (the server's request and error log) goes to .bench-logs/<label>.log: a 5xx seen in a run
  // can be traced to its cause afterwards
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${label.replace(/[^\w.-]+/g, '_')}.log`);
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { cwd: ROOT, env: merged, stdio: ['ignore', out, 'inherit'] });
  closeSync(out);
  children.add(child);
  child.on('exit', (code, sig) => {
    children.delete(child);
    if (code && !stopping) console.error(`${label} exited with ${code ?? sig}`);
  });
  return child;
}

/** Stops one child (SIGTERM) and waits for it. */
export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
}

export function stopAll() {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

/** A one-shot command; throws with its output when it fails. */
export function step(label, cmd, args, env = {}) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${label} failed:\n${r.stdout}\n${r.stderr}`);
  console.log(`  ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return r.stdout;
}

/**
 * Where a bench runs: its database (BENCH_DB, default from the scale), seed scale (BENCH_SCALE),
 * Redis db (BENCH_REDIS_URL) and the environment of the API / worker processes it starts.
 */
export function benchTarget(defaultScale, defaultDb = (scale) => `amms_bench${scale === 2 ? '' : scale}`) {
  const scale = Number(process.env.BENCH_SCALE ?? defaultScale);
  const dbName = process.env.BENCH_DB ?? defaultDb(scale);
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${dbName}`;
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
  const env = {
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    JWT_ACCESS_SECRET: process.env.JWT_ACCESS_SECRET ?? 'bench-secret-bench-secret-bench-secret-01',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  };
  return { scale, dbName, databaseUrl, redisUrl, env };
}

/** Creates (if needed), migrates and seeds the bench database, and empties its Redis db. */
export async function prepare(target) {
  console.log('preparing:');
  spawnSync('createdb', ['-h', '127.0.0.1', '-U', 'postgres', target.dbName], { stdio: 'ignore' });
  step('migrate', process.execPath, ['packages/db/dist/migrator/cli.js', 'migrate'], {
    DATABASE_URL: target.databaseUrl,
  });
  step(
    `seed --scale ${target.scale}`,
    process.execPath,
    ['apps/api/dist/seed/main.js', '--scale', String(target.scale)],
    { DATABASE_URL: target.databaseUrl },
  );
  // planner statistics for the rows just written: autovacuum gets there late on a busy machine, and
  // until then Postgres plans for empty tables (the scale-10 overview: 700 ms before, 80 ms after)
  step('analyze', 'psql', [target.databaseUrl, '-qc', 'ANALYZE'], {});
  await flushRedis(target.redisUrl);
}

/** Empties the bench's Redis db (cache entries, rate-limit counters). */
export async function flushRedis(url) {
  const redis = new Redis(url);
  await redis.flushdb();
  redis.disconnect();
}

export async function waitUp(base) {
  // up to 240 s: a busy 2-core machine (load 30+) boots several Nest processes slowly
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      /* starting */
    }
    await sleep(200);
  }
  throw new Error(`${base} did not start (build first: npm run build)`);
}

export async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${res.url}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Logs in a demo user; returns the token, the claims and the org id of `slug`. */
export async function demoLogin(base, email, slug) {
  const login = await json(
    await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'amms-demo-2026' }),
    }),
  );
  const orgId = login.memberships.find((m) => m.organization.slug === slug).organization.id;
  const claims = JSON.parse(Buffer.from(login.accessToken.split('.')[1], 'base64url').toString('utf8'));
  return { token: login.accessToken, headers: { authorization: `Bearer ${login.accessToken}` }, orgId, claims };
}

/**
 * CPU time (user + system, ms) the processes `pids` have used so far (Linux /proc; 0 for a pid that
 * is gone). Two readings around a measured window give the CPU a workload cost, which varies far
 * less with a shared machine's load than its wall-clock throughput does.
 */
export function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      /* exited */
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * CPU (ms) used by the database's backends for `dbName` from now until the returned function is
 * called. Backends come and go with the pool (idle ones are closed): they are listed every 250 ms
 * and each one's last reading counts (one that ends between two listings loses at most that much).
 */
export function backendCpu(pool, dbName) {
  const first = new Map();
  const last = new Map();
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      const r = await pool.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
        dbName,
      ]);
      for (const { pid } of r.rows) {
        const ms = cpuMs([pid]);
        if (!first.has(pid)) first.set(pid, started ? 0 : ms);
        if (ms > 0) last.set(pid, ms);
      }
    } finally {
      busy = false;
    }
  };
  let started = false;
  const ready = sample().then(() => {
    started = true;
  });
  const timer = setInterval(() => void sample(), 250);
  return {
    ready,
    async stop() {
      clearInterval(timer);
      await sample();
      let total = 0;
      for (const [pid, ms] of last) total += ms - (first.get(pid) ?? 0);
      return total;
    },
  };
}
