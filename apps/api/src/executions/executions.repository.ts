import { Injectable } from '@nestjs/common';
import type { ExecutionStatus, Prisma, ReceiptStatus } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { loadMember } from '../tenancy/memberships.repository.js';

const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

/** The business record an item writes (a receipt's `recordType`). */
export type RecordType = 'job' | 'work_order' | 'cost_document' | 'member_leave';

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

  /** The receipts of a run of items, in one insert. */
  async insertReceipts(tx: Tx, organizationId: string, executionId: string, rs: readonly NewReceipt[]): Promise<void> {
    await tx.executionReceipt.createMany({
      data: rs.map((r) => ({ organizationId, executionId, ...r, detail: r.detail as Prisma.InputJsonValue })),
    });
  }

  /** A member as the executor re-checks them (initiator, confirmer). */
  member(organizationId: string, membershipId: string) {
    return loadMember(this.prisma.client, organizationId, membershipId);
  }

  /** The current version of a job (null: no such job in the org). */
  /** An API key of the org that is not revoked (its expiry is the caller's to check), or null. */
  liveApiKey(organizationId: string, apiKeyId: string): Promise<{ expiresAt: Date | null } | null> {
    return this.prisma.client.apiKey.findFirst({
      where: { id: apiKeyId, organizationId, revokedAt: null },
      select: { expiresAt: true },
    });
  }

  async jobVersion(organizationId: string, jobId: string): Promise<number | null> {
    const job = await this.prisma.client.job.findFirst({
      where: { id: jobId, organizationId },
      select: { version: true },
    });
    return job?.version ?? null;
  }

  /** What an item key wrote, if anything: the job (assignment) or the work order id. */
  async writtenRecord(tx: Tx, organizationId: string, itemKey: string, recordType: RecordType): Promise<string | null> {
    if (recordType === 'member_leave') {
      const l = await tx.memberLeave.findFirst({ where: { organizationId, itemKey }, select: { id: true } });
      return l?.id ?? null;
    }
    if (recordType === 'cost_document') {
      const l = await tx.purchaseLine.findFirst({
        where: { organizationId, itemKey },
        select: { purchase: { select: { costDocumentId: true } } },
      });
      return l?.purchase.costDocumentId ?? null;
    }
    if (recordType === 'work_order') {
      const wo = await tx.workOrder.findFirst({ where: { organizationId, itemKey }, select: { id: true } });
      return wo?.id ?? null;
    }
    const a = await tx.assignment.findFirst({ where: { organizationId, itemKey }, select: { jobId: true } });
    return a?.jobId ?? null;
  }

  /** The draft of a finished execution: EXECUTING → EXECUTED. */
  async draftExecuted(tx: Tx, organizationId: string, draftId: string): Promise<void> {
    await tx.draft.updateMany({
      where: { id: draftId, organizationId, status: 'EXECUTING' },
      data: { status: 'EXECUTED', rowVersion: { increment: 1 } },
    });
  }

  /** The draft of a refused execution that wrote nothing: EXECUTING → OPEN, its confirmation voided. */
  async draftReopened(tx: Tx, organizationId: string, draftId: string): Promise<void> {
    await tx.draft.updateMany({
      where: { id: draftId, organizationId, status: 'EXECUTING' },
      data: {
        status: 'OPEN',
        confirmedVersion: null,
        confirmedHash: null,
        confirmedByUserId: null,
        confirmedByMembershipId: null,
        confirmedAt: null,
        rowVersion: { increment: 1 },
      },
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
