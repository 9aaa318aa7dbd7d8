/** The maintenance tools: the due list, the mechanics with their load, the parts a service needs. */
import { z } from 'zod';
import { allPages, type AgentTool } from '../../platform/tools/tool.js';
import type { WorkOrdersService } from '../../maintenance/work-orders.service.js';
import type { PartsAvailability } from './parts-availability.js';
import type { PlanningToolDeps } from './schedule-tools.js';
import {
  ZDueFact,
  ZMechanicFact,
  ZServicePartsFact,
  type DueFact,
  type MechanicFact,
  type ServicePartsFact,
} from './tool-facts.js';

/** a mechanic's day when neither they nor the org set one */
const DEFAULT_MECHANIC_HOURS = 8;
const OPEN_ORDER = new Set(['OPEN', 'IN_PROGRESS']);

/**
 * The due list (most urgent first), with what planning maintenance needs: how overdue, the
 * open work order of the plan × machine (if any) and the plan's estimated service hours.
 */
export function maintenanceDueTool(d: PlanningToolDeps): AgentTool<{ withinDays: number }, DueFact[]> {
  return {
    name: 'maintenance_due',
    description:
      'Preventive maintenance due list (plan × machine: OVERDUE, DUE_SOON, OK) within N days, with open work orders and estimated service hours',
    input: z.strictObject({ withinDays: z.number().int().min(0).max(365).default(14) }),
    output: z.array(ZDueFact),
    permissions: ['maintenance.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 4000,
    run: async (ctx, i) => {
      const items = (await d.maintenance.due(ctx, { withinDays: i.withinDays })).items;
      const planIds = [...new Set(items.map((d) => d.planId))].sort();
      const plans = await Promise.all(planIds.map((id) => d.maintenance.get(ctx, id)));
      const hours = new Map(plans.map((p) => [p.id, p.estimatedHours]));
      return items.map((d) => ({
        planId: d.planId,
        planName: d.planName,
        assetId: d.assetId,
        assetName: d.assetName,
        status: d.status,
        nextDueAt: d.nextDueAt,
        remainingDays: d.remainingDays,
        remainingHours: d.remainingHours,
        openWorkOrderId: d.openWorkOrder?.id ?? null,
        estimatedHours: hours.get(d.planId) ?? null,
      }));
    },
    render: (r, u) =>
      r
        .map(
          (d) =>
            `${d.planId} ${d.assetId} ${u.wrap(d.assetName)} ${u.wrap(d.planName)} ${d.status}${d.openWorkOrderId ? ' open-order' : ''}`,
        )
        .join('\n'),
  };
}

/**
 * The workshop's people: ACTIVE members with the MECHANIC role the caller can see, their day's
 * hours, and the open work orders already assigned to them in [from, to) (their load).
 */
export function mechanicsTool(
  d: PlanningToolDeps,
  workOrders: WorkOrdersService,
  orgDailyHours: (organizationId: string) => Promise<number | null>,
): AgentTool<{ from: string; to: string }, MechanicFact[]> {
  return {
    name: 'mechanics',
    description:
      'Mechanics (active members with the mechanic role) with their daily hours and the open work orders assigned to them in [from, to)',
    input: z.strictObject({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }),
    output: z.array(ZMechanicFact),
    permissions: ['member.read', 'maintenance.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 4000,
    run: async (ctx, i) => {
      const [members, profiles, orders, orgHours] = await Promise.all([
        allPages((c) => d.members.list(ctx, { limit: 200, cursor: c, status: 'ACTIVE' })),
        d.members.planningProfiles(ctx),
        allPages((c) => workOrders.list(ctx, { limit: 200, cursor: c, from: i.from, to: i.to })),
        orgDailyHours(ctx.organizationId),
      ]);
      return members
        .filter((m) => m.role === 'MECHANIC')
        .map((m) => ({
          membershipId: m.id,
          name: m.name,
          teamIds: [...m.teamIds],
          dailyHours: profiles.get(m.id)?.maxDailyHours ?? orgHours ?? DEFAULT_MECHANIC_HOURS,
          load: orders
            .filter(
              (w) => w.assigneeMembershipId === m.id && OPEN_ORDER.has(w.status) && w.plannedStart && w.plannedEnd,
            )
            .map((w) => ({ workOrderId: w.id, number: w.number, startsAt: w.plannedStart!, endsAt: w.plannedEnd! })),
        }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.membershipId.localeCompare(b.membershipId));
    },
    render: (r, u) =>
      r
        .map((m) => `${m.membershipId} ${u.wrap(m.name)} ${m.dailyHours}h/day, ${m.load.length} open order(s)`)
        .join('\n'),
  };
}

/**
 * The parts each plan × machine service needs: the part lines of the last CLOSED work order of
 * that plan on that machine, each checked by the parts hook (in stock / not / not known).
 */
export function servicePartsTool(
  workOrders: WorkOrdersService,
  availability: PartsAvailability,
): AgentTool<{ pairs: { planId: string; assetId: string }[] }, ServicePartsFact[]> {
  return {
    name: 'service_parts',
    description:
      'Parts a preventive service needs (from the last completed order of the plan on the machine) and whether each is at hand',
    input: z.strictObject({
      pairs: z.array(z.strictObject({ planId: z.uuid(), assetId: z.uuid() })).max(100),
    }),
    output: z.array(ZServicePartsFact),
    permissions: ['maintenance.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 6000,
    run: async (ctx, i) => {
      const out: ServicePartsFact[] = [];
      for (const p of i.pairs) {
        const last = await workOrders.list(ctx, {
          limit: 1,
          status: 'CLOSED',
          planId: p.planId,
          assetId: p.assetId,
          sort: '-createdAt',
        });
        const wo = last.items[0];
        const parts = wo ? (await workOrders.get(ctx, wo.id)).parts : [];
        const needs = parts.map((x) => ({ partNumber: x.partNumber, name: x.name, quantity: x.quantity }));
        const at = needs.length ? await availability.check(ctx, needs) : [];
        out.push({
          ...p,
          fromWorkOrder: wo?.number ?? null,
          parts: needs.map((n, k) => ({ ...n, available: at[k] ?? null })),
        });
      }
      return out;
    },
    render: (r, u) =>
      r
        .map(
          (s) =>
            `${s.planId} ${s.assetId}: ${s.parts.map((p) => `${u.wrap(p.name)}×${p.quantity}${p.available === false ? ' missing' : ''}`).join(', ')}`,
        )
        .join('\n'),
  };
}
