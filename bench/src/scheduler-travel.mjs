// bench:scheduler section 1c (issue #27): travel between fields. On small instances whose fields
// lie in villages (clusters 5–25 km apart), the travel-aware scheduler against
//  - the exact optimum of Σ priority with travel in the MIP (a machine's two runs closer in time
//    than the road between their fields cannot both be taken), and
//  - the travel-blind plan of the same instance: its road km, and how many of its consecutive
//    pairs a machine could not drive in time.
import { buildLp } from './scheduler-mip.mjs';

/** Fields in 3 villages 5–25 km apart (each field within 2 km of its village); road km = straight × 1.3. */
export function villageTravel(Rng, input, seed) {
  const rng = new Rng(seed);
  const fieldIds = [...new Set(input.jobs.map((j) => j.fieldId))].sort();
  const villages = [[0, 0]];
  while (villages.length < 3) {
    const a = rng.next() * 2 * Math.PI;
    const d = 5 + rng.next() * 20;
    const [x, y] = villages[rng.int(0, villages.length - 1)];
    villages.push([x + d * Math.cos(a), y + d * Math.sin(a)]);
  }
  const at = fieldIds.map(() => {
    const [x, y] = villages[rng.int(0, 2)];
    return [x + (rng.next() - 0.5) * 4, y + (rng.next() - 0.5) * 4];
  });
  const km = at.map(([x1, y1]) => at.map(([x2, y2]) => Math.round(Math.hypot(x1 - x2, y1 - y2) * 1.3 * 100) / 100));
  const speed = { SELF_PROPELLED: 20, POWER_UNIT: 30, IMPLEMENT: 0 };
  const speedKmh = Object.fromEntries(input.machines.filter((m) => speed[m.kind]).map((m) => [m.id, speed[m.kind]]));
  return { fieldIds, km, speedKmh };
}

const travelMs = (km, speed) => (!km || km <= 0 || !(speed > 0) ? 0 : Math.ceil((km / speed) * 60) * 60_000);

/**
 * The MIP of scheduler-mip.mjs plus travel rows: for every run A of a machine with a road speed
 * and every other job, A and that job's runs on the machine starting in [end(A), end(A) + road)
 * are exclusive (Σ ≤ 1; the other job's runs exclude each other anyway).
 */
export function buildTravelLp(space, input, travel) {
  const lp = buildLp(space);
  if (!lp) return null;
  const fieldOf = new Map(input.jobs.map((j) => [j.id, travel.fieldIds.indexOf(j.fieldId)]));
  const runs = new Map(); // machine → [{ j, s, e, v }]
  space.jobs.forEach((job, j) =>
    job.options.forEach((opt, k) =>
      opt.sets.forEach((set, c) => {
        for (const m of set) {
          if (!travel.speedKmh[m]) continue;
          if (!runs.has(m)) runs.set(m, []);
          runs.get(m).push({ j, f: fieldOf.get(job.id), s: opt.startsAt, e: opt.endsAt, v: `x_${j}_${k}_${c}` });
        }
      }),
    ),
  );
  const rows = [];
  let n = 0;
  for (const [m, list] of [...runs.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const speed = travel.speedKmh[m];
    for (const a of list) {
      const byJob = new Map();
      for (const b of list) {
        if (b.j === a.j || b.s < a.e) continue;
        const need = travelMs(travel.km[a.f]?.[b.f], speed);
        if (b.s - a.e >= need) continue;
        if (!byJob.has(b.j)) byJob.set(b.j, []);
        byJob.get(b.j).push(b.v);
      }
      for (const vs of byJob.values()) rows.push(` road_${n++}: + ${a.v} ${vs.map((v) => `+ ${v}`).join(' ')} <= 1`);
    }
  }
  return { lp: lp.replace('\nBinaries\n', `\n${rows.join('\n')}\nBinaries\n`), rows: rows.length };
}

export function solveLp(highs, lp, timeLimit) {
  const t0 = performance.now();
  const r = highs.solve(lp, { output_flag: false, time_limit: timeLimit, mip_rel_gap: 0, mip_abs_gap: 0.5 });
  return {
    optimum: Math.round(r.ObjectiveValue),
    bound: r.Info?.mip_dual_bound ?? (r.Status === 'Optimal' ? r.ObjectiveValue : null),
    status: r.Status,
    seconds: (performance.now() - t0) / 1000,
    vars: Object.keys(r.Columns ?? {}).length,
  };
}

/** Section 1c; answers the figures for the summary table. */
export function travelSection({ highs, mod, seed, count, shape, timeLimit, pct }) {
  const { schedule, searchSpace, validate, randomInstance, travelKm, travelGaps, Rng } = mod;
  console.log(
    `\n1c. Travel between fields: ${count} instances × ${shape.jobs} jobs in 3 villages 5–25 km apart (road × 1.3; combines 20 km/h, tractors 30)\n`,
  );
  console.log(
    'inst  placed  weight  optimum  gap       road km  blind km  blind placed  blind short  MIP s   road rows  status   viol',
  );
  const gaps = [];
  let km = 0;
  let blindKm = 0;
  let short = 0;
  let viol = 0;
  for (let i = 0; i < count; i++) {
    const base = randomInstance(seed * 1000 + 700 + i, shape);
    const input = { ...base, travel: villageTravel(Rng, base, seed * 1000 + 700 + i) };
    const aware = schedule(input);
    const blind = schedule(base);
    const v = validate(input, aware.items).violations.length;
    viol += v;
    const built = buildTravelLp(searchSpace(input), input, input.travel);
    const exact = built
      ? solveLp(highs, built.lp, timeLimit)
      : { optimum: 0, bound: 0, status: 'Empty', seconds: 0, vars: 0 };
    const optimum = exact.status === 'Optimal' ? exact.optimum : exact.bound === null ? null : Math.floor(exact.bound);
    const gap = optimum === null ? null : optimum > 0 ? (optimum - aware.stats.weightPlaced) / optimum : 0;
    if (gap !== null) gaps.push(gap);
    const a = travelKm(input, aware.items).total;
    const b = travelKm(input, blind.items).total;
    const s = travelGaps(input, blind.items).length;
    km += a;
    blindKm += b;
    short += s;
    console.log(
      [
        String(i).padEnd(5),
        `${aware.stats.placed}/${aware.stats.jobs}`.padEnd(7),
        String(aware.stats.weightPlaced).padEnd(7),
        String(optimum ?? 'n/a').padEnd(8),
        (gap === null ? 'n/a' : pct(gap)).padEnd(9),
        a.toFixed(1).padEnd(8),
        b.toFixed(1).padEnd(9),
        `${blind.stats.placed}/${blind.stats.jobs}`.padEnd(13),
        String(s).padEnd(12),
        exact.seconds.toFixed(2).padEnd(7),
        String(built?.rows ?? 0).padEnd(10),
        exact.status.padEnd(8),
        v,
      ].join(' '),
    );
  }
  const mean = gaps.reduce((x, y) => x + y, 0) / Math.max(1, gaps.length);
  console.log(
    `\ntravel: mean gap ${pct(mean)}  max gap ${pct(Math.max(0, ...gaps))} over ${gaps.length} instances; road km ${km.toFixed(1)} travel-aware vs ${blindKm.toFixed(1)} travel-blind (same instances); the blind plans leave ${short} consecutive pairs a machine cannot drive in time; violations ${viol}`,
  );
  return { mean, max: Math.max(0, ...gaps), km, blindKm, short, viol };
}
