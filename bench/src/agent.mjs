// `npm run bench:agent`: goal → draft time for three goals on a scale-10 database, with the
// planner's, the tools' and the scheduler's share taken from the run's own steps (durationMs),
// and what the run asked of Postgres, counted on the wire by a relay (round trips, statements,
// rows sent back): figures the machine's load does not change.
// Each goal runs BENCH_RUNS times (3); the median run (by time) is printed, with its wire counts.
// BENCH_BASELINE_ENTRY (optional): an older API build (e.g. a copy of apps/api/dist made before
// a change), run in the same bench against the same database, its runs alternating with the
// measured build's, so a change's effect is a ratio under the same load; the two drafts of a goal
// are compared by content hash. BENCH_API_ENTRY: the build to measure. BENCH_REUSE=1: keep the
// seeded database. BENCH_STEPS=1: also print each tool step of the median run.
// BENCH_AGENT_PROF=<dir>: run the API(s) under --cpu-prof (profiles in <dir>/api, <dir>/baseline).
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { benchTarget, demoLogin, flushRedis, json, prepare, start, stop, stopAll, waitUp } from './lib.mjs';
import { startPgWire, wireDelta } from './pg-wire.mjs';

const target = benchTarget(10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const API_ENTRY = process.env.BENCH_API_ENTRY ?? 'apps/api/dist/main.js';
const BASELINE_ENTRY = process.env.BENCH_BASELINE_ENTRY;
const PORT = 3231;
const BASELINE_PORT = 3232;
const GOALS = [
  '安排下周的收获作业，避开维修中的机器',
  '安排未来两周的所有作业',
  'plan the maintenance due in the next two weeks',
];

const sum = (steps, kind) => steps.filter((s) => s.kind === kind).reduce((t, s) => t + (s.durationMs ?? 0), 0);
const show = (ms) => `${(ms / 1000).toFixed(2)} s`.padStart(7);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** One API build behind its own wire counter. */
async function server(label, entry, port) {
  const wire = await startPgWire(target.databaseUrl);
  const prof = process.env.BENCH_AGENT_PROF;
  const args = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}/${label}`, entry] : [entry];
  const proc = start(label, args, { ...target.env, DATABASE_URL: wire.url, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  await waitUp(base);
  const auth = await demoLogin(base, 'dispatcher@green-valley.demo', 'green-valley');
  return { label, wire, proc, base, auth, runs: new Map(GOALS.map((g) => [g, []])) };
}

async function runGoal(s, goal) {
  const before = s.wire.counts();
  const t0 = performance.now();
  const run = await json(
    await fetch(`${s.base}/api/v1/orgs/${s.auth.orgId}/agent/runs`, {
      method: 'POST',
      headers: { ...s.auth.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ goal }),
    }),
  );
  const ms = performance.now() - t0;
  s.runs.get(goal).push({ ms, run, wire: wireDelta(s.wire.counts(), before) });
}

function median(runs) {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return sorted[Math.floor(sorted.length / 2)];
}

function row(label, { ms, run, wire }) {
  const d = run.draft;
  const items = d ? d.items.length + d.workOrderItems.length : 0;
  const unplaced = d ? d.unplaced.length + d.unplacedWorkOrders.length : 0;
  return (
    `${label.padEnd(48)} ${show(ms).padStart(8)} ${show(sum(run.steps, 'plan'))} ${show(sum(run.steps, 'tool'))} ` +
    `${show(sum(run.steps, 'schedule'))} ${String(wire.roundTrips).padStart(6)} ${String(wire.statements).padStart(6)} ` +
    `${String(wire.rows).padStart(7)}  ${String(items).padStart(5)}  ${String(unplaced).padStart(8)}  ${run.status}`
  );
}

try {
  console.log(
    `AMMS bench:agent — ${GOALS.length} goals × ${RUNS} runs, database ${target.dbName} (scale ${target.scale}), rules planner, load average ${load()}\n`,
  );
  if (process.env.BENCH_REUSE === '1') await flushRedis(target.redisUrl);
  else await prepare(target);
  const servers = [await server('api', API_ENTRY, PORT)];
  if (BASELINE_ENTRY) servers.push(await server('baseline', BASELINE_ENTRY, BASELINE_PORT));
  // alternate the builds run by run: both see the same load and the same (warming) caches
  for (let i = 0; i < RUNS; i++) for (const goal of GOALS) for (const s of servers) await runGoal(s, goal);

  console.log(
    `\n${'goal'.padEnd(48)} ${'total'.padStart(8)} ${'plan'.padStart(7)} ${'tools'.padStart(7)} ${'sched'.padStart(7)} ` +
      `${'trips'.padStart(6)} ${'stmts'.padStart(6)} ${'rows'.padStart(7)}  items  unplaced  status`,
  );
  for (const goal of GOALS) {
    const [now, base] = servers.map((s) => median(s.runs.get(goal)));
    console.log(row(goal, now));
    if (base) {
      console.log(row('  baseline', base));
      const same = now.run.draft?.contentHash === base.run.draft?.contentHash;
      console.log(
        `  old/new: time ${(base.ms / now.ms).toFixed(2)}×, round trips ${(base.wire.roundTrips / now.wire.roundTrips).toFixed(2)}×, ` +
          `rows ${(base.wire.rows / Math.max(1, now.wire.rows)).toFixed(2)}×; same draft content: ${same ? 'yes' : 'NO'}`,
      );
    }
    if (process.env.BENCH_STEPS === '1')
      for (const s of servers) {
        const m = median(s.runs.get(goal));
        for (const st of m.run.steps.filter((x) => x.kind === 'tool'))
          console.log(
            `    ${s.label.padEnd(9)} ${st.tool.padEnd(20)} ${String(st.durationMs).padStart(6)} ms  ${String(st.resultCount ?? '').padStart(6)} records`,
          );
      }
  }
  console.log(
    "\ntotal = HTTP request to answer (median run); plan / tools / sched from the run's steps (sched = the scheduler's own time);\n" +
      'trips / stmts / rows = Postgres round trips, statements and rows sent back during that request, counted on the wire.\n' +
      `Target (issue #16): ≤ 2 s each. Load average at the end: ${load()}.`,
  );
  for (const s of servers) {
    await stop(s.proc);
    await s.wire.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
} finally {
  stopAll();
}
