// `npm run bench:api`: throughput and latency of the API's read paths with the Redis cache on
// and off, against a bare Fastify + Redis route serving the same payload (the physical
// reference), all measured in one run on this machine. Figures and ratios, not pass/fail.
//
// It prepares its own database (amms_bench: created, migrated, seeded with --scale), starts
// two API processes (cache on / cache off) and the bare reference, and drives each with
// autocannon (keep-alive connections, BENCH_CONNECTIONS, BENCH_DURATION seconds per case).
// DB work per request is read from Postgres' own counters (pg_stat_database transactions
// committed, delta over the case / requests) — the database's view, not the app's.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { benchTarget, demoLogin, flushRedis, prepare, start, stopAll, waitUp } from './lib.mjs';

const target = benchTarget(2);
const { dbName: DB_NAME, databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, scale: SCALE } = target;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const PORTS = { cached: 3202, uncached: 3203, bare: 3204, baseline: 3205, baselineUncached: 3206, cached2: 3207 };
// BENCH_API_ENTRY: the API build to measure; BENCH_BASELINE_ENTRY (optional): an older build
// (e.g. a copy of apps/api/dist made before a change) measured cache-on in the same run, so a
// change's effect is a ratio under the same load. BENCH_REUSE=1: keep the seeded database.
const API_ENTRY = process.env.BENCH_API_ENTRY ?? 'apps/api/dist/main.js';
const BASELINE_ENTRY = process.env.BENCH_BASELINE_ENTRY;

async function waitBare(base) {
  // up to 60 s: on a loaded machine even a bare Fastify process boots slowly
  for (let i = 0; i < 600; i++) {
    try {
      await fetch(`${base}/bare/ping`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('bare reference did not start');
}

/** Transactions Postgres committed in the bench database so far (stats flushed, snapshot fresh). */
let statReads = 0;
async function xacts(client) {
  await new Promise((r) => setTimeout(r, 1100)); // backends flush their stats at most once a second
  await client.query('SELECT pg_stat_clear_snapshot()');
  const r = await client.query('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [
    DB_NAME,
  ]);
  statReads++;
  return Number(r.rows[0].n);
}

/**
 * The counter once the servers are quiet: requests still running server-side when autocannon
 * stops (slow ones, on a loaded machine) would otherwise put their transactions into the next
 * case. Returns the count and how many reads it took (each read adds 2 transactions of our own).
 */
async function quietXacts(client) {
  let prev = await xacts(client);
  for (let i = 0; i < 20; i++) {
    const n = await xacts(client);
    if (n - prev <= 2) return n;
    prev = n;
  }
  return prev;
}

/**
 * CPU time (user + system, ms) the server process has used so far, from /proc: per request it is
 * the figure the load of other processes on this shared machine distorts least.
 */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN; // not Linux
  }
}
const CLOCK_TICKS = 100; // USER_HZ: 100 on every Linux this runs on

async function run(label, url, headers, stats, server) {
  const before = await quietXacts(stats);
  const readsBefore = statReads;
  const cpuBefore = cpuMs(server.pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, pipelining: 1 });
  const cpu = cpuMs(server.pid) - cpuBefore;
  const after = await quietXacts(stats);
  const requests = r.requests.total;
  // our own monitoring queries (snapshot + count) add 2 transactions per xacts() call
  const dbPerReq = requests ? Math.max(0, after - before - 2 * (statReads - readsBefore)) / requests : 0;
  const out = {
    label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    requests,
    dbPerReq,
    cpuPerReq: requests ? cpu / requests : NaN,
  };
  console.log(
    `${label.padEnd(40)} ${out.rps.toFixed(0).padStart(7)} req/s  p50 ${String(out.p50).padStart(4)} ms  p99 ${String(out.p99).padStart(4)} ms  ` +
      `db tx/req ${out.dbPerReq.toFixed(2).padStart(5)}  server CPU ${out.cpuPerReq.toFixed(3).padStart(6)} ms/req  non-2xx ${out.non2xx}`,
  );
  return out;
}

/**
 * The overview's figures from two builds (cache off), for the last three whole months (a closed
 * period: open downtime is clipped to its end, so nothing moves with the clock): equal or not.
 */
