import { DAY, HOUR, localMidnight, localParts } from '../../platform/random/prng.js';
import type { Gen, JobReq } from './context.js';
import { completeJob, jobRow } from './jobs.js';
import { place } from './placement.js';
import { estimate, walkWork } from './rules.js';
import { serviceAfterJob } from './work-orders.js';

/** the year's jobs: each field's crop steps in the last two calendar years that fall in the history */
function historyRequests(g: Gen): JobReq[] {
  const { rng } = g;
  const { year: ay } = localParts(g.anchor);
  const history: JobReq[] = [];
  for (const f of g.fields) {
    for (const step of f.crop.steps) {
      for (const y of [ay - 1, ay]) {
        const from = localMidnight(y, step.from[0], step.from[1]);
        const to = localMidnight(y, step.to[0], step.to[1]);
        const ws = from + rng.int(0, Math.max(0, Math.round((to - from) / DAY))) * DAY;
        const est = estimate(step.op, f.areaM2);
        const we = ws + (Math.ceil(est / 10) + rng.int(5, 9)) * DAY;
        if (ws < g.histStart || we > g.anchor) continue;
        history.push({
          field: f,
          op: step.op,
          windowStart: ws,
          windowEnd: we,
          estHours: est,
          priority: step.op === 'HARVESTING' ? 4 : rng.int(2, 3),
        });
      }
    }
  }
  return history.sort((a, b) => a.windowStart - b.windowStart);
}

/**
 * 12 months of history, in the order the work was wanted: each job completed (or cancelled when
 * nothing was free), followed by a failure or a due service of its machine.
 */
export function addHistory(g: Gen) {
  const { rng, out, zh } = g;
  for (const req of historyRequests(g)) {
    const id = g.ids.next();
    const createdAt = req.windowStart - rng.int(3, 12) * DAY;
    const placed = rng.chance(0.02) ? null : place(g, req, g.anchor);
    if (!placed) {
      const cancelledAt = req.windowStart + rng.int(0, 1) * DAY + 9 * HOUR;
      out.jobs.push(
        jobRow(g, req, id, 'CANCELLED', createdAt, {
          version: 2,
          cancelledAt: new Date(cancelledAt),
          updatedAt: new Date(cancelledAt),
          cancelReason: zh ? '窗口期内无可用机具或机手，已取消' : 'No machine or operator free within the window',
        }),
      );
      continue;
    }
    const { primary: p, operator: o, start } = placed;
    const factor = rng.float(0.85, 1.1);
    const actualHours = Math.max(0.5, placed.hours * factor);
    const startedAt = start + rng.int(0, 20) * 60_000;
    const completedAt = walkWork(startedAt, actualHours + 0.3);
    out.jobs.push(
      completeJob(g, rng, req, id, createdAt, placed, { startedAt, completedAt, actualHours }, () =>
        Math.min(createdAt + rng.int(1, 3) * DAY, start - HOUR),
      ),
    );
    serviceAfterJob(g, p, o.m, actualHours, completedAt);
  }
}
