// `npm run bench:agent`: goal → draft time for three goals on a scale-10 database, with the
// planner's, the tools' and the scheduler's share taken from the run's own steps (durationMs).
// Each goal runs BENCH_RUNS times (3); the median run is printed. Figures, not pass/fail.
import { randomUUID } from 'node:crypto';
import { benchTarget, demoLogin, json, prepare, start, stop, stopAll, waitUp } from './lib.mjs';

const target = benchTarget(10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = 3231;
const GOALS = [
  '安排下周的收获作业，避开维修中的机器',
  '安排未来两周的所有作业',
  'plan the maintenance due in the next two weeks',
];

const sum = (steps, kind) => steps.filter((s) => s.kind === kind).reduce((t, s) => t + (s.durationMs ?? 0), 0);

try {
  console.log(
    `AMMS bench:agent — ${GOALS.length} goals × ${RUNS} runs, database ${target.dbName} (scale ${target.scale}), rules planner\n`,
  );
  await prepare(target);
  const base = `http://127.0.0.1:${PORT}`;
  const api = start('api', ['apps/api/dist/main.js'], { ...target.env, PORT: String(PORT) });
  await waitUp(base);
  const auth = await demoLogin(base, 'dispatcher@green-valley.demo', 'green-valley');
  console.log(
    `\n${'goal'.padEnd(44)} ${'total'.padStart(8)} ${'plan'.padStart(7)} ${'tools'.padStart(7)} ${'sched'.padStart(7)}  items  unplaced  status`,
  );
  for (const goal of GOALS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const run = await json(
        await fetch(`${base}/api/v1/orgs/${auth.orgId}/agent/runs`, {
          method: 'POST',
          headers: { ...auth.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ goal }),
        }),
      );
      runs.push({ ms: performance.now() - t0, run });
    }
    runs.sort((a, b) => a.ms - b.ms);
    const { ms, run } = runs[Math.floor(runs.length / 2)];
    const d = run.draft;
    const items = d ? d.items.length + d.workOrderItems.length : 0;
    const unplaced = d ? d.unplaced.length + d.unplacedWorkOrders.length : 0;
    const show = (n) => `${(n / 1000).toFixed(2)} s`.padStart(7);
    console.log(
      `${goal.padEnd(44)} ${show(ms).padStart(8)} ${show(sum(run.steps, 'plan'))} ${show(sum(run.steps, 'tool'))} ${show(sum(run.steps, 'schedule'))}  ${String(items).padStart(5)}  ${String(unplaced).padStart(8)}  ${run.status}`,
    );
  }
  console.log(
    "\ntotal = HTTP request to answer (median run); plan / tools / sched from the run's steps. Target (issue #16): ≤ 2 s each.",
  );
  await stop(api);
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
} finally {
  stopAll();
}
