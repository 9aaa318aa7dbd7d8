// `npm run bench:scale`: what a second process buys on this machine, measured in one run.
//  1. the cached asset list with 1 API process vs 2 (the same connections split over both);
//  2. executing K confirmed drafts of N items at once with 1 worker vs 2 (each execution is one
//     queue job, so workers parallelize across executions, not within one).
// Figures and ratios, not pass/fail. On 2 cores the load generator, Postgres, Redis and the
// processes share the CPUs: a second process can only win what one process leaves idle.
import autocannon from 'autocannon';
import { confirmedDraft, createPrismaClient, executeAll } from './drafts.mjs';
import { benchTarget, demoLogin, prepare, sleep, start, stop, stopAll, waitUp } from './lib.mjs';

const target = benchTarget(2);
const env = target.env;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 4);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 60);
const PORTS = [3211, 3212];
const HOUR = 3_600_000;

/** Drives every base with its share of the connections at once; returns summed req/s and worst p99. */
async function drive(bases, urlPath, headers) {
  const share = Math.max(1, Math.floor(CONNECTIONS / bases.length));
  const runs = await Promise.all(
    bases.map((b) => autocannon({ url: b + urlPath, connections: share, duration: DURATION, headers, pipelining: 1 })),
  );
  return {
    rps: runs.reduce((s, r) => s + r.requests.average, 0),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    non2xx: runs.reduce((s, r) => s + r.non2xx + r.errors, 0),
  };
}

try {
  console.log(
    `AMMS bench:scale — ${CONNECTIONS} connections × ${DURATION} s; ${DRAFTS} drafts × ${ITEMS} items; database ${target.dbName} (scale ${target.scale})\n`,
  );
  await prepare(target);
  const bases = PORTS.map((p) => `http://127.0.0.1:${p}`);
  const apis = PORTS.map((p, i) => start(`api ${i + 1}`, ['apps/api/dist/main.js'], { ...env, PORT: String(p) }));
  await Promise.all(bases.map(waitUp));
  const owner = await demoLogin(bases[0], 'owner@green-valley.demo', 'green-valley');
  const assetsPath = `/api/v1/orgs/${owner.orgId}/assets?limit=50`;
  for (const b of bases) await autocannon({ url: b + assetsPath, connections: 8, duration: 2, headers: owner.headers }); // warm-up

  console.log('\ncached asset list (50 rows)');
  const one = await drive([bases[0]], assetsPath, owner.headers);
  const two = await drive(bases, assetsPath, owner.headers);
  const line = (label, r) =>
    console.log(
      `  ${label.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  non-2xx ${r.non2xx}`,
    );
  line('1 API process', one);
  line('2 API processes', two);
  console.log(`  ratio 2 / 1              ${(two.rps / one.rps).toFixed(2)}`);

  console.log(`\nexecution: ${DRAFTS} confirmed drafts × ${ITEMS} items, all requested at once`);
  const db = createPrismaClient(target.databaseUrl, { max: 3 });
  const dispatcher = await demoLogin(bases[0], 'dispatcher@green-valley.demo', 'green-valley');
  const results = {};
  for (const workers of [1, 2]) {
    // far in the future (no seeded booking there); each draft its own combine and operator
    const drafts = [];
    for (let k = 0; k < DRAFTS; k++) {
      const from = Date.UTC(2031, 0, 6) + (workers * DRAFTS + k) * ITEMS * 2 * HOUR;
      drafts.push(
        (
          await confirmedDraft(db, bases[0], dispatcher, {
            lanes: 1,
            perLane: ITEMS,
            from,
            label: `scale ${workers}-${k}`,
          })
        ).id,
      );
    }
    const procs = Array.from({ length: workers }, (_, i) => start(`worker ${i + 1}`, ['apps/api/dist/worker.js'], env));
    await sleep(3000); // workers connect and start their relays
    const r = await executeAll(bases[0], dispatcher, drafts);
    results[workers] = r;
    const items = DRAFTS * ITEMS;
    const statuses = [...new Set(r.executions.map((e) => e.status))].join(',');
    console.log(
      `  ${`${workers} worker${workers > 1 ? 's' : ''}`.padEnd(22)} ${r.seconds.toFixed(2).padStart(7)} s   ${(items / r.seconds).toFixed(1).padStart(6)} items/s   ${((r.seconds * 1000) / items).toFixed(1)} ms/item   statuses ${statuses}`,
    );
    for (const p of procs) await stop(p);
  }
  console.log(`  ratio 1 / 2 (speed-up)   ${(results[1].seconds / results[2].seconds).toFixed(2)}`);
  await db.$disconnect();
  for (const a of apis) await stop(a);
  console.log('\nnotes: 2 cores here; each extra process competes with Postgres, Redis and the load generator.');
  console.log('On separate machines (or more cores) the same runs show what scaling out buys; the invariants');
  console.log(
    '(one execution per draft, no stale cache, shared limits) are tested in apps/api/test/scale-out.e2e.spec.ts.',
  );
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
} finally {
  stopAll();
}
