// `npm run bench:telematics` (issue #28): telematics at scale, against the built API.
//   1. push ingest throughput: BENCH_BATCHES batches of 1,000 readings (position + hours + fuel per
//      row) through POST /telematics/readings with an API key, BENCH_CONCURRENCY at a time →
//      readings/s (target ≥ 5,000 on the reference machine);
//   2. last-position reads with BENCH_POSITIONS rows in the position table (default 1,000,000 so
//      it finishes in minutes on a busy machine; BENCH_POSITIONS=10000000 on a quiet one): the
//      kept last position of one machine (SQL), the newest point of one machine from the time
//      series (SQL, the (assetId, at) index), and GET /assets/:id (which carries it): p50 / p95
//      over 300 runs each (target ≤ 20 ms p95);
//   3. one pull cycle for BENCH_MACHINES machines (default 1,000) against the fake AEMP 2.0
//      server (the production client pages the fleet snapshot, 100 units a page), and a first
//      cycle with the four time series (24 h backfill) for BENCH_SERIES_MACHINES (default 20).
// Prepares amms_bench_telematics (seed --scale 1) unless BENCH_REUSE=1. Figures, not pass/fail.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  backendCpu,
  benchTarget,
  cpuMs,
  demoLogin,
  flushRedis,
  json,
  prepare,
  ROOT,
  start,
  stop,
  stopAll,
  waitUp,
} from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3221);
const BASE = `http://127.0.0.1:${PORT}`;
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 1_000_000);
const MACHINES = Number(process.env.BENCH_MACHINES ?? 1000);
const SERIES_MACHINES = Number(process.env.BENCH_SERIES_MACHINES ?? 20);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
// BENCH_BASELINE_DIST=apps/api/.dist-baseline: push through that build first ("before"), then through apps/api/dist
const BASELINE_DIST = process.env.BENCH_BASELINE_DIST ?? '';
// BENCH_PUSH_FULL=1: also push rows carrying engine hours and fuel (meter readings, plausibility, fuel settling)
const PUSH_FULL = process.env.BENCH_PUSH_FULL === '1';
// BENCH_PUSH_ONLY=1: stop after the push figures (no last-position reads, no pull cycles)
const PUSH_ONLY = process.env.BENCH_PUSH_ONLY === '1';
// BENCH_ROUNDS: how many times each build pushes (figures are the medians)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
// BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/p': node flags for the API processes (a profile of the push)
const NODE_ARGS = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (x) => x.toFixed(2);

