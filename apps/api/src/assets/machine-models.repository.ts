import { Injectable } from '@nestjs/common';
import type { MachineKind, OperationType, Prisma } from '@amms/db';
import type { IdPage } from '../platform/http/list-page.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

export interface ModelFilter extends IdPage {
  kind?: MachineKind;
  operationType?: OperationType;
  q?: string;
}

/** Platform models (organizationId null) and the org's own. */
export const visibleModels = (organizationId: string): Prisma.MachineModelWhereInput => ({
  OR: [{ organizationId: null }, { organizationId }],
});

/** Prisma for machine models: the org's own and the platform catalog. */
@Injectable()
export class MachineModelsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  // --- machine models -------------------------------------------------------

  listModels(organizationId: string, f: ModelFilter) {
    return this.findModels(visibleModels(organizationId), f);
  }

  createModel(
    tx: Tx,
    organizationId: string,
    data: Omit<Prisma.MachineModelUncheckedCreateInput, 'organizationId' | 'id'>,
  ) {
    return tx.machineModel.create({ data: { ...data, organizationId } });
  }

  /**
   * Locks a model for an edit (FOR UPDATE) and returns it. `owner`: an org id → a model that org
   * sees (its own or a platform one: the caller tells them apart); null → platform models only.
   *
   * FOR UPDATE (not the NO KEY UPDATE a plain UPDATE takes) on purpose: it conflicts with the
   * FOR KEY SHARE lock that the Asset → MachineModel foreign key check takes when an asset is
   * inserted or moved to this model. So an asset write racing a kind change is serialized with
   * it: either it committed before the lock (and the live-asset count sees it) or it waits
   * until the edit commits.
   */
  async lockModelForEdit(tx: Tx, owner: string | null, id: string) {
    const rows = owner
      ? await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM "MachineModel"
          WHERE id = ${id}::uuid AND ("organizationId" IS NULL OR "organizationId" = ${owner}::uuid)
          FOR UPDATE`
      : await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM "MachineModel" WHERE id = ${id}::uuid AND "organizationId" IS NULL FOR UPDATE`;
    if (rows.length === 0) return null;
    return tx.machineModel.findUnique({ where: { id } });
  }

  /** A model owned by exactly this org (null: a platform model). */
  findOwnedModel(tx: Tx, organizationId: string | null, id: string) {
    return tx.machineModel.findFirst({ where: { id, organizationId } });
  }

  /**
   * Conditional update on the `updatedAt` the client read (the model's concurrency token: the
   * table has no version column). false → it changed meanwhile. `organizationId` null = platform.
   */
  async updateModelIfUnchanged(
    tx: Tx,
    organizationId: string | null,
    id: string,
    expectedUpdatedAt: Date,
    data: Prisma.MachineModelUncheckedUpdateManyInput & { updatedAt: Date },
  ): Promise<boolean> {
    const res = await tx.machineModel.updateMany({ where: { id, organizationId, updatedAt: expectedUpdatedAt }, data });
    return res.count === 1;
  }

  /**
   * Live (non-deleted) assets built on a model. For a platform model that is every org's assets
   * (only a count leaves this method: platform code never reads org rows); for a private model
   * pass its org.
   */
  countLiveAssetsOfModel(tx: Tx, organizationId: string | null, modelId: string): Promise<number> {
    return tx.asset.count({ where: { modelId, deletedAt: null, ...(organizationId ? { organizationId } : {}) } });
  }

  // --- platform catalog (platform admins only; no org rows) ------------------

  listPlatformModels(f: ModelFilter) {
    return this.findModels({ organizationId: null }, f);
  }

  createPlatformModel(tx: Tx, data: Omit<Prisma.MachineModelUncheckedCreateInput, 'organizationId' | 'id'>) {
    return tx.machineModel.create({ data: { ...data, organizationId: null } });
  }

  /** Models among `visible` (an org's view or the platform catalog) that match the filter, in id order. */
  private findModels(visible: Prisma.MachineModelWhereInput, f: ModelFilter) {
    return this.prisma.client.machineModel.findMany({
      where: {
        AND: [
          visible,
          f.kind ? { kind: f.kind } : {},
          f.operationType ? { operationTypes: { has: f.operationType } } : {},
          f.q
            ? {
                OR: [
                  { manufacturer: { contains: f.q, mode: 'insensitive' } },
                  { name: { contains: f.q, mode: 'insensitive' } },
                ],
              }
            : {},
          f.afterId ? { id: { gt: f.afterId } } : {},
        ],
      },
      orderBy: { id: 'asc' },
      take: f.limit,
    });
  }
}