async function sameFigures(bases, overviewPath, headers) {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
  const q = `${overviewPath}?from=${first}&to=${last}`;
  const [a, b] = await Promise.all(bases.map(async (base) => (await fetch(base + q, { headers })).text()));
  return { equal: a === b, period: `${first}..${last}`, bytes: a.length };
}

/** `n` requests one after another: the latency a lone reader sees (no queue in front of it). */
async function serial(label, url, headers, n = Number(process.env.BENCH_SERIAL ?? 60)) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]);
  const out = { p50: q(0.5), p95: q(0.95) };
  console.log(
    `${label.padEnd(58)} p50 ${String(out.p50).padStart(4)} ms  p95 ${String(out.p95).padStart(4)} ms  (${n} requests)`,
  );
  return out;
}

// the servers' /metrics (off in production without a token): the herd counts their cache misses
const METRICS_TOKEN = `bench-metrics-${randomUUID()}`;

/** Σ amms_cache_requests_total{resource="analytics", result=…} of the servers (their /metrics). */
async function cacheCount(bases, result) {
  let n = 0;
  for (const base of bases) {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    if (!res.ok) throw new Error(`${base}/metrics answered ${res.status}`);
    const text = await res.text();
    for (const line of text.split('\n'))
      if (
        line.startsWith('amms_cache_requests_total{') &&
        line.includes('resource="analytics"') &&
        line.includes(`result="${result}"`)
      )
        n += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return n;
}

/**
 * A thundering herd: a field write invalidates the org's analytics, then 64 readers ask for the
 * overview at once, spread over two API processes. Loads = the servers' cache misses (each miss
 * runs the loader); the database transactions beyond the readers' access queries are printed too.
 * Single flight: 1 load.
 */
async function herd(bases, orgId, overviewPath, headers, stats, readers = 64) {
  const base = bases[0];
  await fetch(base + overviewPath, { headers }); // cached before the write
  const write = await fetch(`${base}/api/v1/orgs/${orgId}/fields`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ name: `bench herd ${Date.now()}`, areaHa: 1 }),
  });
  if (write.status !== 201) throw new Error(`herd: the invalidating write answered ${write.status}`);
  const before = await quietXacts(stats);
  const readsBefore = statReads;
  const missesBefore = await cacheCount(bases, 'miss');
  const statuses = await Promise.all(
    Array.from({ length: readers }, (_, i) =>
      fetch(bases[i % bases.length] + overviewPath, { headers }).then((r) => (r.arrayBuffer(), r.status)),
    ),
  );
  const after = await quietXacts(stats);
  const tx = after - before - 2 * (statReads - readsBefore);
  const loads = (await cacheCount(bases, 'miss')) - missesBefore;
  return { readers, loads, loaderTx: Math.max(0, tx - readers), ok: statuses.every((s) => s === 200) };
}

