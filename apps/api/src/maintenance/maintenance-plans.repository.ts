import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import type { IdPage } from '../platform/http/list-page.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { OPEN_STATUSES } from './maintenance.repository.js';

export interface PlanFilter extends IdPage {
  assetId?: string;
  modelId?: string;
  active?: boolean;
  scope: Prisma.MaintenancePlanWhereInput;
}

/**
 * Prisma for maintenance plans and the due list's inputs (active plans, the machines they
 * target, latest readings, last services, open plan orders). Every method is bound to one org;
 * assets, readings and orders are only read here.
 */
@Injectable()
export class MaintenancePlansRepository {
  constructor(private readonly prisma: PrismaService) {}

  private db(tx?: Tx) {
    return tx ?? this.prisma.client;
  }

  // --- plans ------------------------------------------------------------------

  createPlan(
    tx: Tx,
    organizationId: string,
    data: Omit<Prisma.MaintenancePlanUncheckedCreateInput, 'organizationId' | 'id'>,
  ) {
    return tx.maintenancePlan.create({ data: { ...data, organizationId } });
  }

  findPlan(tx: Tx | undefined, organizationId: string, id: string, scope: Prisma.MaintenancePlanWhereInput) {
    return this.db(tx).maintenancePlan.findFirst({ where: { AND: [{ id, organizationId }, scope] } });
  }

  listPlans(organizationId: string, f: PlanFilter) {
    return this.prisma.client.maintenancePlan.findMany({
      where: {
        AND: [
          { organizationId },
          f.scope,
          f.assetId ? { assetId: f.assetId } : {},
          f.modelId ? { modelId: f.modelId } : {},
          f.active !== undefined ? { active: f.active } : {},
          f.afterId ? { id: { gt: f.afterId } } : {},
        ],
      },
      orderBy: { id: 'asc' },
      take: f.limit,
    });
  }

  async updatePlanIfVersion(
    tx: Tx,
    organizationId: string,
    id: string,
    version: number,
    data: Prisma.MaintenancePlanUncheckedUpdateManyInput,
  ): Promise<boolean> {
    const res = await tx.maintenancePlan.updateMany({
      where: { id, organizationId, version },
      data: { ...data, version: { increment: 1 } },
    });
    return res.count === 1;
  }

  // --- due list inputs ----------------------------------------------------------

  /** How many of `ids` are parts of the org (a checklist's parts must all be). */
  countParts(tx: Tx, organizationId: string, ids: string[]): Promise<number> {
    return tx.part.count({ where: { organizationId, id: { in: ids } } });
  }

  activePlans(organizationId: string, scope: Prisma.MaintenancePlanWhereInput, planId?: string) {
    return this.prisma.client.maintenancePlan.findMany({
      where: { AND: [{ organizationId, active: true }, scope, planId ? { id: planId } : {}] },
      orderBy: { id: 'asc' },
    });
  }

  /** Live, non-retired assets in scope that one of the plans targets (directly or through their model). */
  assetsForPlans(
    organizationId: string,
    scope: Prisma.AssetWhereInput,
    assetIds: string[],
    modelIds: string[],
    onlyAssetId?: string,
  ) {
    return this.prisma.client.asset.findMany({
      where: {
        AND: [
          { organizationId, deletedAt: null, status: { not: 'RETIRED' } },
          scope,
          { OR: [{ id: { in: assetIds } }, { modelId: { in: modelIds } }] },
          onlyAssetId ? { id: onlyAssetId } : {},
        ],
      },
      select: { id: true, name: true, modelId: true, purchaseDate: true, createdAt: true },
      orderBy: { id: 'asc' },
    });
  }

  /** The latest reading of each asset (by readAt, then insertion). */
  async latestReadings(organizationId: string, assetIds: string[]): Promise<Map<string, string>> {
    if (assetIds.length === 0) return new Map();
    const rows = await this.prisma.client.$queryRaw<{ assetId: string; hours: string }[]>`
      SELECT DISTINCT ON ("assetId") "assetId"::text AS "assetId", "readingHours"::text AS hours
      FROM "MeterReading"
      WHERE "organizationId" = ${organizationId}::uuid AND "assetId" = ANY(${assetIds}::uuid[]) AND "voidedAt" IS NULL
      ORDER BY "assetId", "readAt" DESC, "createdAt" DESC, id DESC`;
    return new Map(rows.map((r) => [r.assetId, r.hours]));
  }

  /** The latest CLOSED preventive order of each (plan, asset): the last service the plan counts from. */
  async lastServices(organizationId: string, planIds: string[]) {
    if (planIds.length === 0) return [];
    return this.prisma.client.$queryRaw<
      { id: string; planId: string; assetId: string; acceptedAt: Date; meterHours: string | null }[]
    >`
      SELECT DISTINCT ON ("planId", "assetId") id::text, "planId"::text AS "planId", "assetId"::text AS "assetId",
             "acceptedAt", "meterHours"::text AS "meterHours"
      FROM "WorkOrder"
      WHERE "organizationId" = ${organizationId}::uuid AND "planId" = ANY(${planIds}::uuid[])
        AND status = 'CLOSED' AND type = 'PREVENTIVE' AND "acceptedAt" IS NOT NULL
      ORDER BY "planId", "assetId", "acceptedAt" DESC, id DESC`;
  }

  openPlanWorkOrders(organizationId: string, planIds: string[]) {
    if (planIds.length === 0) return Promise.resolve([]);
    return this.prisma.client.workOrder.findMany({
      where: { organizationId, planId: { in: planIds }, status: { in: OPEN_STATUSES } },
      select: { id: true, number: true, status: true, planId: true, assetId: true },
      orderBy: { number: 'asc' },
    });
  }
}
