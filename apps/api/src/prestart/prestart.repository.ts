import { Injectable } from '@nestjs/common';
import type { MachineKind, Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

export type PrestartItemRow = Prisma.PrestartCheckItemGetPayload<object>;
export type PrestartCheckRow = Prisma.PrestartCheckGetPayload<object>;

export interface NewPrestartItem {
  label: string;
  blocksStart: boolean;
  sourceTitle: string | null;
  sourcePage: string | null;
}

/** Prisma for pre-start lists and checks. Every method is bound to one org. */
@Injectable()
export class PrestartRepository {
  constructor(private readonly prisma: PrismaService) {}

  private db(tx?: Tx) {
    return tx ?? this.prisma.client;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, { maxWait: 10_000, timeout: 20_000 });
  }

  allItems(organizationId: string) {
    return this.prisma.client.prestartCheckItem.findMany({
      where: { organizationId },
      orderBy: [{ position: 'asc' }],
      include: { model: { select: { manufacturer: true, name: true } } },
    });
  }

  /**
   * The list that applies to a machine: its model's own, else its kind's (one query: both, then the
   * model's rows win when there are any).
   */
  async itemsForAsset(tx: Tx | undefined, organizationId: string, assetId: string): Promise<PrestartItemRow[]> {
    const asset = await this.db(tx).asset.findFirst({
      where: { organizationId, id: assetId },
      select: { modelId: true, model: { select: { kind: true } } },
    });
    if (!asset) return [];
    const rows = await this.db(tx).prestartCheckItem.findMany({
      where: { organizationId, OR: [{ modelId: asset.modelId }, { kind: asset.model.kind }] },
      orderBy: [{ position: 'asc' }],
    });
    const own = rows.filter((r) => r.modelId !== null);
    return own.length > 0 ? own : rows;
  }

  /** A model the org can see: its own or the platform catalog's. */
  visibleModel(organizationId: string, modelId: string) {
    return this.prisma.client.machineModel.findFirst({
      where: { id: modelId, OR: [{ organizationId }, { organizationId: null }] },
      select: { id: true },
    });
  }

  /** Replace a scope's list in one statement pair (the caller's transaction). */
  async replace(
    tx: Tx,
    organizationId: string,
    scope: { modelId: string } | { kind: MachineKind },
    items: readonly NewPrestartItem[],
  ): Promise<void> {
    const where = 'modelId' in scope ? { modelId: scope.modelId } : { kind: scope.kind };
    await tx.prestartCheckItem.deleteMany({ where: { organizationId, ...where } });
    if (items.length > 0)
      await tx.prestartCheckItem.createMany({
        data: items.map((it, position) => ({ organizationId, ...where, position, ...it })),
      });
  }

  /** The job's live assignment's main machine, if the caller's job scope shows the job. */
  findJob(tx: Tx | undefined, organizationId: string, id: string, scope: Prisma.JobWhereInput) {
    return this.db(tx).job.findFirst({
      where: { AND: [{ organizationId, id }, scope] },
      select: {
        id: true,
        status: true,
        assignments: {
          where: { releasedAt: null },
          select: { machines: { where: { role: 'PRIMARY' }, select: { assetId: true } } },
        },
      },
    });
  }

  /** Serialises checks and starts of one job (the row lock the start's own update takes too). */
  async lockJob(tx: Tx, organizationId: string, id: string): Promise<void> {
    await tx.$queryRaw`SELECT 1 FROM "Job" WHERE "organizationId" = ${organizationId}::uuid AND id = ${id}::uuid FOR UPDATE`;
  }

  checksOfJob(tx: Tx | undefined, organizationId: string, jobId: string) {
    return this.db(tx).prestartCheck.findMany({
      where: { organizationId, jobId },
      orderBy: [{ performedAt: 'desc' }, { createdAt: 'desc' }],
    });
  }

  visibleAsset(organizationId: string, id: string, scope: Prisma.AssetWhereInput) {
    return this.prisma.client.asset.findFirst({
      where: { AND: [{ organizationId, id, deletedAt: null }, scope] },
      select: { id: true },
    });
  }

  checksOfAsset(organizationId: string, assetId: string, limit: number) {
    return this.prisma.client.prestartCheck.findMany({
      where: { organizationId, assetId },
      orderBy: [{ performedAt: 'desc' }, { createdAt: 'desc' }],
      take: limit,
    });
  }

  insertCheck(tx: Tx, data: Prisma.PrestartCheckUncheckedCreateInput) {
    return tx.prestartCheck.create({ data });
  }

  setWorkOrder(organizationId: string, id: string, workOrderId: string) {
    return this.prisma.client.prestartCheck.updateMany({ where: { organizationId, id }, data: { workOrderId } });
  }

  workOrderNumbers(organizationId: string, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.prisma.client.workOrder.findMany({
      where: { organizationId, id: { in: ids } },
      select: { id: true, number: true },
    });
  }
}
