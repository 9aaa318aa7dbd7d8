// `npm run bench:inventory`: the stock ledger at 1 M movements. Loads an org with 2,000 parts in
// 5 locations, 1,000,000 movements (balances = the ledger's sums, as the service keeps them) and
// 20,000 reservations of 4,000 work orders (most of them closed: a store's history), then measures
// p50 / p95 over RUNS runs each, BEFORE and AFTER in the same run, against the target
// (p95 ≤ 20 ms):
//   1. the on-hand query (GET /stock's SQL, stock.repository.ts: balances + open reservations),
//      one part in all its locations and a whole location (2,000 rows, no LIMIT, as the service):
//      before = the reservations' sum without the org (no usable index: a scan of every
//      reservation per balance row), after = with it (a lookup on (org, part, location));
//   2. a part's history (GET /parts/:id/movements, part-history.repository.ts), the first page and
//      a page 400 rows deep: before = without the (org, part, occurredAt desc, id desc) index
//      (dropped inside a transaction that is rolled back), after = with it;
//   3. issue throughput under contention: CONCURRENCY clients issue 1 unit of the same part at
//      the same location for SECONDS, each issue the service's transaction (row lock on the
//      balance, open reservations, balance update under CHECK (onHand >= 0), ledger insert).
// The machine's load is printed with the figures: figures under load are not target figures.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { step } from './lib.mjs';

const DB = process.env.BENCH_DB ?? 'amms_bench_inventory';
const URL = `postgresql://postgres@127.0.0.1:5432/${DB}`;
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 1_000_000);
const PARTS = 2000;
const LOCATIONS = 5;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WORK_ORDERS = 4000;
const RESERVATIONS = 20_000;
const TARGET_MS = 20;

const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB])).rowCount === 0)
  await admin.query(`CREATE DATABASE ${DB}`);
await admin.end();
console.log(`AMMS bench:inventory — ${MOVEMENTS.toLocaleString()} movements, database ${DB}\npreparing:`);
step('migrate', process.execPath, ['packages/db/dist/migrator/cli.js', 'migrate'], { DATABASE_URL: URL });

const pool = new pg.Pool({ connectionString: URL, max: CONCURRENCY + 2 });
const q = (sql, args) => pool.query(sql, args);

let org = (await q(`SELECT id FROM "Organization" WHERE slug = 'bench-inventory'`)).rows[0]?.id;
const have = org
  ? Number((await q(`SELECT count(*) FROM "StockMovement" WHERE "organizationId" = $1`, [org])).rows[0].count)
  : 0;
