// `npm run bench:execution`: confirm and execute one 500-item draft on a scale-10 database with one
// worker, and check what the executor promises (one receipt and one booking per item).
// Prints `execution_500_items_s=<seconds>` and the per-item cost. Figures, not pass/fail.
import { confirmedDraft, createPrismaClient, executeAll } from './drafts.mjs';
import { benchTarget, demoLogin, prepare, sleep, start, stop, stopAll, waitUp } from './lib.mjs';

const target = benchTarget(10);
const env = target.env;
const LANES = Number(process.env.BENCH_LANES ?? 10);
const PER_LANE = Number(process.env.BENCH_PER_LANE ?? 50);
const PORT = 3221;

try {
  const n = LANES * PER_LANE;
  console.log(
    `AMMS bench:execution — one draft of ${n} items (${LANES} machines × ${PER_LANE}), database ${target.dbName} (scale ${target.scale})\n`,
  );
  await prepare(target);
  const base = `http://127.0.0.1:${PORT}`;
  const api = start('api', ['apps/api/dist/main.js'], { ...env, PORT: String(PORT) });
  await waitUp(base);
  // the worker boots while the draft is written (on a loaded machine a Nest process takes seconds)
  const worker = start(
    'worker',
    [
      ...(process.env.BENCH_WORKER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_WORKER_PROF}`] : []),
      'apps/api/dist/worker.js',
    ],
    env,
  );
  const db = createPrismaClient(target.databaseUrl, { max: 3 });
  const auth = await demoLogin(base, 'dispatcher@green-valley.demo', 'green-valley');
  // a stretch of the future no earlier run used (each run adds its own machines)
  const runs = await db.draft.count({
    where: { organizationId: auth.orgId, title: { startsWith: 'bench:execution' } },
  });
  const from = Date.UTC(2032, 0, 5) + runs * PER_LANE * 2 * 3_600_000;
  const t0 = performance.now();
  const draft = await confirmedDraft(db, base, auth, {
    lanes: LANES,
    perLane: PER_LANE,
    from,
    label: `bench:execution ${runs + 1}`,
  });
  console.log(`  draft written and confirmed (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  await sleep(3000); // the worker connects and starts its relay
  const r = await executeAll(base, auth, [draft.id]);
  const e = r.executions[0];
  const receipts = await db.executionReceipt.count({ where: { executionId: e.id } });
  const bookings = await db.machineBooking.count({
    where: { organizationId: auth.orgId, releasedAt: null, assetId: { in: draft.assetIds } },
  });
  // the worker's own time: RUNNING → finished (without the queue's pick-up)
  const run = await db.execution.findUniqueOrThrow({
    where: { id: e.id },
    select: { startedAt: true, finishedAt: true },
  });
  const runS = (run.finishedAt.getTime() - run.startedAt.getTime()) / 1000;
  const load = (await import('node:os')).loadavg()[0];
  console.log(`execution_${n}_items_s=${r.seconds.toFixed(2)}`);
  console.log(`per_item_ms=${((r.seconds * 1000) / n).toFixed(1)}`);
  console.log(`worker_run_s=${runS.toFixed(2)} (started → finished; per item ${((runS * 1000) / n).toFixed(1)} ms)`);
  console.log(`load_average_1m=${load.toFixed(1)} (${(await import('node:os')).cpus().length} cores)`);
  console.log(`status=${e.status} receipts=${receipts} bookings=${bookings} (want ${n} each)`);
  console.log('\ntarget (issue #16): ≤ 10 s for 500 items, one receipt and one booking per item, crash-safe.');
  await stop(worker);
  await stop(api);
  await db.$disconnect();
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
} finally {
  stopAll();
}
