import { Injectable } from '@nestjs/common';
import type { AgentRunStatus, Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

/** Conversations and runs. Every method is bound to one org. */
@Injectable()
export class AgentRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, { maxWait: 10_000, timeout: 20_000 });
  }

  async orgTimezone(organizationId: string): Promise<string> {
    const org = await this.prisma.client.organization.findUnique({ where: { id: organizationId }, select: { timezone: true } });
    return org?.timezone ?? 'Asia/Shanghai';
  }

  findConversation(db: Tx | undefined, organizationId: string, id: string, scope: Prisma.AgentConversationWhereInput) {
    return (db ?? this.prisma.client).agentConversation.findFirst({ where: { AND: [{ id, organizationId }, scope] } });
  }

  createConversation(tx: Tx, organizationId: string, createdByUserId: string | null) {
    return tx.agentConversation.create({ data: { organizationId, createdByUserId } });
  }

  setSummary(tx: Tx, organizationId: string, id: string, summary: string) {
    return tx.agentConversation.updateMany({ where: { id, organizationId }, data: { summary } });
  }

  createRun(tx: Tx, organizationId: string, data: { conversationId: string; initiatorUserId: string | null; initiatorMembershipId: string | null; goal: string; planner: string }) {
    return tx.agentRun.create({ data: { organizationId, ...data, status: 'RUNNING' } });
  }

  finishRun(
    tx: Tx,
    organizationId: string,
    id: string,
    data: { status: AgentRunStatus; constraints: unknown; question: string | null; steps: unknown; error: string | null; draftId: string | null },
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

  runsOfConversation(db: Tx | undefined, organizationId: string, conversationId: string, take = 50) {
    return (db ?? this.prisma.client).agentRun.findMany({ where: { organizationId, conversationId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take });
  }
}