try {
  console.log(
    `AMMS bench:api — ${CONNECTIONS} connections, ${DURATION} s per case, database ${DB_NAME} (scale ${SCALE}), ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
  );
  if (process.env.BENCH_REUSE === '1') await flushRedis(REDIS_URL);
  else await prepare(target);
  const redis = new Redis(REDIS_URL);
  const apiEnv = { ...target.env, METRICS_TOKEN };
  const proc = {};
  proc.cached = start('api (cache on)', [API_ENTRY], { ...apiEnv, PORT: String(PORTS.cached), CACHE_ENABLED: 'true' });
  if (BASELINE_ENTRY)
    proc.baseline = start('baseline api (cache on)', [BASELINE_ENTRY], {
      ...apiEnv,
      PORT: String(PORTS.baseline),
      CACHE_ENABLED: 'true',
    });
  proc.uncached = start('api (cache off)', [API_ENTRY], {
    ...apiEnv,
    PORT: String(PORTS.uncached),
    CACHE_ENABLED: 'false',
  });
  if (BASELINE_ENTRY)
    proc.baselineUncached = start('baseline api (cache off)', [BASELINE_ENTRY], {
      ...apiEnv,
      PORT: String(PORTS.baselineUncached),
      CACHE_ENABLED: 'false',
    });
  // a second cache-on process of the same build: the herd is spread over both (single flight across processes)
  proc.cached2 = start('api (cache on, second process)', [API_ENTRY], {
    ...apiEnv,
    PORT: String(PORTS.cached2),
    CACHE_ENABLED: 'true',
  });
  proc.bare = start('bare reference', ['bench/src/bare-server.mjs'], {
    PORT: String(PORTS.bare),
    REDIS_URL,
    DATABASE_URL,
  });
  const cached = `http://127.0.0.1:${PORTS.cached}`;
  const uncached = `http://127.0.0.1:${PORTS.uncached}`;
  const bare = `http://127.0.0.1:${PORTS.bare}`;
  const baseline = `http://127.0.0.1:${PORTS.baseline}`;
  const baselineUncached = `http://127.0.0.1:${PORTS.baselineUncached}`;
  const cached2 = `http://127.0.0.1:${PORTS.cached2}`;
  await Promise.all([
    waitUp(cached),
    waitUp(cached2),
    waitUp(uncached),
    waitBare(bare),
    BASELINE_ENTRY ? waitUp(baseline) : null,
    BASELINE_ENTRY ? waitUp(baselineUncached) : null,
  ]);

  const { headers, orgId, claims } = await demoLogin(cached, 'owner@green-valley.demo', 'green-valley');
  const accessQuery = `sid=${claims.sid}&uid=${claims.sub}&org=${orgId}`;
  const assetsPath = `/api/v1/orgs/${orgId}/assets?limit=50`;
  const overviewPath = `/api/v1/orgs/${orgId}/analytics/overview`;

  // the bare route serves exactly the bytes the API returns
  const assetsBody = await (await fetch(cached + assetsPath, { headers })).text();
  const overviewBody = await (await fetch(cached + overviewPath, { headers })).text();
  await redis.set('bench:bare:assets', assetsBody);
  await redis.set('bench:bare:overview', overviewBody);
  console.log(`  payloads: asset list ${assetsBody.length} B, analytics overview ${overviewBody.length} B\n`);

  const stats = new pg.Client({ connectionString: DATABASE_URL });
  await stats.connect();
  // warm-up (JIT, pools, cache fill)
  await autocannon({ url: cached + assetsPath, connections: 8, duration: 2, headers });
  await autocannon({ url: cached + overviewPath, connections: 8, duration: 2, headers });
  if (BASELINE_ENTRY) {
    await autocannon({ url: baseline + assetsPath, connections: 8, duration: 2, headers });
    await autocannon({ url: baseline + overviewPath, connections: 8, duration: 2, headers });
  }

  const r = {};
  r.bareAssets = await run('bare Fastify + Redis (asset list bytes)', `${bare}/bare/assets`, {}, stats, proc.bare);
  r.bareAuthAssets = await run(
    'bare + access query (asset list bytes)',
    `${bare}/bare-auth/assets?${accessQuery}`,
    {},
    stats,
    proc.bare,
  );
  r.cachedAssets = await run('GET /assets  cache on', cached + assetsPath, headers, stats, proc.cached);
  if (BASELINE_ENTRY)
    r.baselineAssets = await run(
      'GET /assets  cache on (baseline build)',
      baseline + assetsPath,
      headers,
      stats,
      proc.baseline,
    );
  r.uncachedAssets = await run('GET /assets  cache off', uncached + assetsPath, headers, stats, proc.cached);
  r.bareOverview = await run('bare Fastify + Redis (overview bytes)', `${bare}/bare/overview`, {}, stats, proc.bare);
  r.bareAuthOverview = await run(
    'bare + access query (overview bytes)',
    `${bare}/bare-auth/overview?${accessQuery}`,
    {},
    stats,
    proc.bare,
  );
  r.cachedOverview = await run('GET /analytics/overview  cache on', cached + overviewPath, headers, stats, proc.cached);
  if (BASELINE_ENTRY)
    r.baselineOverview = await run(
      'GET /analytics/overview  cache on (baseline)',
      baseline + overviewPath,
      headers,
      stats,
      proc.baseline,
    );
  r.uncachedOverview = await run(
    'GET /analytics/overview  cache off',
    uncached + overviewPath,
    headers,
    stats,
    proc.cached,
  );
  // issue #30 §2: one reader at a time, cache off — what a reader pays right after an invalidation
  r.serialUncached = await serial('GET /analytics/overview  cache off, 1 at a time', uncached + overviewPath, headers);
  if (BASELINE_ENTRY)
    r.serialBaseline = await serial(
      'GET /analytics/overview  cache off, 1 at a time (baseline)',
      baselineUncached + overviewPath,
      headers,
    );
  r.herd = await herd([cached, cached2], orgId, overviewPath, headers, stats);
  if (BASELINE_ENTRY) r.same = await sameFigures([uncached, baselineUncached], overviewPath, headers);
  await stats.end();
  redis.disconnect();

  const ratio = (a, b) => (b ? (a / b).toFixed(2) : 'n/a');
  console.log('\nratios (req/s, same run)        asset list   analytics overview   target');
  console.log(
    `  cached / bare                  ${ratio(r.cachedAssets.rps, r.bareAssets.rps).padStart(8)}     ${ratio(r.cachedOverview.rps, r.bareOverview.rps).padStart(8)}             ≥ 0.50`,
  );
  console.log(
    `  cached / (bare + access query) ${ratio(r.cachedAssets.rps, r.bareAuthAssets.rps).padStart(8)}     ${ratio(r.cachedOverview.rps, r.bareAuthOverview.rps).padStart(8)}             ≥ 0.70 (issue #16)`,
  );
  console.log(
    `  cached / uncached              ${ratio(r.cachedAssets.rps, r.uncachedAssets.rps).padStart(8)}     ${ratio(r.cachedOverview.rps, r.uncachedOverview.rps).padStart(8)}             ≥ 10 (overview)`,
  );
  const cpuRatio = (a, b) => (b.cpuPerReq ? (a.cpuPerReq / b.cpuPerReq).toFixed(2) : 'n/a');
  console.log(
    `  server CPU/req cached / (bare + access query) ${cpuRatio(r.cachedAssets, r.bareAuthAssets).padStart(5)}     ${cpuRatio(r.cachedOverview, r.bareAuthOverview).padStart(8)}             (CPU, not req/s: robust to the machine's load)`,
  );
  if (BASELINE_ENTRY)
    console.log(
      `  server CPU/req cached / baseline              ${cpuRatio(r.cachedAssets, r.baselineAssets).padStart(5)}     ${cpuRatio(r.cachedOverview, r.baselineOverview).padStart(8)}`,
    );
  if (BASELINE_ENTRY)
    console.log(
      `  cached / cached (baseline)     ${ratio(r.cachedAssets.rps, r.baselineAssets.rps).padStart(8)}     ${ratio(r.cachedOverview.rps, r.baselineOverview.rps).padStart(8)}             what the change bought`,
    );
  console.log(
    `  p99 cached (ms)                ${String(r.cachedAssets.p99).padStart(8)}     ${String(r.cachedOverview.p99).padStart(8)}             < 50 at 64 connections`,
  );
  console.log(
    `  p99 cached / (bare + access) p99 ${ratio(r.cachedAssets.p99, r.bareAuthAssets.p99).padStart(6)}     ${ratio(r.cachedOverview.p99, r.bareAuthOverview.p99).padStart(8)}             ≤ 1.3 (issue #30)`,
  );
  console.log('\nissue #30 §2 (cold cache)                                   figure      target');
  console.log(
    `  uncached overview db tx/req (64 connections)           ${r.uncachedOverview.dbPerReq.toFixed(2).padStart(8)}      ≤ 3`,
  );
  console.log(
    `  uncached overview p50, one reader at a time (ms)       ${String(r.serialUncached.p50).padStart(8)}      ≤ 60 at scale 10 (this run: scale ${SCALE})`,
  );
  if (BASELINE_ENTRY)
    console.log(`  … baseline build, same run (ms)                        ${String(r.serialBaseline.p50).padStart(8)}`);
  console.log(
    `  herd: ${r.herd.readers} readers on 2 processes after an invalidation → loads ${String(r.herd.loads).padStart(3)} (db tx ${r.herd.loaderTx})   1 (single flight); all 200: ${r.herd.ok}`,
  );
  if (r.same)
    console.log(
      `  overview figures equal to the baseline build's (${r.same.period}, ${r.same.bytes} B): ${r.same.equal}`,
    );
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('\nnotes: every API request still does its access checks (JWT, live session, membership) against');
  console.log('Postgres — permission decisions never read the cache — so "db tx/req" of a cached read is that floor.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  stopAll();
}
