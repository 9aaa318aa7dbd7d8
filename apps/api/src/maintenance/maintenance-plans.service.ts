import { Injectable } from '@nestjs/common';
import {
  MAX_DUE_ROWS,
  type TChecklistTemplateItem,
  type TCreateMaintenancePlanRequest,
  type TDueItem,
  type TDueQuery,
  type TDueResponse,
  type TListMaintenancePlansQuery,
  type TListMaintenancePlansResponse,
  type TMaintenancePlan,
  type TUpdateMaintenancePlanRequest,
} from '@amms/contracts/maintenance';
import type { Prisma } from '@amms/db';
import { assetScope } from '../platform/access/asset-scope.js';
import { AuditService } from '../audit/audit.service.js';
import { diff } from '../audit/changes.js';
import { versionConflict } from '../platform/errors/app-error.js';
import { idList } from '../platform/http/list-page.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { compareDue, computeDue, type DueResult } from './due.js';
import { MaintenanceErrors } from './maintenance.errors.js';
import { toPlan } from './maintenance.mappers.js';
import { MaintenancePlansRepository } from './maintenance-plans.repository.js';
import { MaintenanceRepository } from './maintenance.repository.js';
import { planScope } from '../platform/access/maintenance-scope.js';

const decimal = (v: number | null | undefined, digits: number) =>
  v === undefined ? undefined : v === null ? null : v.toFixed(digits);

@Injectable()
export class MaintenancePlansService {
  constructor(
    private readonly repo: MaintenanceRepository,
    private readonly planRepo: MaintenancePlansRepository,
    private readonly audit: AuditService,
  ) {
    audit.registerReader('maintenance_plan', (ctx, id) => this.get(ctx, id));
  }

  async list(ctx: OrgContext, q: TListMaintenancePlansQuery): Promise<TListMaintenancePlansResponse> {
    return idList(
      q,
      (page) =>
        this.planRepo.listPlans(ctx.organizationId, {
          ...page,
          assetId: q.assetId,
          modelId: q.modelId,
          active: q.active,
          scope: planScope(ctx),
        }),
      toPlan,
    );
  }

  async get(ctx: OrgContext, id: string): Promise<TMaintenancePlan> {
    const p = await this.planRepo.findPlan(undefined, ctx.organizationId, id, planScope(ctx));
    if (!p) throw MaintenanceErrors.planNotFound();
    return toPlan(p);
  }

