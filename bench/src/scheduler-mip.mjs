// Exact optimum of the scheduler's primary objective (Σ priority of placed jobs) with HiGHS.
// Formulation (docs/scheduler.md): per-candidate-start binaries over the very space the
// scheduler searches (searchSpace from the built api), so the gap compares like with like.

/**
 * x(j,k,c) = 1: job j starts at its k-th candidate start with machine set c
 * y(j,k,o) = 1: … with operator o
 *   Σ_{k,c} x(j,k,c) ≤ 1                      each job at most once
 *   Σ_c x(j,k,c) − Σ_o y(j,k,o) = 0           a set and an operator together, or neither
 *   Σ_{(j,k,c) ∋ r, s ≤ t < e} x ≤ 1          machine r, at every candidate start t of a run using it
 *   Σ_{(j,k,o), s ≤ t < e} y ≤ 1              operator o, the same
 * Two half-open runs overlap iff one contains the other's start, so the point constraints at
 * the runs' starts are exactly "no double booking". Existing bookings are already out: the
 * space only lists sets and operators free of them.
 * maximize Σ w_j x(j,k,c)
 */
export function buildLp(space) {
  const obj = [];
  const rows = [];
  const bins = [];
  // resource → list of [start, end, var]
  const use = new Map();
  const add = (r, s, e, v) => {
    if (!use.has(r)) use.set(r, []);
    use.get(r).push([s, e, v]);
  };
  space.jobs.forEach((job, j) => {
    const once = [];
    job.options.forEach((opt, k) => {
      const link = [];
      opt.sets.forEach((set, c) => {
        const v = `x_${j}_${k}_${c}`;
        bins.push(v);
        obj.push(`${job.weight} ${v}`);
        once.push(v);
        link.push(`+ ${v}`);
        for (const m of set) add(`m:${m}`, opt.startsAt, opt.endsAt, v);
      });
      opt.operators.forEach((o, c) => {
        const v = `y_${j}_${k}_${c}`;
        bins.push(v);
        link.push(`- ${v}`);
        add(`o:${o}`, opt.startsAt, opt.endsAt, v);
      });
      rows.push(`link_${j}_${k}: ${link.join(' ')} = 0`);
    });
    if (once.length) rows.push(`once_${j}: ${once.map((v) => `+ ${v}`).join(' ')} <= 1`);
  });
  let n = 0;
  for (const [, runs] of [...use.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const points = [...new Set(runs.map(([s]) => s))].sort((a, b) => a - b);
    for (const t of points) {
      const vs = runs.filter(([s, e]) => s <= t && t < e).map(([, , v]) => v);
      if (vs.length > 1) rows.push(`cap_${n++}: ${vs.map((v) => `+ ${v}`).join(' ')} <= 1`);
    }
  }
  if (obj.length === 0) return null;
  const wrap = (terms) => terms.join(' ').replace(/(.{1,200})(\s|$)/g, '$1\n  ');
  return `Maximize\n obj: ${wrap(obj.map((t) => `+ ${t}`))}\nSubject To\n${rows.map((r) => ` ${wrap(r.split(' '))}`).join('\n')}\nBinaries\n ${wrap(bins)}\nEnd\n`;
}

/** { optimum, status, bound, seconds, vars, rows } */
export function solveExact(highs, space, timeLimit = 60) {
  const lp = buildLp(space);
  if (!lp) return { optimum: 0, bound: 0, status: 'Empty', seconds: 0, vars: 0, rows: 0 };
  const t0 = performance.now();
  const r = highs.solve(lp, { output_flag: false, time_limit: timeLimit, mip_rel_gap: 0, mip_abs_gap: 0.5 });
  const seconds = (performance.now() - t0) / 1000;
  const vars = Object.keys(r.Columns ?? {}).length;
  return {
    optimum: Math.round(r.ObjectiveValue),
    // a proven upper bound, or null (the objective of a stopped solve is only a lower bound)
    bound: r.Info?.mip_dual_bound ?? (r.Status === 'Optimal' ? r.ObjectiveValue : null),
    status: r.Status,
    seconds,
    vars,
    rows: (r.Rows ?? []).length,
  };
}
