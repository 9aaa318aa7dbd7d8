import { Injectable } from '@nestjs/common';
import type { TDemandSource } from '@amms/contracts/inventory';
import { MaintenancePlansService } from '../maintenance/maintenance-plans.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { may } from '../platform/access/permission.js';

const DAY_MS = 86_400_000;

/** What due maintenance needs of one part: the quantity (thousandths) and the services behind it. */
export interface PartDemandMilli {
  milli: bigint;
  sources: TDemandSource[];
}

/**
 * Expected demand from due maintenance: each due plan × machine (OVERDUE, or DUE_SOON within the
 * horizon) that has no open work order yet needs the parts its plan's checklist names, per
 * service. A service with an open order is left out: its order reserves what it needs (the
 * reservation already counts against the available quantity). The due list is the maintenance
 * module's (the caller's data scope and permissions apply); a caller without maintenance.read
 * sees no demand.
 */
@Injectable()
export class StockDemandService {
  constructor(private readonly plans: MaintenancePlansService) {}

  async byPart(ctx: OrgContext, withinDays: number, now = new Date()): Promise<Map<string, PartDemandMilli>> {
    const out = new Map<string, PartDemandMilli>();
    if (!may(ctx, 'maintenance.read')) return out;
    const due = (await this.plans.due(ctx, { withinDays })).items.filter(
      (d) => d.status !== 'OK' && d.openWorkOrder === null,
    );
    if (due.length === 0) return out;
    const planIds = [...new Set(due.map((d) => d.planId))];
    const plans = new Map((await Promise.all(planIds.map((id) => this.plans.get(ctx, id)))).map((p) => [p.id, p]));
    const horizon = now.getTime() + withinDays * DAY_MS;
    for (const d of due) {
      const plan = plans.get(d.planId);
      if (!plan) continue;
      // the due date when it falls inside the horizon; today when overdue or due by hours
      const at = d.nextDueAt ? Date.parse(d.nextDueAt) : NaN;
      const dueBy = d.status === 'DUE_SOON' && at > now.getTime() && at <= horizon ? new Date(at) : now;
      const perPart = new Map<string, bigint>();
      for (const step of plan.checklist)
        for (const p of step.parts ?? [])
          perPart.set(p.partId, (perPart.get(p.partId) ?? 0n) + BigInt(Math.round(p.quantity * 1000)));
      for (const [partId, milli] of perPart) {
        const e = out.get(partId) ?? { milli: 0n, sources: [] };
        e.milli += milli;
        e.sources.push({
          planId: d.planId,
          planName: d.planName,
          assetId: d.assetId,
          assetName: d.assetName,
          dueStatus: d.status,
          dueBy: dueBy.toISOString(),
          quantity: Number(milli) / 1000,
        });
        out.set(partId, e);
      }
    }
    return out;
  }
}

/** The part of a demand expected by `until` (the sources due by then). */
export function demandBy(d: PartDemandMilli | undefined, until: number): PartDemandMilli {
  if (!d) return { milli: 0n, sources: [] };
  const sources = d.sources.filter((s) => Date.parse(s.dueBy) <= until);
  return { milli: sources.reduce((t, s) => t + BigInt(Math.round(s.quantity * 1000)), 0n), sources };
}