  async create(ctx: OrgContext, input: TCreateMaintenancePlanRequest): Promise<TMaintenancePlan> {
    return this.repo.transaction(async (tx) => {
      await this.assertTarget(tx, ctx, input.assetId, input.modelId);
      await this.assertParts(tx, ctx, input.checklist);
      const p = await this.planRepo.createPlan(tx, ctx.organizationId, {
        assetId: input.assetId ?? null,
        modelId: input.modelId ?? null,
        name: input.name,
        intervalHours: decimal(input.intervalHours, 1) ?? null,
        intervalDays: input.intervalDays ?? null,
        leadHours: decimal(input.leadHours, 1) ?? null,
        leadDays: input.leadDays ?? null,
        checklist: input.checklist,
        estimatedHours: decimal(input.estimatedHours, 2) ?? null,
        active: input.active,
      });
      const after = toPlan(p);
      const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...fields } = after;
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'maintenance_plan.created', 'maintenance_plan', p.id, { after: fields }),
      );
      return after;
    });
  }

  async update(ctx: OrgContext, id: string, input: TUpdateMaintenancePlanRequest): Promise<TMaintenancePlan> {
    return this.repo.transaction(async (tx) => {
      const current = await this.planRepo.findPlan(tx, ctx.organizationId, id, planScope(ctx));
      if (!current) throw MaintenanceErrors.planNotFound();
      if (current.modelId) this.assertModelPlanWriter(ctx);
      if (current.version !== input.version) throw versionConflict(toPlan(current));
      const before = toPlan(current);
      const hours = input.intervalHours === undefined ? before.intervalHours : input.intervalHours;
      const days = input.intervalDays === undefined ? before.intervalDays : input.intervalDays;
      if (hours === null && days === null) throw MaintenanceErrors.noInterval();

      const data: Prisma.MaintenancePlanUncheckedUpdateManyInput = {};
      if (input.name !== undefined) data.name = input.name;
      if (input.intervalHours !== undefined) data.intervalHours = decimal(input.intervalHours, 1);
      if (input.intervalDays !== undefined) data.intervalDays = input.intervalDays;
      if (input.leadHours !== undefined) data.leadHours = decimal(input.leadHours, 1);
      if (input.leadDays !== undefined) data.leadDays = input.leadDays;
      if (input.checklist !== undefined) {
        await this.assertParts(tx, ctx, input.checklist);
        data.checklist = input.checklist;
      }
      if (input.estimatedHours !== undefined) data.estimatedHours = decimal(input.estimatedHours, 2);
      if (input.active !== undefined) data.active = input.active;

      if (!(await this.planRepo.updatePlanIfVersion(tx, ctx.organizationId, id, input.version, data))) {
        const now = await this.planRepo.findPlan(tx, ctx.organizationId, id, {});
        if (!now) throw MaintenanceErrors.planNotFound();
        throw versionConflict(toPlan(now));
      }
      const after = toPlan((await this.planRepo.findPlan(tx, ctx.organizationId, id, {}))!);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'maintenance_plan.updated', 'maintenance_plan', id, diff(before, after)),
      );
      return after;
    });
  }

  /**
   * Every active plan × every live, non-retired machine it applies to (in my asset scope),
   * with its due state (see due.ts for the rules). Computed on read from the plans, the last
   * closed preventive orders and the latest readings: closing a preventive order "resets" its
   * plan without any stored counter. Capped at MAX_DUE_ROWS rows, most urgent first.
   */
  async due(ctx: OrgContext, q: TDueQuery): Promise<TDueResponse> {
    const org = ctx.organizationId;
    const plans = await this.planRepo.activePlans(org, planScope(ctx), q.planId);
    const assetIds = plans.flatMap((p) => (p.assetId ? [p.assetId] : []));
    const modelIds = plans.flatMap((p) => (p.modelId ? [p.modelId] : []));
    const assets =
      plans.length === 0 ? [] : await this.planRepo.assetsForPlans(org, assetScope(ctx), assetIds, modelIds, q.assetId);
    const planIds = plans.map((p) => p.id);
    const [readings, services, open] = await Promise.all([
      this.planRepo.latestReadings(
        org,
        assets.map((a) => a.id),
      ),
      this.planRepo.lastServices(org, planIds),
      this.planRepo.openPlanWorkOrders(org, planIds),
    ]);
    const key = (planId: string, assetId: string) => `${planId}:${assetId}`;
    const lastBy = new Map(services.map((s) => [key(s.planId, s.assetId), s]));
    const openBy = new Map<string, (typeof open)[number]>();
    for (const w of open)
      if (w.planId && !openBy.has(key(w.planId, w.assetId))) openBy.set(key(w.planId, w.assetId), w);

    const now = new Date();
    const rows: (DueResult & { key: string; item: TDueItem })[] = [];
    for (const p of plans) {
      const plan = toPlan(p);
      for (const a of assets) {
        if (p.assetId !== a.id && p.modelId !== a.modelId) continue;
        const k = key(p.id, a.id);
        const last = lastBy.get(k);
        const lastServiceAt = last?.acceptedAt ?? a.purchaseDate ?? a.createdAt;
        const lastServiceHours = last?.meterHours != null ? Number(last.meterHours) : 0;
        const current = readings.get(a.id);
        const currentHours = current === undefined ? null : Number(current);
        const r = computeDue({ plan, lastServiceAt, lastServiceHours, currentHours, now, withinDays: q.withinDays });
        if (q.status && r.status !== q.status) continue;
        const w = openBy.get(k);
        rows.push({
          ...r,
          key: k,
          item: {
            planId: p.id,
            planName: p.name,
            assetId: a.id,
            assetName: a.name,
            status: r.status,
            lastServiceAt: lastServiceAt.toISOString(),
            lastServiceHours,
            lastWorkOrderId: last?.id ?? null,
            currentHours,
            nextDueAt: r.nextDueAt ? r.nextDueAt.toISOString() : null,
            nextDueHours: r.nextDueHours,
            remainingDays: r.remainingDays,
            remainingHours: r.remainingHours,
            openWorkOrder: w ? { id: w.id, number: w.number, status: w.status } : null,
          },
        });
      }
    }
    rows.sort(compareDue);
    return {
      items: rows.slice(0, MAX_DUE_ROWS).map((r) => r.item),
      nextCursor: null,
      truncated: rows.length > MAX_DUE_ROWS,
    };
  }

  /** The parts a checklist names are the org's (a missing one and another org's are the same 404). */
  private async assertParts(tx: Tx, ctx: OrgContext, checklist: readonly TChecklistTemplateItem[]): Promise<void> {
    const ids = [...new Set(checklist.flatMap((c) => (c.parts ?? []).map((p) => p.partId)))];
    if (ids.length > 0 && (await this.planRepo.countParts(tx, ctx.organizationId, ids)) !== ids.length)
      throw MaintenanceErrors.checklistPartNotFound();
  }

  /** An asset plan needs the asset in my scope (else 404); a model plan a visible model and an ORG-scoped writer. */
  private async assertTarget(
    tx: Tx,
    ctx: OrgContext,
    assetId: string | undefined,
    modelId: string | undefined,
  ): Promise<void> {
    if (assetId && !(await this.repo.findAsset(tx, ctx.organizationId, assetId, assetScope(ctx))))
      throw MaintenanceErrors.assetNotFound();
    if (modelId) {
      if (!(await this.repo.findVisibleModel(tx, ctx.organizationId, modelId))) throw MaintenanceErrors.modelNotFound();
      this.assertModelPlanWriter(ctx);
    }
  }

  private assertModelPlanWriter(ctx: OrgContext): void {
    if (ctx.dataScope !== 'ORG') throw MaintenanceErrors.modelPlanOutOfScope();
  }
}
