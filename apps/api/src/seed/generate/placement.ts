import type { OperationType } from '@amms/db';
import { DAY, HOUR, ceilTo, dayStart } from '../../platform/random/prng.js';
import type { Gen, JobReq, Machine, Operator } from './context.js';
import { GAP, HALF_HOUR, WORK_END_H, WORK_START_H, setOptions, walkWork } from './rules.js';

const overlapsBlock = (blocks: [number, number][], s: number, e: number) => blocks.some(([bs, be]) => s < be && bs < e);
const supports = (m: Machine, op: OperationType) => m.model.operationTypes.includes(op);
const usable = (m: Machine, s: number, e: number) =>
  m.status !== 'IN_MAINTENANCE' && (m.retiredAt === null || e <= m.retiredAt) && !overlapsBlock(m.blocks, s, e);

/** earliest start on day `d` for a resource free from `freeAt` */
const earliest = (d: number, freeAt: number) => Math.max(d + WORK_START_H * HOUR, ceilTo(freeAt + GAP, HALF_HOUR));

export interface Placed {
  primary: Machine;
  implement: Machine | null;
  operator: Operator;
  start: number;
  end: number;
}

/**
 * Place a job: first day in its window where a machine set + operator are free. Greedy per
 * resource timeline (`freeAt` only moves forward), so bookings of one machine or operator never
 * overlap, and one machine's jobs (and meter readings) come in time order.
 */
export function place(g: Gen, req: JobReq, limit: number, crew: Operator[] = g.operators): Placed | null {
  const { machines } = g;
  const areaHa = req.field.areaM2 / 10_000;
  const workHours = req.estHours * 1.1 + 0.5;
  for (let d = dayStart(req.windowStart); d < req.windowEnd; d += DAY) {
    for (const opt of setOptions(req.op, areaHa)) {
      const team = req.field.teamId;
      const rank = <T extends { freeAt: number }>(xs: T[], teamOf: (x: T) => string | null | string[]) =>
        xs
          .map((x) => {
            const t = teamOf(x);
            const same = Array.isArray(t) ? (team ? t.includes(team) : true) : t === team;
            return { x, key: earliest(d, x.freeAt) + (same ? 0 : 4 * HOUR) };
          })
          .sort((a, b) => a.key - b.key)
          .map((r) => r.x);
      const primaries = rank(
        machines.filter(
          (m) => opt.primary.includes(m.model.role) && supports(m, req.op) && m.status !== 'IN_MAINTENANCE',
        ),
        (m) => m.teamId,
      );
      const tools = opt.implement
        ? rank(
            machines.filter((m) => m.model.role === 'implement' && supports(m, req.op)),
            (m) => m.teamId,
          )
        : [];
      const ops = rank(crew, (o) => o.m.teamIds);
      for (const p of primaries.slice(0, 6)) {
        for (const imp of opt.implement ? tools.slice(0, 4) : [null]) {
          for (const o of ops.slice(0, 4)) {
            const start = Math.max(earliest(d, p.freeAt), imp ? earliest(d, imp.freeAt) : 0, earliest(d, o.freeAt));
            if (start >= d + (WORK_END_H - 1) * HOUR) continue;
            const end = ceilTo(walkWork(start, workHours), HALF_HOUR);
            if (end > req.windowEnd || end > limit) continue;
            if (!usable(p, start, end) || (imp && !usable(imp, start, end)) || overlapsBlock(o.blocks, start, end))
              continue;
            return { primary: p, implement: imp, operator: o, start, end };
          }
        }
      }
    }
  }
  return null;
}

/** everyone in a placed set is busy until `end` */
export function occupy(placed: Placed, end: number) {
  placed.primary.freeAt = end;
  if (placed.implement) placed.implement.freeAt = end;
  placed.operator.freeAt = end;
}
