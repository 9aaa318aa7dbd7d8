/** The maintenance tool: the due list with what planning maintenance needs. */
import { z } from 'zod';
import type { AgentTool } from '../../platform/tools/tool.js';
import type { PlanningToolDeps } from './schedule-tools.js';
import { ZDueFact, type DueFact } from './tool-facts.js';

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
