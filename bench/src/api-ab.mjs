// `node bench/src/api-ab.mjs`: what a change to the request path bought, as server CPU ms per
// cached request of two builds (BENCH_API_ENTRY vs BENCH_BASELINE_ENTRY) driven in alternating
// rounds (BENCH_ROUNDS, 3) of BENCH_DURATION s (4) with BENCH_CONNECTIONS (8) connections, on the
// database bench:api prepared. Low concurrency on purpose: on a loaded machine 64 connections
// push Redis replies past the cache's 250 ms timeout, the breaker opens and a "cached" case turns
// into loads. Each round also reports the misses/bypasses the server counted (should be 0).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { benchTarget, demoLogin, start, stopAll, waitUp } from './lib.mjs';

const target = benchTarget(2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const METRICS_TOKEN = 'bench-ab-metrics-token-0001';
const builds = [
  { name: 'new', entry: process.env.BENCH_API_ENTRY ?? 'apps/api/dist/main.js', port: 3231 },
  { name: 'baseline', entry: process.env.BENCH_BASELINE_ENTRY, port: 3232 },
];
if (!builds[1].entry) throw new Error('BENCH_BASELINE_ENTRY: an older build (a copy of apps/api/dist) to compare with');

const ticks = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]); // utime + stime, clock ticks (1/100 s)
};
/** Cache reads the server did not answer from Redis (miss, bypass, error), from its own metrics. */
async function notHits(base) {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  let n = 0;
  for (const l of (await res.text()).split('\n'))
    if (/^amms_cache_requests_total\{.*result="(miss|bypass|error)"/.test(l)) n += Number(l.split(' ').at(-1));
  return n;
}

for (const b of builds) {
  b.proc = start(`api ${b.name}`, [b.entry], {
    ...target.env,
    PORT: String(b.port),
    CACHE_ENABLED: 'true',
    METRICS_TOKEN,
  });
  b.base = `http://127.0.0.1:${b.port}`;
}
for (const b of builds) {
  await waitUp(b.base);
  const { headers, orgId } = await demoLogin(b.base, 'owner@green-valley.demo', 'green-valley');
  b.headers = headers;
  b.orgId = orgId;
}
const cases = [
  ['asset list', (b) => `${b.base}/api/v1/orgs/${b.orgId}/assets?limit=50`],
  ['overview', (b) => `${b.base}/api/v1/orgs/${b.orgId}/analytics/overview`],
];
console.log(`bench:api-ab — ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s per build and case`);
const sum = {};
for (const [label, url] of cases) {
  for (const b of builds) await autocannon({ url: url(b), connections: 4, duration: 1, headers: b.headers });
  for (let round = 0; round < ROUNDS; round++) {
    for (const b of round % 2 ? [...builds].reverse() : builds) {
      const missed = await notHits(b.base);
      const t0 = ticks(b.proc.pid);
      const r = await autocannon({ url: url(b), connections: CONNECTIONS, duration: DURATION, headers: b.headers });
      const cpuMs = (ticks(b.proc.pid) - t0) * 10;
      const s = (sum[`${label}|${b.name}`] ??= { cpuMs: 0, reqs: 0, missed: 0, p99: [] });
      s.cpuMs += cpuMs;
      s.reqs += r.requests.total;
      s.missed += (await notHits(b.base)) - missed;
      s.p99.push(r.latency.p99);
    }
  }
  const [n, o] = builds.map((b) => sum[`${label}|${b.name}`]);
  for (const [b, s] of [
    ['new', n],
    ['baseline', o],
  ])
    console.log(
      `${label.padEnd(11)} ${b.padEnd(9)} ${(s.cpuMs / s.reqs).toFixed(3)} ms CPU/req  ${String(s.reqs).padStart(6)} req  p99 ${s.p99.join('/')} ms  not from cache ${s.missed}`,
    );
  console.log(`${label.padEnd(11)} CPU/req new / baseline ${(n.cpuMs / n.reqs / (o.cpuMs / o.reqs)).toFixed(2)}`);
}
stopAll();
process.exit(0);
