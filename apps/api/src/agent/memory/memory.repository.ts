import { Injectable } from '@nestjs/common';
import type { AgentFeedbackRating, AgentPreferenceKind, Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../../platform/prisma/prisma.service.js';

/** Preferences, feedback and the runs' entity memory. Every method is bound to one org (and a user where it says so). */
@Injectable()
export class AgentMemoryRepository {
  constructor(private readonly prisma: PrismaService) {}

  preferencesOf(organizationId: string, userId: string) {
    return this.prisma.client.agentPreference.findMany({
      where: { organizationId, userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 200,
    });
  }

  /** what the user already has, to save each preference once */
  preferenceKeys(tx: Tx, organizationId: string, userId: string) {
    return tx.agentPreference.findMany({
      where: { organizationId, userId },
      select: { kind: true, targetId: true, weekday: true },
    });
  }

  createPreferences(
    tx: Tx,
    rows: Array<{
      organizationId: string;
      userId: string;
      kind: AgentPreferenceKind;
      targetId: string | null;
      targetName: string | null;
      weekday: number | null;
      text: string;
      sourceRunId: string;
    }>,
  ) {
    return tx.agentPreference.createMany({ data: rows });
  }

  /** own only: another person's or org's preference is "not found" */
  deletePreference(tx: Tx, organizationId: string, userId: string, id: string) {
    return tx.agentPreference.deleteMany({ where: { id, organizationId, userId } });
  }

  findPreference(tx: Tx, organizationId: string, userId: string, id: string) {
    return tx.agentPreference.findFirst({ where: { id, organizationId, userId } });
  }

  /** entities of the conversation's earlier runs, newest first (without `excludeRunId`) */
  async earlierEntities(
    organizationId: string,
    conversationId: string,
    excludeRunId: string,
    take = 20,
  ): Promise<unknown[]> {
    const runs = await this.prisma.client.agentRun.findMany({
      where: { organizationId, conversationId, id: { not: excludeRunId } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take,
      select: { entities: true },
    });
    return runs.map((r) => r.entities);
  }

  setEntities(tx: Tx, organizationId: string, runId: string, entities: unknown) {
    return tx.agentRun.updateMany({
      where: { id: runId, organizationId },
      data: { entities: entities as Prisma.InputJsonValue },
    });
  }

  upsertFeedback(
    tx: Tx,
    organizationId: string,
    runId: string,
    userId: string,
    rating: AgentFeedbackRating,
    comment: string | null,
  ) {
    return tx.agentFeedback.upsert({
      where: { organizationId_runId_userId: { organizationId, runId, userId } },
      create: { organizationId, runId, userId, rating, comment },
      update: { rating, comment },
    });
  }

  findFeedback(tx: Tx, organizationId: string, runId: string, userId: string) {
    return tx.agentFeedback.findUnique({ where: { organizationId_runId_userId: { organizationId, runId, userId } } });
  }

  /**
   * The machines (primary) each of these operators was assigned to from 90 days ago to 30 days
   * ahead (released assignments left out), newest first, with the machine's model: what
   * "钱勇那台" means (memory/possessive.ts). The caller filters to the machines it may see.
   */
  recentMachinesOf(organizationId: string, operatorIds: string[], now: Date) {
    return this.prisma.client.assignment.findMany({
      where: {
        organizationId,
        operatorMembershipId: { in: operatorIds },
        releasedAt: null,
        startsAt: { gte: new Date(now.getTime() - 90 * 86_400_000), lte: new Date(now.getTime() + 30 * 86_400_000) },
      },
      orderBy: [{ startsAt: 'desc' }, { id: 'desc' }],
      take: 500,
      select: {
        operatorMembershipId: true,
        startsAt: true,
        endsAt: true,
        machines: {
          where: { role: 'PRIMARY' },
          select: {
            asset: {
              select: {
                id: true,
                name: true,
                model: { select: { manufacturer: true, name: true, operationTypes: true } },
              },
            },
          },
        },
      },
    });
  }
}
