// `node bench/src/api-profile.mjs`: a CPU profile of the API serving one cached read under
// autocannon (issue #16's method: profile first). Starts the built API with --cpu-prof on
// BENCH_DB (prepared by bench:api), drives PROFILE_PATH (assets | overview) for BENCH_DURATION s,
// stops it and prints the top self-time functions and the share per package.
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchTarget, demoLogin, flushRedis, start, stop, waitUp } from './lib.mjs';

const target = benchTarget(2);
const DIR = process.env.PROFILE_DIR ?? '/tmp/amms-api-profile';
const PORT = 3209;
const entry = process.env.BENCH_API_ENTRY ?? 'apps/api/dist/main.js';
mkdirSync(DIR, { recursive: true });
await flushRedis(target.redisUrl);
const t0 = Date.now();
const api = start('api (profiled)', ['--cpu-prof', `--cpu-prof-dir=${DIR}`, entry], {
  ...target.env,
  PORT: String(PORT),
  CACHE_ENABLED: 'true',
});
const base = `http://127.0.0.1:${PORT}`;
await waitUp(base);
const { headers, orgId } = await demoLogin(base, 'owner@green-valley.demo', 'green-valley');
const url =
  process.env.PROFILE_PATH === 'overview'
    ? `${base}/api/v1/orgs/${orgId}/analytics/overview`
    : `${base}/api/v1/orgs/${orgId}/assets?limit=50`;
await autocannon({ url, connections: 8, duration: 2, headers });
// samples before the measured window (boot, warm-up) are left out of the figures below
const skipMs = Date.now() - t0;
const r = await autocannon({
  url,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 64),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  headers,
});
console.log(`${r.requests.total} requests, ${r.requests.average} req/s, p99 ${r.latency.p99} ms`);
const before = new Set(readdirSync(DIR));
await stop(api);
const file = readdirSync(DIR).find((f) => !before.has(f)) ?? readdirSync(DIR).sort().at(-1);
const prof = JSON.parse(readFileSync(path.join(DIR, file), 'utf8'));
const self = new Map();
const byPkg = new Map();
const dt = prof.timeDeltas;
const hits = new Map();
let at = 0;
prof.samples.forEach((id, i) => {
  at += dt[i] ?? 0;
  if (at / 1000 >= skipMs) hits.set(id, (hits.get(id) ?? 0) + (dt[i] ?? 0));
});
let total = 0;
for (const n of prof.nodes) {
  const t = (hits.get(n.id) ?? 0) / 1000;
  total += t;
  const f = n.callFrame;
  const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${f.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + t);
  const pkg = f.url.includes('node_modules/')
    ? f.url
        .split('node_modules/')
        .at(-1)
        .split('/')
        .slice(0, f.url.split('node_modules/').at(-1).startsWith('@') ? 2 : 1)
        .join('/')
    : f.url.includes('/apps/')
      ? 'apps/api'
      : f.url.startsWith('node:') || !f.url
        ? f.functionName.startsWith('(')
          ? f.functionName
          : 'node internals'
        : f.url;
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`\nprofile ${file}: ${total.toFixed(0)} ms sampled, ${(total / r.requests.total).toFixed(3)} ms/request`);
console.log('\nself time by package:');
for (const [k, v] of top(byPkg, 20)) console.log(`  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
console.log('\ntop functions (self):');
for (const [k, v] of top(self, 30)) console.log(`  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
