import type { GenInput, SeedData } from './types.js';
import { generateCosts } from './costs.js';
import { createGen } from './generate/context.js';
import { addFields } from './generate/fields.js';
import { addFleet, addMaintenancePlans, finishAssets, retireMachines } from './generate/fleet.js';
import { addHistory } from './generate/history.js';
import { addPlan } from './generate/plan.js';
import { thisWeekJobs } from './generate/this-week.js';
import {
  lastServicesBeforeHistory,
  machinesDownNow,
  numberWorkOrders,
  servicesNextWeek,
} from './generate/work-orders.js';

export type { GenInput, GenMember, SeedData } from './types.js';

/**
 * One org's demo data: a year of history, this week so far and the next two weeks' plan. The
 * steps share one random stream and id source, so their order below is the output: moving a
 * step (or a draw inside one) changes every row after it (generate-hash.spec.ts pins it).
 */
export function generateOrgData(input: GenInput): SeedData {
  const g = createGen(input);
  addFleet(g, addMaintenancePlans(g));
  lastServicesBeforeHistory(g);
  addFields(g);
  addHistory(g);
  retireMachines(g);
  machinesDownNow(g);
  const weekJobs = thisWeekJobs(g);

  // the plan: every resource starts next Monday
  for (const m of g.machines) m.freeAt = Math.max(m.freeAt, g.planStart);
  for (const o of g.operators) o.freeAt = g.planStart;
  servicesNextWeek(g);
  addPlan(g);

  finishAssets(g);
  numberWorkOrders(g);
  generateCosts(g.out, {
    org: g.org,
    rng: g.rng,
    ids: g.ids,
    zh: g.zh,
    anchor: g.anchor,
    histStart: g.histStart,
    scale: g.scale,
    region: g.region,
    members: input.members,
    machines: g.machines.map((m) => ({
      id: m.id,
      powered: m.powered,
      purchaseCostMinor: g.assetRow.get(m.id)?.purchaseCostMinor as bigint,
    })),
  });
  g.out.jobs.push(...weekJobs);
  return g.out;
}
