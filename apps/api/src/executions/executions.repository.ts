import { Injectable } from '@nestjs/common';
import type { ExecutionStatus, Prisma, ReceiptStatus } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

export interface NewReceipt {
  itemKey: string;
  itemIndex: number;
  status: ReceiptStatus;
  recordType: string | null;
  recordId: string | null;
  detail: Record<string, unknown>;
}

/** Executions of confirmed draft versions and their per-item receipts. Every method is bound to one org. */
@Injectable()
export class ExecutionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, TX_OPTIONS);
  }

  findById(db: Tx | undefined, organizationId: string, id: string) {
    return (db ?? this.prisma.client).execution.findFirst({ where: { id, organizationId } });
  }

  /** The execution of a draft version (unique (draftId, version)). */
  findByVersion(db: Tx | undefined, organizationId: string, draftId: string, version: number) {
    return (db ?? this.prisma.client).execution.findFirst({ where: { organizationId, draftId, version } });
  }

  create(
    tx: Tx,
    organizationId: string,
    data: {
      draftId: string;
      version: number;
      itemsTotal: number;
      initiatorUserId: string | null;
      initiatorMembershipId: string | null;
    },
  ) {
    return tx.execution.create({ data: { organizationId, ...data } });
  }

  /** Moves the execution only from one of `from`: false → someone else moved it first. */
  async updateIf(
    tx: Tx,
    organizationId: string,
    id: string,
    from: readonly ExecutionStatus[],
    data: Prisma.ExecutionUncheckedUpdateManyInput,
  ): Promise<boolean> {
    const res = await tx.execution.updateMany({ where: { id, organizationId, status: { in: [...from] } }, data });
    return res.count === 1;
  }

  receipts(db: Tx | undefined, organizationId: string, executionId: string) {
    return (db ?? this.prisma.client).executionReceipt.findMany({
      where: { organizationId, executionId },
      orderBy: [{ itemIndex: 'asc' }, { id: 'asc' }],
    });
  }

  insertReceipt(tx: Tx, organizationId: string, executionId: string, r: NewReceipt) {
    return tx.executionReceipt.create({
      data: { organizationId, executionId, ...r, detail: r.detail as Prisma.InputJsonValue },
    });
  }

  /** Executions of one draft (the draft's audit trail includes their events). */
  idsOfDraft(organizationId: string, draftId: string) {
    return this.prisma.client.execution.findMany({
      where: { organizationId, draftId },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
    });
  }

  /**
   * Executions not finished: the worker re-enqueues them at startup (a killed worker's job) and,
   * every few minutes, those untouched for `idleMs` (a job Redis lost, or a worker that died).
   */
  unfinished(limit = 500, idleMs = 0) {
    return this.prisma.client.execution.findMany({
      where: {
        status: { in: ['PENDING', 'RUNNING'] },
        ...(idleMs > 0 ? { updatedAt: { lt: new Date(Date.now() - idleMs) } } : {}),
      },
      select: { id: true, organizationId: true },
      orderBy: { createdAt: 'asc' },
      take: limit,
    });
  }
}