if (have < MOVEMENTS) {
  const t0 = performance.now();
  if (org) {
    await q(`BEGIN; SELECT set_config('amms.ledger_reset', 'on', true);
      DELETE FROM "StockMovement" WHERE "organizationId" = '${org}'; DELETE FROM "StockBalance" WHERE "organizationId" = '${org}';
      DELETE FROM "PartSupplier" WHERE "organizationId" = '${org}'; DELETE FROM "Part" WHERE "organizationId" = '${org}';
      DELETE FROM "StockLocation" WHERE "organizationId" = '${org}'; COMMIT;`);
  } else {
    org = randomUUID();
    await q(
      `INSERT INTO "Organization" (id, slug, name, "updatedAt") VALUES ($1, 'bench-inventory', 'Bench inventory', now())`,
      [org],
    );
  }
  await q(
    `INSERT INTO "Part" (id, "organizationId", "partNumber", "nameZh", category, "updatedAt")
     SELECT gen_random_uuid(), $1, 'P-' || lpad(i::text, 5, '0'), '配件 ' || i, 'FILTER', now() FROM generate_series(1, $2) i`,
    [org, PARTS],
  );
  await q(
    `INSERT INTO "StockLocation" (id, "organizationId", name, "updatedAt")
     SELECT gen_random_uuid(), $1, 'Location ' || i, now() FROM generate_series(1, $2) i`,
    [org, LOCATIONS],
  );
  // receipts of 1..10 and issues of 1 (never below zero: every fourth row is an issue after receipts)
  await q(
    `WITH p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "Part" WHERE "organizationId" = $1),
          l AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "StockLocation" WHERE "organizationId" = $1)
     INSERT INTO "StockMovement" (id, "organizationId", type, "partId", "locationId", delta, "unitCostMinor", "valueMinor", "occurredAt")
     SELECT gen_random_uuid(), $1, CASE WHEN i % 4 = 3 THEN 'ISSUE'::"StockMovementType" ELSE 'RECEIPT'::"StockMovementType" END,
       p.id, l.id, CASE WHEN i % 4 = 3 THEN -1 ELSE (i % 10) + 1 END, 1000,
       CASE WHEN i % 4 = 3 THEN -1000 ELSE ((i % 10) + 1) * 1000 END,
       now() - (i || ' seconds')::interval
     FROM generate_series(0, $2 - 1) i
     JOIN p ON p.n = (i / 4) % ${PARTS} JOIN l ON l.n = (i / 4 / ${PARTS}) % ${LOCATIONS}`,
    [org, MOVEMENTS],
  );
  await q(
    `INSERT INTO "StockBalance" ("organizationId", "partId", "locationId", "onHand", "avgCostMinor", "reorderPoint", "updatedAt")
     SELECT $1, "partId", "locationId", SUM(delta), 1000, 5, now() FROM "StockMovement" WHERE "organizationId" = $1
     GROUP BY "partId", "locationId"`,
    [org],
  );
  await q('ANALYZE');
  console.log(`  load ${MOVEMENTS.toLocaleString()} movements (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

// reservations: 4,000 work orders of one machine (1 in 8 still open), 5 parts each at one location
const haveRes = Number(
  (await q(`SELECT count(*) FROM "StockReservation" WHERE "organizationId" = $1`, [org])).rows[0].count,
);
if (haveRes < RESERVATIONS) {
  const t0 = performance.now();
  await q(`DELETE FROM "StockReservation" WHERE "organizationId" = $1`, [org]);
  await q(`DELETE FROM "WorkOrder" WHERE "organizationId" = $1`, [org]);
  await q(`DELETE FROM "Asset" WHERE "organizationId" = $1`, [org]);
  await q(`DELETE FROM "MachineModel" WHERE "organizationId" = $1`, [org]);
  const model = randomUUID();
  const asset = randomUUID();
  await q(
    `INSERT INTO "MachineModel" (id, "organizationId", manufacturer, name, kind, "operationTypes", "updatedAt")
     VALUES ($1, $2, 'Bench', 'Tractor', 'POWER_UNIT', '{TILLAGE}', now())`,
    [model, org],
  );
  await q(
    `INSERT INTO "Asset" (id, "organizationId", "modelId", name, "serialNumber", "updatedAt")
     VALUES ($1, $2, $3, 'Bench tractor', 'B-1', now())`,
    [asset, org, model],
  );
  await q(
    `INSERT INTO "WorkOrder" (id, "organizationId", number, "assetId", type, status, title, "updatedAt")
     SELECT gen_random_uuid(), $1, i, $2, 'CORRECTIVE',
       (CASE WHEN i % 8 = 0 THEN 'IN_PROGRESS' ELSE 'CLOSED' END)::"WorkOrderStatus", 'WO ' || i, now()
     FROM generate_series(1, $3) i`,
    [org, asset, WORK_ORDERS],
  );
  await q(
    `WITH w AS (SELECT id, row_number() OVER (ORDER BY number) - 1 AS n FROM "WorkOrder" WHERE "organizationId" = $1),
          p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "Part" WHERE "organizationId" = $1),
          l AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "StockLocation" WHERE "organizationId" = $1)
     INSERT INTO "StockReservation" (id, "organizationId", "workOrderId", "partId", "locationId", quantity, issued, "updatedAt")
     SELECT gen_random_uuid(), $1, w.id, p.id, l.id, 2, CASE WHEN w.n % 8 = 0 THEN 0 ELSE 2 END, now()
     FROM w CROSS JOIN generate_series(0, 4) k
     JOIN p ON p.n = (w.n * 5 + k) % ${PARTS} JOIN l ON l.n = w.n % ${LOCATIONS}`,
    [org],
  );
  await q('ANALYZE');
  console.log(
    `  load ${WORK_ORDERS.toLocaleString()} work orders, ${RESERVATIONS.toLocaleString()} reservations (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
}

