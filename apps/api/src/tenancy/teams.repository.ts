import { Injectable } from '@nestjs/common';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

const withCount = { _count: { select: { members: true } } } as const;

/** Teams of one organization (every query names it), with their member counts. */
@Injectable()
export class TeamsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  /** By name, after `afterName` (the cursor); one more than `limit` to tell whether a next page exists. */
  list(organizationId: string, limit: number, afterName?: string) {
    return this.prisma.client.team.findMany({
      where: { organizationId, ...(afterName ? { name: { gt: afterName } } : {}) },
      include: withCount,
      orderBy: { name: 'asc' },
      take: limit + 1,
    });
  }

  find(organizationId: string, id: string, tx: Tx = this.prisma.client) {
    return tx.team.findFirst({ where: { id, organizationId }, include: withCount });
  }

  create(tx: Tx, organizationId: string, name: string, description: string | null) {
    return tx.team.create({ data: { organizationId, name, description }, include: withCount });
  }

  async update(tx: Tx, organizationId: string, id: string, data: { name?: string; description?: string | null }) {
    await tx.team.updateMany({ where: { id, organizationId }, data });
    return tx.team.findUniqueOrThrow({ where: { id }, include: withCount });
  }

  /**
   * Deletes the team; its machines, fields and jobs stay, without a team (their FKs restrict
   * deleting a team that still has rows). Returns the ids of the machines it owned and the counts.
   */
  async removeKeepingRows(tx: Tx, organizationId: string, id: string) {
    const owned = await tx.asset.findMany({ where: { organizationId, teamId: id }, select: { id: true } });
    const unassigned = await tx.asset.updateMany({
      where: { organizationId, teamId: id },
      data: { teamId: null, version: { increment: 1 } },
    });
    const fields = await tx.field.updateMany({
      where: { organizationId, teamId: id },
      data: { teamId: null, version: { increment: 1 } },
    });
    const jobs = await tx.job.updateMany({
      where: { organizationId, teamId: id },
      data: { teamId: null, version: { increment: 1 } },
    });
    await tx.team.deleteMany({ where: { id, organizationId } });
    return {
      assetIds: owned.map((a) => a.id),
      unassignedAssets: unassigned.count,
      unassignedFields: fields.count,
      unassignedJobs: jobs.count,
    };
  }
}
