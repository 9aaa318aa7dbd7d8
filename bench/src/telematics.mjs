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
import path from 'node:path';
import pg from 'pg';
import { benchTarget, demoLogin, flushRedis, json, prepare, ROOT, start, stopAll, waitUp } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3221);
const BASE = `http://127.0.0.1:${PORT}`;
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 1_000_000);
const MACHINES = Number(process.env.BENCH_MACHINES ?? 1000);
const SERIES_MACHINES = Number(process.env.BENCH_SERIES_MACHINES ?? 20);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);

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

  start('telematics-api', [path.join(ROOT, 'apps/api/dist/main.js')], {
    ...target.env,
    PORT: String(PORT),
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    TELEMATICS_SECRET_KEY: process.env.TELEMATICS_SECRET_KEY ?? 'be'.repeat(32),
  });
  await waitUp(BASE);
  const owner = await demoLogin(BASE, 'owner@green-valley.demo', 'green-valley');
  const api = (p) => `${BASE}/api/v1/orgs/${org}${p}`;
  const post = (p, body, headers = owner.headers) =>
    fetch(api(p), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
  const key = (await json(await post('/api-keys', { name: `bench ${randomUUID()}`, scopes: ['telematics.write'] })))
    .key;

  // 1. push ingest
  console.log('');
  let accepted = 0;
  let next = 0;
  // every row in the past (the API refuses readings from the future), one second apart
  const base = Date.now() - BATCHES * 1000 * 1000 - 3_600_000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < BATCHES) {
        const b = next++;
        const readings = Array.from({ length: 1000 }, (_, i) => {
          const m = fleet[(b * 1000 + i) % fleet.length];
          const at = new Date(base + (b * 1000 + i) * 1000).toISOString();
          return { serialNumber: m.serialNumber, at, lat: 45.7 + i * 1e-5, lon: 126.6 + b * 1e-5 };
        });
        const r = await json(
          await fetch(api('/telematics/readings'), {
            method: 'POST',
            headers: {
              authorization: `ApiKey ${key}`,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({ readings }),
          }),
        );
        accepted += r.accepted;
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  console.log(`push_batches=${BATCHES}\npush_accepted=${accepted}\npush_readings_per_s=${Math.round(accepted / secs)}`);

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
