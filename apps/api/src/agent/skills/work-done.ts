/**
 * Work done per machine and per operator, from the job records: COMPLETED jobs whose
 * completedAt falls in the period, read through JobsService with the caller's context (the
 * jobs REST returns: same permission and data scope). The same definitions as the analytics
 * reports: hectares = areaDone, hours = actualHours credited to every machine of the job's live
 * assignment (lead and implements) and to its operator, fuel = the litres recorded.
 */
import type { TJob } from '@amms/contracts/jobs';
import { z } from 'zod';
import type { JobsService } from '../../jobs/jobs.service.js';
import { allPages, type AgentTool } from '../../platform/tools/tool.js';

export interface WorkRow {
  id: string;
  name: string;
  jobs: number;
  hectares: number;
  hours: number;
  /** litres over the jobs that recorded fuel, and the hectares of those jobs (fuel per ha = litres ÷ fuelHectares) */
  fuelLiters: number;
  fuelHectares: number;
}
export interface WorkDone {
  from: string;
  to: string;
  machines: WorkRow[];
  operators: WorkRow[];
}

const ZRow = z.object({
  id: z.string(),
  name: z.string(),
  jobs: z.number(),
  hectares: z.number(),
  hours: z.number(),
  fuelLiters: z.number(),
  fuelHectares: z.number(),
});
const ZWorkDone: z.ZodType<WorkDone> = z.object({
  from: z.string(),
  to: z.string(),
  machines: z.array(ZRow),
  operators: z.array(ZRow),
});

/** how far before the period a completed job's window may start (a job done late still counts) */
const WINDOW_LOOKBACK_MS = 366 * 86_400_000;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** pure: the rows of the jobs completed in [from, to) */
export function workDone(jobs: readonly TJob[], from: string, to: string): WorkDone {
  const s = Date.parse(from);
  const e = Date.parse(to);
  const machines = new Map<string, WorkRow>();
  const operators = new Map<string, WorkRow>();
  /** `share`: a split job's part does its share of the job's hectares, hours and fuel (1: the whole job) */
  const add = (map: Map<string, WorkRow>, id: string, name: string, j: TJob, share: number) => {
    const r = map.get(id) ?? { id, name, jobs: 0, hectares: 0, hours: 0, fuelLiters: 0, fuelHectares: 0 };
    r.jobs += 1;
    r.hectares += (j.areaDoneHa ?? 0) * share;
    r.hours += (j.actualHours ?? 0) * share;
    if (j.fuelLiters !== null) {
      r.fuelLiters += j.fuelLiters * share;
      r.fuelHectares += (j.areaDoneHa ?? 0) * share;
    }
    map.set(id, r);
  };
  for (const j of jobs) {
    if (j.status !== 'COMPLETED' || !j.completedAt || !j.assignment) continue;
    const at = Date.parse(j.completedAt);
    if (at < s || at >= e) continue;
    // a split job: each part's machines and operator with the part's share of the area
    const lives = j.parts?.length ? j.parts : [j.assignment];
    const area = lives.reduce((s, a) => s + (a.part?.areaHa ?? 0), 0);
    for (const a of lives) {
      const share = lives.length === 1 ? 1 : area > 0 ? (a.part?.areaHa ?? 0) / area : 1 / lives.length;
      for (const m of a.machines) add(machines, m.assetId, m.name, j, share);
      add(operators, a.operatorMembershipId, a.operatorName, j, share);
    }
  }
  const done = (rows: Iterable<WorkRow>) =>
    [...rows]
      .map((r) => ({ ...r, hectares: round(r.hectares), hours: round(r.hours), fuelLiters: round(r.fuelLiters) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { from, to, machines: done(machines.values()), operators: done(operators.values()) };
}

export function workDoneTool(jobs: JobsService): AgentTool<{ from: string; to: string }, WorkDone> {
  return {
    name: 'work_done',
    description:
      'Work done per machine and per operator (jobs, hectares, hours, fuel) from the jobs completed in [from, to), in the caller’s data scope',
    input: z.strictObject({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }),
    output: ZWorkDone,
    permissions: ['analytics.read', 'job.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 6000,
    run: async (ctx, i) => {
      const rows = await allPages((c) =>
        jobs.list(ctx, {
          limit: 200,
          cursor: c,
          status: ['COMPLETED'],
          from: new Date(Date.parse(i.from) - WINDOW_LOOKBACK_MS).toISOString(),
          to: i.to,
        }),
      );
      return workDone(rows, i.from, i.to);
    },
    render: (r, u) =>
      [
        ...r.machines.map(
          (m) => `machine ${m.id} ${u.wrap(m.name)} ${m.jobs} jobs ${m.hectares} ha ${m.hours} h ${m.fuelLiters} L`,
        ),
        ...r.operators.map((m) => `operator ${m.id} ${u.wrap(m.name)} ${m.jobs} jobs ${m.hectares} ha ${m.hours} h`),
      ].join('\n'),
  };
}
