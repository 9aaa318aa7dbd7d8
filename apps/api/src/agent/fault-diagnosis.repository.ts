import { Injectable } from '@nestjs/common';
import type { Prisma, Role } from '@amms/db';
import { memberFactsSelect } from '../tenancy/memberships.repository.js';
import { PrismaService } from '../platform/prisma/prisma.service.js';

/** The rows the fault diagnosis reads and marks (telematics' AssetFault, memberships, the machine). */
@Injectable()
export class FaultDiagnosisRepository {
  constructor(private readonly prisma: PrismaService) {}

  fault(organizationId: string, id: string) {
    return this.prisma.client.assetFault.findFirst({
      where: { id, organizationId },
      select: { code: true, clearedAt: true, assetId: true, asset: { select: { name: true, deletedAt: true } } },
    });
  }

  /** Takes the fault for a diagnosis once: false when it was taken already. */
  async claim(organizationId: string, id: string): Promise<boolean> {
    const r = await this.prisma.client.assetFault.updateMany({
      where: { id, organizationId, diagnosedAt: null },
      data: { diagnosedAt: new Date() },
    });
    return r.count === 1;
  }

  async setRun(organizationId: string, id: string, runId: string): Promise<void> {
    await this.prisma.client.assetFault.updateMany({ where: { id, organizationId }, data: { diagnosisRunId: runId } });
  }

  /** Active members of these roles, oldest membership first, with their rights and locale. */
  members(organizationId: string, roles: readonly Role[]) {
    return this.prisma.client.membership.findMany({
      where: { organizationId, status: 'ACTIVE', role: { in: [...roles] } },
      select: { ...memberFactsSelect, createdAt: true, user: { select: { isPlatformAdmin: true, locale: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  async sees(organizationId: string, assetId: string, scope: Prisma.AssetWhereInput): Promise<boolean> {
    const n = await this.prisma.client.asset.count({
      where: { AND: [{ id: assetId, organizationId, deletedAt: null }, scope] },
    });
    return n > 0;
  }
}
