import type { OperationType } from '@amms/db';
import { DAY, HOUR } from '../../platform/random/prng.js';
import type { FieldRow, Gen, JobReq } from './context.js';
import { pickField } from './fields.js';
import { jobRow, scheduleJob } from './jobs.js';
import { place } from './placement.js';
import { MIX, estimate } from './rules.js';

/**
 * The plan for the two weeks after this one (every resource starts next Monday): jobs scheduled
 * where a set is free (PLANNED where none is), then work left for the agent: harvest jobs next
 * week nobody has scheduled yet, plus a few others.
 */
export function addPlan(g: Gen) {
  const { rng, out, anchor, planStart, scale } = g;
  const planned = new Set<string>(); // field:op already in the plan (one harvest per field)
  const fieldFor = (op: OperationType, at: number) => pickField(g, op, at, rng, planned);
  const planReq = (f: FieldRow, op: OperationType, ws: number, priority: number): JobReq => {
    const est = estimate(op, f.areaM2);
    return {
      field: f,
      op,
      windowStart: ws,
      windowEnd: ws + (Math.ceil(est / 10) + rng.int(3, 5)) * DAY,
      estHours: est,
      priority,
    };
  };
  const plan: JobReq[] = [];
  for (let i = 0; i < 25 * scale; i++) {
    const op = rng.pick(MIX);
    const ws = planStart + rng.int(0, 12) * DAY;
    plan.push(planReq(fieldFor(op, ws), op, ws, rng.int(2, 4)));
  }
  plan.sort((a, b) => a.windowStart - b.windowStart);
  for (const req of plan) {
    const id = g.ids.next();
    const createdAt = anchor - rng.int(1, 6) * DAY + 10 * HOUR;
    const placed = place(g, req, g.planEnd);
    out.jobs.push(placed ? scheduleJob(g, req, id, placed, createdAt) : jobRow(g, req, id, 'PLANNED', createdAt));
  }
  for (let i = 0; i < 6 * scale; i++) {
    const ws = planStart + rng.int(0, 3) * DAY;
    const req = planReq(fieldFor('HARVESTING', ws), 'HARVESTING', ws, rng.int(4, 5));
    out.jobs.push(jobRow(g, req, g.ids.next(), 'PLANNED', anchor - rng.int(1, 3) * DAY + 11 * HOUR));
  }
  for (let i = 0; i < 4 * scale; i++) {
    const op = rng.pick(MIX);
    const ws = planStart + rng.int(2, 12) * DAY;
    const req = planReq(fieldFor(op, ws), op, ws, rng.int(1, 3));
    out.jobs.push(jobRow(g, req, g.ids.next(), 'PLANNED', anchor - rng.int(1, 3) * DAY + 15 * HOUR));
  }
}
