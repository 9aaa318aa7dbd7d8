import type { OperationType } from '@amms/db';
import { DAY, HOUR, ceilTo, dayStart } from '../../platform/random/prng.js';
import type { Gen, JobReq, Machine, Operator } from './context.js';
import { catalogRate } from '../catalog.js';
import { GAP, HALF_HOUR, WORK_END_H, WORK_START_H, setOptions, walkWork } from './rules.js';

const overlapsBlock = (blocks: [number, number][], s: number, e: number) => blocks.some(([bs, be]) => s < be && bs < e);
const supports = (m: Machine, op: OperationType) => m.model.operationTypes.includes(op);
const usable = (m: Machine, s: number, e: number) =>
  m.status !== 'IN_MAINTENANCE' && (m.retiredAt === null || e <= m.retiredAt) && !overlapsBlock(m.blocks, s, e);

/** a tractor pulls an implement that needs no more power than it has, on a hitch both have (planning's rule) */
const fits = (tractor: Machine, imp: Machine) =>
  (imp.model.requiredPowerKw ?? 0) <= (tractor.model.powerKw ?? Infinity) &&
  (imp.model.hitchTypes.length === 0 ||
    tractor.model.hitchTypes.length === 0 ||
    imp.model.hitchTypes.some((h) => tractor.model.hitchTypes.includes(h)));

/** working hours of a set on the field: area ÷ its catalog output (the implement's, else the lead's), quarter hours */
function setHours(req: JobReq, areaHa: number, p: Machine, imp: Machine | null): number {
  const rate = catalogRate((imp ?? p).model);
  if (rate === null || rate <= 0) return req.estHours;
  return Math.max(0.5, Math.round((areaHa / rate) * 1.05 * 4) / 4);
}

/** earliest start on day `d` for a resource free from `freeAt` */
const earliest = (d: number, freeAt: number) => Math.max(d + WORK_START_H * HOUR, ceilTo(freeAt + GAP, HALF_HOUR));

export interface Placed {
  primary: Machine;
  implement: Machine | null;
  operator: Operator;
  start: number;
  end: number;
  /** the working hours this set needs for the field (its catalog output), before the day's walk */
  hours: number;
}

/**
 * Place a job: first day in its window where a machine set + operator are free. Greedy per
 * resource timeline (`freeAt` only moves forward), so bookings of one machine or operator never
 * overlap, and one machine's jobs (and meter readings) come in time order.
 */
export function place(g: Gen, req: JobReq, limit: number, crew: Operator[] = g.operators): Placed | null {
  const { machines } = g;
  const areaHa = req.field.areaM2 / 10_000;
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
        for (const imp of opt.implement ? tools.filter((t) => fits(p, t)).slice(0, 4) : [null]) {
          const hours = setHours(req, areaHa, p, imp);
          const workHours = hours * 1.1 + 0.5;
          for (const o of ops.slice(0, 4)) {
            const start = Math.max(earliest(d, p.freeAt), imp ? earliest(d, imp.freeAt) : 0, earliest(d, o.freeAt));
            if (start >= d + (WORK_END_H - 1) * HOUR) continue;
            const end = ceilTo(walkWork(start, workHours), HALF_HOUR);
            if (end > req.windowEnd || end > limit) continue;
            if (!usable(p, start, end) || (imp && !usable(imp, start, end)) || overlapsBlock(o.blocks, start, end))
              continue;
            return { primary: p, implement: imp, operator: o, start, end, hours };
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