async function timed300(label, fn) {
  const ms = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label}_p50_ms=${fmt(pct(ms, 50))}\n${label}_p95_ms=${fmt(pct(ms, 95))}`);
}

const target = benchTarget(1, () => 'amms_bench_telematics');
try {
  if (process.env.BENCH_REUSE !== '1') await prepare(target);
  else await flushRedis(target.redisUrl);
  console.log(
    `AMMS bench:telematics — ${POSITIONS.toLocaleString()} positions, ${MACHINES} machines, database ${target.dbName}`,
  );
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 4 });
  const q = (sql, args) => pool.query(sql, args);
  const org = (await q(`SELECT id FROM "Organization" WHERE slug = 'green-valley'`)).rows[0].id;
  const model = (
    await q(`SELECT id FROM "MachineModel" WHERE "organizationId" = $1 OR "organizationId" IS NULL LIMIT 1`, [org])
  ).rows[0].id;

  // the bench fleet: BENCH_MACHINES machines with serial numbers BT-00001…
  const have = Number(
    (await q(`SELECT count(*) FROM "Asset" WHERE "organizationId" = $1 AND "serialNumber" LIKE 'BT-%'`, [org])).rows[0]
      .count,
  );
  if (have < MACHINES) {
    await q(
      `INSERT INTO "Asset" (id, "organizationId", "modelId", name, "serialNumber", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, 'Bench ' || lpad(i::text, 5, '0'), 'BT-' || lpad(i::text, 5, '0'), now()
       FROM generate_series($3 + 1, $4) i`,
      [org, model, have, MACHINES],
    );
  }
  const fleet = (
    await q(
      `SELECT id, "serialNumber" FROM "Asset" WHERE "organizationId" = $1 AND "serialNumber" LIKE 'BT-%' ORDER BY "serialNumber" LIMIT $2`,
      [org, MACHINES],
    )
  ).rows;

  // the position table at BENCH_POSITIONS rows (spread over the fleet, one point a minute back from 2 days ago)
  const rows = Number(
    (await q(`SELECT count(*) FROM "AssetPosition" WHERE "organizationId" = $1`, [org])).rows[0].count,
  );
  if (rows < POSITIONS) {
    const t0 = performance.now();
    const perMachine = Math.ceil((POSITIONS - rows) / fleet.length);
    const chunk = 50;
    for (let i = 0; i < fleet.length; i += chunk) {
      await q(
        `INSERT INTO "AssetPosition" ("organizationId", "assetId", at, latitude, longitude)
         SELECT $1, a, now() - interval '2 days' - (n || ' minutes')::interval - ($4::int || ' years')::interval,
                45.7 + (n % 1000) * 0.0001, 126.6 + (n % 700) * 0.0001
         FROM unnest($2::uuid[]) a, generate_series(1, $3) n
         ON CONFLICT DO NOTHING`,
        [org, fleet.slice(i, i + chunk).map((m) => m.id), perMachine, rows > 0 ? 1 : 0],
      );
    }
    await q(
      `INSERT INTO "AssetLastPosition" ("assetId", "organizationId", at, latitude, longitude)
       SELECT DISTINCT ON ("assetId") "assetId", "organizationId", at, latitude, longitude
       FROM "AssetPosition" WHERE "organizationId" = $1 ORDER BY "assetId", at DESC
       ON CONFLICT ("assetId") DO NOTHING`,
      [org],
    );
    await q('ANALYZE "AssetPosition"');
    console.log(`  load positions (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  const total = Number((await q(`SELECT count(*) FROM "AssetPosition"`)).rows[0].count);

  const apiEnv = {
    ...target.env,
    PORT: String(PORT),
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    TELEMATICS_SECRET_KEY: process.env.TELEMATICS_SECRET_KEY ?? 'be'.repeat(32),
  };
  const api = (p) => `${BASE}/api/v1/orgs/${org}${p}`;
  let owner;
  const post = (p, body, headers = owner.headers) =>
    fetch(api(p), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
  async function startApi(label, mainJs) {
    const child = start(label, [...NODE_ARGS, mainJs], apiEnv);
    await waitUp(BASE);
    owner = await demoLogin(BASE, 'owner@green-valley.demo', 'green-valley');
    return child;
  }

  // 1. push ingest: each run writes its own time window (no duplicates), newest window last; with a
  // baseline the builds alternate (before, after, before, after… BENCH_ROUNDS times): the machine's
  // load drifts, and alternating spreads it over both
  const builds = [
    ...(BASELINE_DIST ? [{ label: 'before', mainJs: path.resolve(ROOT, BASELINE_DIST, 'main.js') }] : []),
    { label: BASELINE_DIST ? 'after' : 'current', mainJs: path.join(ROOT, 'apps/api/dist/main.js') },
  ];
  const pushRuns = Array.from({ length: ROUNDS }, () => builds).flat();
  const kinds = PUSH_FULL ? ['positions', 'full'] : ['positions'];
  // a machine reads once a batch, batches 1 s apart, a window (warm-ups first) just before now: each
  // window is newer than everything stored (an earlier run's included), so every measured batch moves
  // the machines' last positions and its engine hours become meter readings (a gateway's steady state;
  // a reading older than the machine's last one is only flagged, far cheaper, and measured nothing)
  const windowMs = (BATCHES + 2) * 1000 + 1000;
  let windowsLeft = pushRuns.length * kinds.length;
  const rowsOf = (b, base, full) =>
    Array.from({ length: 1000 }, (_, i) => {
      const n = b * 1000 + i;
      const m = fleet[n % fleet.length];
      const row = {
        serialNumber: m.serialNumber,
        at: new Date(base + n).toISOString(),
        lat: 45.7 + i * 1e-5,
        lon: 126.6 + b * 1e-5,
      };
      // a counter that climbs with the clock: every reading plausible
      return full
        ? {
            ...row,
            engineHours: Math.round((1000 + (base + n) / 3_600_000 - 490_000) * 10) / 10,
            fuelUsedL: Math.round((base + n) / 60_000) / 10,
          }
        : row;
    });
  const figures = [];
  let child = null;
  for (const [r, run] of pushRuns.entries()) {
    child = await startApi(`telematics-api-${run.label}`, run.mainJs);
    const key = (await json(await post('/api-keys', { name: `bench ${randomUUID()}`, scopes: ['telematics.write'] })))
      .key;
    const push = (readings) =>
      fetch(api('/telematics/readings'), {
        method: 'POST',
        headers: {
          authorization: `ApiKey ${key}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ readings }),
      }).then(json);
    for (const kind of kinds) {
      const full = kind === 'full';
      // every row in the past (the API refuses readings from the future)
      const base = Date.now() - 60_000 - windowsLeft-- * windowMs;
      // two warm-up batches (JIT, connection pool), not counted: the window's oldest
      for (const b of [0, 1]) await push(rowsOf(b, base, full));
      let accepted = 0;
      let next = 2;
      // CPU of the API process and of the database's backends over the window (per 1,000 readings)
      const pgCpu = backendCpu(pool, target.dbName);
      await pgCpu.ready;
      const apiCpu0 = cpuMs([child.pid]);
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < BATCHES + 2) {
            const res = await push(rowsOf(next++, base, full));
            accepted += res.accepted;
          }
        }),
      );
      const secs = (performance.now() - t0) / 1000;
      const per1k = (ms) => Math.round((ms * 1000) / Math.max(accepted, 1));
      const f = {
        run: run.label,
        kind,
        perS: Math.round(accepted / secs),
        api: per1k(cpuMs([child.pid]) - apiCpu0),
        pg: per1k(await pgCpu.stop()),
        load: loadavg()[0],
      };
      figures.push(f);
      console.log(
        `push_${f.run}_${kind}_accepted=${accepted}\npush_${f.run}_${kind}_readings_per_s=${f.perS}\n` +
          `push_${f.run}_${kind}_cpu_ms_per_1000_readings: api=${f.api} postgres=${f.pg} (load ${f.load.toFixed(1)})`,
      );
    }
    if (r < pushRuns.length - 1) await stop(child);
  }
  console.log(`push_batches=${BATCHES} (1,000 rows each, ${CONCURRENCY} at a time), ${ROUNDS} round(s)`);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const summary = new Map();
  for (const b of builds)
    for (const kind of kinds) {
      const fs = figures.filter((f) => f.run === b.label && f.kind === kind);
      const m = {
        perS: median(fs.map((f) => f.perS)),
        api: median(fs.map((f) => f.api)),
        pg: median(fs.map((f) => f.pg)),
      };
      summary.set(`${b.label} ${kind}`, m);
      const loads = fs.map((f) => f.load.toFixed(1)).join('/');
      console.log(
        `  push ${b.label.padEnd(7)} ${kind.padEnd(9)} ${String(m.perS).padStart(6)} readings/s (target ≥ 5,000), ` +
          `CPU per 1,000 readings: API ${m.api} ms, Postgres ${m.pg} ms (load ${loads})`,
      );
    }
  if (BASELINE_DIST)
    for (const kind of kinds) {
      const [b, a] = [summary.get(`before ${kind}`), summary.get(`after ${kind}`)];
      console.log(
        `  ratio after/before ${kind.padEnd(9)} readings/s ×${(a.perS / b.perS).toFixed(2)}, ` +
          `API CPU ×${(a.api / Math.max(b.api, 1)).toFixed(2)}, Postgres CPU ×${(a.pg / Math.max(b.pg, 1)).toFixed(2)}`,
      );
    }

  if (PUSH_ONLY) {
    await stop(child);
    await pool.end();
    process.exit(0);
  }

  // 2. last position
  console.log(`position_rows=${total}`);
  await timed300('last_position_kept_sql', (i) =>
    q(`SELECT at, latitude, longitude FROM "AssetLastPosition" WHERE "assetId" = $1`, [
      fleet[(i * 7919) % fleet.length].id,
    ]),
  );
  await timed300('last_position_series_sql', (i) =>
    q(
      `SELECT at, latitude, longitude FROM "AssetPosition" WHERE "organizationId" = $1 AND "assetId" = $2 ORDER BY at DESC LIMIT 1`,
      [org, fleet[(i * 7919) % fleet.length].id],
    ),
  );
  await timed300('get_asset_http', async (i) => {
    const r = await fetch(api(`/assets/${fleet[(i * 7919) % fleet.length].id}`), { headers: owner.headers });
    await r.arrayBuffer();
  });

  // 3. pull cycles against the fake AEMP server (the production client)
  const { FakeAempServer } = await import(path.join(ROOT, 'apps/api/dist/telematics/simulator/aemp-server.js'));
  const { RouteFleet } = await import(path.join(ROOT, 'apps/api/dist/telematics/simulator/route-fleet.js'));
  const units = (n) =>
    fleet.slice(0, n).map((m, i) => ({
      equipmentId: `BT-EQ-${i}`,
      serialNumber: m.serialNumber,
      oemName: 'Bench',
      model: 'B1',
      startHours: 100,
    }));
  const places = [
    { name: 'a', lat: 45.75, lon: 126.64 },
    { name: 'b', lat: 45.8, lon: 126.7 },
  ];
  async function cycle(label, n, series) {
    const server = new FakeAempServer({
      model: new RouteFleet(units(n), places),
      username: 'bench',
      secret: 'bench-secret',
      pageSize: 100,
      series,
    });
    const url = await server.listen(0);
    const src = await json(
      await post('/telematics/sources', {
        name: `bench ${label} ${randomUUID().slice(0, 6)}`,
        baseUrl: url,
        authKind: 'BASIC',
        username: 'bench',
        secret: 'bench-secret',
        enabled: false,
      }),
    );
    const t = performance.now();
    const r = await json(await post(`/telematics/sources/${src.id}/poll`, {}));
    const ms = performance.now() - t;
    console.log(
      `${label}_machines=${n}\n${label}_ms=${Math.round(ms)}\n${label}_requests=${r.requests}\n${label}_readings=${r.accepted + r.duplicates}\n${label}_ok=${r.ok}`,
    );
    await server.close();
  }
  console.log('');
  await cycle('pull_snapshot', fleet.length, []);
  await cycle('pull_first_with_series', Math.min(SERIES_MACHINES, fleet.length), undefined);
  await pool.end();
} finally {
  stopAll();
}
