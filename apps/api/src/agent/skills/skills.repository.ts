import { Injectable } from '@nestjs/common';
import { assetScope } from '../../platform/access/asset-scope.js';
import { workOrderReadScope } from '../../platform/access/maintenance-scope.js';
import { PrismaService } from '../../platform/prisma/prisma.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import type { MachineCandidate } from './machine-match.js';

/** Reads the skills need that no service offers as such; every query is bound to the org and the caller's scope. */
@Injectable()
export class SkillsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Live machines in my asset scope with their model (name, maker, kind): for resolving "6R 155 #01". */
  async machines(ctx: OrgContext, take = 2000): Promise<MachineCandidate[]> {
    const rows = await this.prisma.client.asset.findMany({
      where: { AND: [{ organizationId: ctx.organizationId, deletedAt: null }, assetScope(ctx)] },
      select: {
        id: true,
        name: true,
        status: true,
        teamId: true,
        modelId: true,
        model: { select: { name: true, manufacturer: true, kind: true, operationTypes: true } },
      },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      take,
    });
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      teamId: r.teamId,
      modelId: r.modelId,
      modelName: r.model.name,
      manufacturer: r.model.manufacturer,
      kind: r.model.kind,
      operationTypes: [...r.model.operationTypes],
    }));
  }

  /** FAILED checklist items of the machine's work orders I may read, newest first. */
  failedChecks(ctx: OrgContext, assetId: string, take = 10) {
    return this.prisma.client.workOrderChecklistItem.findMany({
      where: {
        organizationId: ctx.organizationId,
        result: 'FAIL',
        workOrder: { AND: [{ organizationId: ctx.organizationId, assetId }, workOrderReadScope(ctx)] },
      },
      select: { label: true, note: true, updatedAt: true, workOrderId: true, workOrder: { select: { number: true } } },
      orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
      take,
    });
  }
}
