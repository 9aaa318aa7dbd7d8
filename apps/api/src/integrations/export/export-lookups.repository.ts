import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../platform/prisma/prisma.service.js';

/** The rows behind an export page's readable columns, each bound to the org and to the ids asked for. */
@Injectable()
export class ExportLookupsRepository {
  constructor(private readonly prisma: PrismaService) {}

  teams(organizationId: string, ids: string[]) {
    return this.prisma.client.team.findMany({
      where: { organizationId, id: { in: ids } },
      select: { id: true, name: true },
    });
  }

  /** the org's own models and the platform catalogue's */
  models(organizationId: string, ids: string[]) {
    return this.prisma.client.machineModel.findMany({
      where: { id: { in: ids }, OR: [{ organizationId }, { organizationId: null }] },
      select: { id: true, manufacturer: true, name: true },
    });
  }

  timezone(organizationId: string) {
    return this.prisma.client.organization.findUnique({ where: { id: organizationId }, select: { timezone: true } });
  }

  costLines(organizationId: string, documentIds: readonly string[]) {
    return this.prisma.client.costLine.findMany({
      where: { organizationId, documentId: { in: [...documentIds] } },
      orderBy: [{ documentId: 'asc' }, { position: 'asc' }],
    });
  }
}
