// `npm run bench:inventory`: the stock ledger at 1 M movements. Loads an org with 2,000 parts in
// 5 locations and 1,000,000 movements (balances = the ledger's sums, as the service keeps them),
// then measures
//   1. the on-hand query (GET /stock's SQL: balances + open reservations, one part in all its
//      locations, and a location page of 200 rows): p50 / p95 over 300 runs each;
//   2. issue throughput under contention: CONCURRENCY clients issue 1 unit of the same part at
//      the same location for SECONDS, each issue the service's transaction (row lock on the
//      balance, open reservations, balance update under CHECK (onHand >= 0), ledger insert).
// Figures, not pass/fail (the target: on-hand p95 ≤ 20 ms).
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

const ON_HAND = `
  SELECT b."partId", p."partNumber", b."locationId", l.name, b."onHand"::text, b."avgCostMinor",
    COALESCE((SELECT SUM(GREATEST(r.quantity - r.issued, 0)) FROM "StockReservation" r JOIN "WorkOrder" w ON w.id = r."workOrderId"
      WHERE r."partId" = b."partId" AND r."locationId" = b."locationId"
        AND w.status::text IN ('OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE')), 0)::text AS reserved
  FROM "StockBalance" b JOIN "Part" p ON p.id = b."partId" JOIN "StockLocation" l ON l.id = b."locationId"
  WHERE b."organizationId" = $1 AND b."locationId" = ANY($2::uuid[]) AND ($3::uuid IS NULL OR b."partId" = $3::uuid)
  ORDER BY p."partNumber", l.name LIMIT 200`;
const parts = (await q(`SELECT id FROM "Part" WHERE "organizationId" = $1`, [org])).rows.map((r) => r.id);
const locations = (await q(`SELECT id FROM "StockLocation" WHERE "organizationId" = $1 ORDER BY id`, [org])).rows.map(
  (r) => r.id,
);

async function timed(label, args) {
  const ms = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await q(ON_HAND, args(i));
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const p = (f) => ms[Math.min(ms.length - 1, Math.floor(f * ms.length))].toFixed(2);
  console.log(`${label}_p50_ms=${p(0.5)}\n${label}_p95_ms=${p(0.95)}`);
}
console.log('');
await timed('on_hand_part', (i) => [org, locations, parts[(i * 7919) % parts.length]]);
await timed('on_hand_location_page', (i) => [org, [locations[i % locations.length]], null]);

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
           WHERE r."partId" = $1 AND r."locationId" = $2 AND w.status::text IN ('OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE')`,
          [hotPart, hotLoc],
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
const { loadavg } = await import('node:os');
console.log(`load_avg_1m=${loadavg()[0].toFixed(1)}`);
await pool.end();
