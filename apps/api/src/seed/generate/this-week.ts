import type { OperationType, Prisma } from '@amms/db';
import { DAY, HOUR, Rng, dayStart, hashSeed } from '../../platform/random/prng.js';
import type { Gen, JobReq } from './context.js';
import { pickField } from './fields.js';
import { completeJob, scheduleJob } from './jobs.js';
import { place } from './placement.js';
import { MIX, estimate, walkWork } from './rules.js';

/**
 * This week so far: completed jobs on each day before today, and a few scheduled for today
 * (not for the first operator, operator@: the browser journeys book them around "now"). Its own
 * random stream, so the plan and the costs come out as they would without it; the caller adds
 * the rows to out.jobs after the costs (this week's fuel is not billed yet).
 */
export function thisWeekJobs(g: Gen): Prisma.JobCreateManyInput[] {
  const { input, scale, anchor } = g;
  const today = dayStart(input.now.getTime());
  if (today < anchor || today >= g.planStart) throw new Error('now must fall in the week of the anchor');
  const wk = new Rng(hashSeed(`${input.slug}:${scale}:this-week`));
  const weekTaken = new Set<string>();
  const weekJobs: Prisma.JobCreateManyInput[] = [];
  /** `until`: the window ends by then (a job done before today was not wanted today: the overview lists today's windows) */
  const weekReq = (day: number, op: OperationType, until = Infinity): JobReq => {
    const field = pickField(g, op, day, wk, weekTaken);
    const est = estimate(op, field.areaM2);
    const windowEnd = Math.min(day + (Math.ceil(est / 10) + wk.int(1, 3)) * DAY, until);
    return { field, op, windowStart: day, windowEnd, estHours: est, priority: wk.int(2, 4) };
  };
  for (let day = anchor; day < today; day += DAY) {
    for (let i = 0; i < 4 * scale; i++) {
      const req = weekReq(day, wk.pick(MIX), today);
      const placed = place(g, req, today);
      if (!placed) continue;
      const { start } = placed;
      const actualHours = Math.max(0.5, placed.hours * wk.float(0.85, 1.05));
      const startedAt = start + wk.int(0, 20) * 60_000;
      const completedAt = walkWork(startedAt, actualHours + 0.3);
      if (completedAt >= today) continue; // would still be running: not this loop's kind of job
      const id = g.ids.next();
      const createdAt = day - wk.int(1, 3) * DAY + 9 * HOUR;
      weekJobs.push(
        completeJob(g, wk, req, id, createdAt, placed, { startedAt, completedAt, actualHours }, () =>
          Math.min(createdAt + HOUR, start - HOUR),
        ),
      );
    }
  }
  const todayCrew = g.operators.slice(1);
  for (let i = 0, placedToday = 0; i < 8 * scale && placedToday < 3 * scale; i++) {
    const req = weekReq(today, wk.pick(MIX));
    const placed = place(g, req, today + DAY, todayCrew);
    if (!placed) continue;
    placedToday++;
    const id = g.ids.next();
    const createdAt = today - wk.int(1, 3) * DAY + 15 * HOUR;
    weekJobs.push(scheduleJob(g, req, id, placed, createdAt));
  }
  return weekJobs;
}
