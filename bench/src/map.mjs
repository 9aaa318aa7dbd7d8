// bench:map — GET /map/features for a whole org (issue #27): the cached p95 (target ≤ 100 ms) and
// the bytes a map page downloads (target ≤ 1 MB for 1,500 fields, simplified per zoom).
// Prepares amms_bench10 (seed --scale 10) unless BENCH_REUSE=1, starts the built API, and
// measures the largest org: cold (first request after a flush), cached (BENCH_REQUESTS at
// BENCH_CONCURRENCY) per zoom, and the body size plain and gzip.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchTarget, demoLogin, flushRedis, json, prepare, ROOT, start, stopAll, waitUp } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3211);
const BASE = `http://127.0.0.1:${PORT}`;
const N = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ZOOMS = [undefined, 10, 13, 16];

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timed(url, headers) {
  const t = performance.now();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${res.status} ${url}: ${body.toString('utf8').slice(0, 200)}`);
  return { ms: performance.now() - t, body };
}

async function cached(url, headers) {
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        next++;
        times.push((await timed(url, headers)).ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99) };
}

const target = benchTarget(10);
try {
  if (process.env.BENCH_REUSE !== '1') await prepare(target);
  else await flushRedis(target.redisUrl);
  start('map-api', [path.join(ROOT, 'apps/api/dist/main.js')], { ...target.env, PORT: String(PORT) });
  await waitUp(BASE);
  // the org with the most fields among the demo orgs
  const candidates = [
    ['owner@green-valley.demo', 'green-valley'],
    ['owner@red-river.demo', 'red-river'],
  ];
  let best = null;
  for (const [email, slug] of candidates) {
    const who = await demoLogin(BASE, email, slug).catch(() => null);
    if (!who) continue;
    const fc = await json(await fetch(`${BASE}/api/v1/orgs/${who.orgId}/map/features`, { headers: who.headers }));
    const fields = fc.features.filter((f) => f.properties.kind === 'field').length;
    if (!best || fields > best.fields) best = { ...who, slug, fields };
  }
  const machines = async (url) =>
    (await json(await fetch(url, { headers: best.headers }))).features.filter((f) => f.properties.kind === 'machine')
      .length;
  const url0 = `${BASE}/api/v1/orgs/${best.orgId}/map/features`;
  console.log(
    `\nbench:map — scale ${target.scale}, org ${best.slug}: ${best.fields} fields, ${await machines(url0)} machines; ${N} cached requests per zoom at concurrency ${CONCURRENCY}\n`,
  );
  console.log('zoom   cold ms   cached p50   p95      p99      body KB   gzip KB   polygons');
  for (const zoom of ZOOMS) {
    const url = zoom === undefined ? url0 : `${url0}?zoom=${zoom}`;
    await flushRedis(target.redisUrl);
    const cold = await timed(url, best.headers);
    const c = await cached(url, best.headers);
    const fc = JSON.parse(cold.body.toString('utf8'));
    const polygons = fc.features.filter((f) => f.geometry?.type === 'MultiPolygon').length;
    console.log(
      `${String(zoom ?? 'full').padEnd(6)} ${cold.ms.toFixed(1).padStart(7)}   ${c.p50.toFixed(1).padStart(8)}   ${c.p95.toFixed(1).padStart(6)}   ${c.p99.toFixed(1).padStart(6)}   ${(cold.body.length / 1024).toFixed(0).padStart(7)}   ${(gzipSync(cold.body).length / 1024).toFixed(0).padStart(7)}   ${polygons}`,
    );
  }
  console.log('\ntargets (issue #27): cached p95 ≤ 100 ms for a whole org; ≤ 1 MB for 1,500 fields at map zooms');
} finally {
  stopAll();
}
