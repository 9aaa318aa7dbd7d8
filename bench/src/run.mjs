// AMMS benchmark: boots the built API on 127.0.0.1:3201 against the dev database (seeded by
// `npm start` or `npm run db:seed`), then measures request latency through the full access
// chain, with /health as the in-run baseline so ratios compare like with like.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.BENCH_PORT ?? 3201);
const BASE = `http://127.0.0.1:${PORT}`;
const N = Number(process.env.BENCH_REQUESTS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const api = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/amms',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitUp() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('API did not start (is it built? run npm start or npm run build first)');
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Sends n requests with bounded concurrency; returns latency stats in ms. */
async function measure(label, n, concurrency, makeRequest) {
  const times = [];
  let next = 0;
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const s = performance.now();
        const res = await makeRequest();
        await res.arrayBuffer();
        if (!res.ok) errors++;
        times.push(performance.now() - s);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const r = { label, n, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), rps: n / wall, errors };
  console.log(
    `${label.padEnd(44)} n=${String(n).padStart(4)}  p50 ${r.p50.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms  ${r.rps.toFixed(0).padStart(6)} req/s  errors ${errors}`,
  );
  return r;
}

try {
  await waitUp();
  const login = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@green-valley.demo', password: 'amms-demo-2026' }),
  }).then((r) => r.json());
  if (!login.accessToken) throw new Error(`demo login failed (seed the dev database first): ${JSON.stringify(login)}`);
  const auth = { authorization: `Bearer ${login.accessToken}` };
  const orgId = login.memberships[0].organization.id;

  console.log(`AMMS bench — ${N} requests per case, concurrency ${CONCURRENCY}, API on ${BASE}\n`);
  // warm-up
  await measure('warm-up', 100, CONCURRENCY, () =>
    fetch(`${BASE}/api/v1/orgs/${orgId}/members?limit=50`, { headers: auth }),
  );
  const health = await measure('GET /health (no auth, baseline)', N, CONCURRENCY, () => fetch(`${BASE}/health`));
  const me = await measure('GET /me (JWT + live-session check)', N, CONCURRENCY, () =>
    fetch(`${BASE}/api/v1/me`, { headers: auth }),
  );
  const members = await measure('GET /orgs/:id/members (membership+perm+query)', N, CONCURRENCY, () =>
    fetch(`${BASE}/api/v1/orgs/${orgId}/members?limit=50`, { headers: auth }),
  );
  const denied = await measure('GET other org (404 before any query)', N, CONCURRENCY, () =>
    fetch(`${BASE}/api/v1/orgs/00000000-0000-4000-8000-000000000000/members`, { headers: auth }),
  );
  const logins = await measure('POST /auth/login (scrypt N=2^15)', 40, 2, () =>
    fetch(`${BASE}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'viewer@green-valley.demo', password: 'amms-demo-2026' }),
    }),
  );
  console.log('\nratios (p50, same run):');
  console.log(`  /me vs /health:        ${(me.p50 / health.p50).toFixed(2)}x`);
  console.log(`  members vs /health:    ${(members.p50 / health.p50).toFixed(2)}x`);
  console.log(`  cross-org 404 vs members: ${(denied.p50 / members.p50).toFixed(2)}x`);
  console.log(`  login vs members:      ${(logins.p50 / members.p50).toFixed(2)}x`);
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
} finally {
  api.kill('SIGTERM');
}