/** GET /stock's SQL; `org` = false is the shape before: the reservations' sum without the org. */
const onHand = (withOrg) => `
  SELECT b."partId", p."partNumber", p."nameZh", b."locationId", l.name AS "locationName",
    b."onHand"::text AS "onHand", b."avgCostMinor" AS avg,
    b."reorderPoint"::text AS "reorderPoint", b."reorderQty"::text AS "reorderQty",
    COALESCE((SELECT SUM(GREATEST(r.quantity - r.issued, 0)) FROM "StockReservation" r
      JOIN "WorkOrder" w ON w.id = r."workOrderId"
      WHERE ${withOrg ? 'r."organizationId" = b."organizationId" AND ' : ''}r."partId" = b."partId" AND r."locationId" = b."locationId"
        AND w.status::text IN ('OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE')), 0)::text AS reserved
  FROM "StockBalance" b
  JOIN "Part" p ON p.id = b."partId"
  JOIN "StockLocation" l ON l.id = b."locationId"
  WHERE b."organizationId" = $1 AND b."locationId" = ANY($2::uuid[]) AND ($3::uuid IS NULL OR b."partId" = $3::uuid)
  ORDER BY p."partNumber", l.name`;

/** GET /parts/:id/movements' SQL (all locations, no type filter; $3/$4: the cursor, or null). */
const HISTORY = `
  SELECT m.id, m.type, m."partId", m."locationId", l.name AS "locationName", m."counterLocationId",
    m."transferId", m.delta::text AS delta, m."unitCostMinor", m."valueMinor", m."workOrderId", m.reason,
    m."actorUserId", u.name AS "actorName", m."occurredAt", m."createdAt"
  FROM "StockMovement" m
  JOIN "StockLocation" l ON l.id = m."locationId"
  LEFT JOIN "User" u ON u.id = m."actorUserId"
  WHERE m."organizationId" = $1 AND m."partId" = $2
    AND ($3::timestamptz IS NULL OR (m."occurredAt", m.id) < ($3::timestamptz, $4::uuid))
  ORDER BY m."occurredAt" DESC, m.id DESC
  LIMIT 51`;
const HISTORY_INDEX = 'StockMovement_organizationId_partId_occurredAt_id_idx';

const parts = (await q(`SELECT id FROM "Part" WHERE "organizationId" = $1`, [org])).rows.map((r) => r.id);
const locations = (await q(`SELECT id FROM "StockLocation" WHERE "organizationId" = $1 ORDER BY id`, [org])).rows.map(
  (r) => r.id,
);

const results = [];
/** p50 / p95 of `runs` runs of `sql` on one connection; `setup` runs first on it (a rolled-back DROP INDEX). */
async function timed(label, phase, sql, args, setup, runs = RUNS) {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    if (setup) await c.query(setup);
    const ms = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await c.query(sql, args(i));
      ms.push(performance.now() - t);
    }
    await c.query('ROLLBACK');
    ms.sort((a, b) => a - b);
    const p = (f) => ms[Math.min(ms.length - 1, Math.floor(f * ms.length))];
    results.push({ label, phase, p50: p(0.5), p95: p(0.95) });
    console.log(`${label}_${phase}_p50_ms=${p(0.5).toFixed(2)}\n${label}_${phase}_p95_ms=${p(0.95).toFixed(2)}`);
  } finally {
    c.release();
  }
}

