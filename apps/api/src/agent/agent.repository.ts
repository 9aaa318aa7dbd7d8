import { Injectable } from '@nestjs/common';
import type { AgentRunStatus, Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import type { MemoryTurn } from './memory.js';

/** Conversations and runs. Every method is bound to one org. */
@Injectable()
export class AgentRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, { maxWait: 10_000, timeout: 20_000 });
  }

  async orgTimezone(organizationId: string): Promise<string> {
    const org = await this.prisma.client.organization.findUnique({
      where: { id: organizationId },
      select: { timezone: true },
    });
    return org?.timezone ?? 'Asia/Shanghai';
  }

  findConversation(db: Tx | undefined, organizationId: string, id: string, scope: Prisma.AgentConversationWhereInput) {
    return (db ?? this.prisma.client).agentConversation.findFirst({ where: { AND: [{ id, organizationId }, scope] } });
  }

  createConversation(tx: Tx, organizationId: string, createdByUserId: string | null) {
    return tx.agentConversation.create({ data: { organizationId, createdByUserId } });
  }

  setSummary(tx: Tx, organizationId: string, id: string, summary: string | null) {
    return tx.agentConversation.updateMany({ where: { id, organizationId }, data: { summary } });
  }

  createRun(
    tx: Tx,
    organizationId: string,
    data: {
      conversationId: string;
      initiatorUserId: string | null;
      initiatorMembershipId: string | null;
      goal: string;
      planner: string;
    },
  ) {
    return tx.agentRun.create({ data: { organizationId, ...data, status: 'RUNNING' } });
  }

  finishRun(
    tx: Tx,
    organizationId: string,
    id: string,
    data: {
      status: AgentRunStatus;
      constraints: unknown;
      question: string | null;
      steps: unknown;
      error: string | null;
      draftId: string | null;
    },
  ) {
    return tx.agentRun.updateMany({
      where: { id, organizationId, status: 'RUNNING' },
      data: {
        status: data.status,
        constraints: data.constraints === null ? undefined : (data.constraints as Prisma.InputJsonValue),
        question: data.question,
        steps: data.steps as Prisma.InputJsonValue,
        error: data.error,
        draftId: data.draftId,
        finishedAt: new Date(),
      },
    });
  }

  findRun(organizationId: string, id: string, scope: Prisma.AgentRunWhereInput) {
    return this.prisma.client.agentRun.findFirst({ where: { AND: [{ id, organizationId }, scope] } });
  }

  /**
   * The conversation's runs as memory turns, oldest → newest (the newest `take`), without
   * `excludeRunId` (the run being planned). Only goals and outcomes: the draft's current version
   * and its item/unplaced counts, nothing else of the draft.
   */
  async memoryTurns(
    db: Tx | undefined,
    organizationId: string,
    conversationId: string,
    excludeRunId: string | null,
    take = 50,
  ): Promise<MemoryTurn[]> {
    const client = db ?? this.prisma.client;
    const runs = (await this.runsOfConversation(db, organizationId, conversationId, take + 1))
      .filter((r) => r.id !== excludeRunId)
      .slice(0, take)
      .reverse();
    const draftIds = runs.flatMap((r) => (r.draftId ? [r.draftId] : []));
    const drafts = draftIds.length
      ? await client.draft.findMany({
          where: { organizationId, id: { in: draftIds } },
          select: { id: true, currentVersion: true },
        })
      : [];
    const versions = drafts.length
      ? await client.draftVersion.findMany({
          where: { organizationId, OR: drafts.map((d) => ({ draftId: d.id, version: d.currentVersion })) },
          select: { draftId: true, version: true, items: true, unplaced: true },
        })
      : [];
    const byDraft = new Map(versions.map((v) => [v.draftId, v]));
    const count = (j: unknown) => (Array.isArray(j) ? j.length : 0);
    return runs.map((r) => {
      const v = r.draftId ? byDraft.get(r.draftId) : undefined;
      return {
        runId: r.id,
        goal: r.goal,
        status: r.status,
        question: r.question,
        draft:
          r.draftId && v
            ? { id: r.draftId, version: v.version, items: count(v.items), unplaced: count(v.unplaced) }
            : null,
      };
    });
  }

  runsOfConversation(db: Tx | undefined, organizationId: string, conversationId: string, take = 50) {
    return (db ?? this.prisma.client).agentRun.findMany({
      where: { organizationId, conversationId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take,
    });
  }
}