// a cursor 400 rows deep into each part's history (its own 400th newest movement)
const deep = new Map(
  (
    await q(
      `SELECT "partId", "occurredAt", id FROM (
         SELECT "partId", "occurredAt", id, row_number() OVER (PARTITION BY "partId" ORDER BY "occurredAt" DESC, id DESC) AS n
         FROM "StockMovement" WHERE "organizationId" = $1 AND "partId" = ANY($2::uuid[])) x WHERE n = 400`,
      [org, parts.slice(0, 50)],
    )
  ).rows.map((r) => [r.partId, r]),
);
const deepParts = [...deep.keys()];
const { loadavg } = await import('node:os');
console.log(`\nload_avg_1m_before_measuring=${loadavg()[0].toFixed(1)}  target: p95 <= ${TARGET_MS} ms`);
for (const [phase, withOrg] of [
  ['before', false],
  ['after', true],
]) {
  await timed('on_hand_part', phase, onHand(withOrg), (i) => [org, locations, parts[(i * 7919) % parts.length]]);
  // the old shape scans every reservation per row: seconds per run, so fewer runs of it
  await timed(
    'on_hand_location',
    phase,
    onHand(withOrg),
    (i) => [org, [locations[i % locations.length]], null],
    null,
    withOrg ? RUNS : Math.min(RUNS, 10),
  );
}
for (const [phase, setup] of [
  ['before', `DROP INDEX "${HISTORY_INDEX}"`],
  ['after', null],
]) {
  await timed('history_first_page', phase, HISTORY, (i) => [org, parts[(i * 7919) % parts.length], null, null], setup);
  await timed(
    'history_page_400_deep',
    phase,
    HISTORY,
    (i) => {
      const r = deep.get(deepParts[i % deepParts.length]);
      return [org, r.partId, r.occurredAt, r.id];
    },
    setup,
  );
}
console.log('\nsummary (p95 ms, target <= 20):');
for (const label of [...new Set(results.map((r) => r.label))]) {
  const [b, a] = ['before', 'after'].map((ph) => results.find((r) => r.label === label && r.phase === ph));
  console.log(
    `  ${label.padEnd(22)} before ${b.p95.toFixed(2).padStart(8)}  after ${a.p95.toFixed(2).padStart(8)}  ${a.p95 <= TARGET_MS ? 'meets' : 'MISSES'} the target`,
  );
}

// contention: one hot part at one location with plenty of stock, CONCURRENCY clients issuing 1 each
const hotPart = parts[0];
const hotLoc = locations[0];
await q(`UPDATE "StockBalance" SET "onHand" = 1000000 WHERE "partId" = $1 AND "locationId" = $2`, [hotPart, hotLoc]);
let done = 0;
let refused = 0;
const until = performance.now() + SECONDS * 1000;
async function lane() {
  const c = await pool.connect();
  try {
    while (performance.now() < until) {
      await c.query('BEGIN');
      try {
        const b = (
          await c.query(
            `SELECT "onHand", "avgCostMinor" FROM "StockBalance" WHERE "partId" = $1 AND "locationId" = $2 FOR UPDATE`,
            [hotPart, hotLoc],
          )
        ).rows[0];
        await c.query(
          `SELECT COALESCE(SUM(GREATEST(r.quantity - r.issued, 0)), 0) FROM "StockReservation" r JOIN "WorkOrder" w ON w.id = r."workOrderId"
           WHERE r."organizationId" = $3 AND r."partId" = $1 AND r."locationId" = $2 AND w.status::text IN ('OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE')`,
          [hotPart, hotLoc, org],
        );
        if (Number(b.onHand) < 1) throw new Error('insufficient');
        await c.query(
          `UPDATE "StockBalance" SET "onHand" = "onHand" - 1, "updatedAt" = now() WHERE "partId" = $1 AND "locationId" = $2`,
          [hotPart, hotLoc],
        );
        await c.query(
          `INSERT INTO "StockMovement" (id, "organizationId", type, "partId", "locationId", delta, "unitCostMinor", "valueMinor", "occurredAt")
           VALUES (gen_random_uuid(), $1, 'ISSUE', $2, $3, -1, $4, -$4::bigint, now())`,
          [org, hotPart, hotLoc, b.avgCostMinor],
        );
        await c.query('COMMIT');
        done++;
      } catch {
        await c.query('ROLLBACK');
        refused++;
      }
    }
  } finally {
    c.release();
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, lane));
const s = (performance.now() - t0) / 1000;
console.log(
  `issue_contention_clients=${CONCURRENCY}\nissue_contention_per_s=${(done / s).toFixed(0)}\nissue_contention_refused=${refused}`,
);
console.log(`load_avg_1m=${loadavg()[0].toFixed(1)}`);
await pool.end();
