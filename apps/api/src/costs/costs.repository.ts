import { Injectable } from '@nestjs/common';
import type { CostCategory, CostDocumentStatus, Prisma } from '@amms/db';
import { keysetArgs, type ScopedKeysetPage } from '../platform/http/list-page.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

export interface CostDocumentFilter extends ScopedKeysetPage<
  Prisma.CostDocumentWhereInput,
  Prisma.CostDocumentOrderByWithRelationInput
> {
  status?: CostDocumentStatus;
  category?: CostCategory;
  assetId?: string;
  jobId?: string;
  workOrderId?: string;
  from?: Date;
  to?: Date;
}

export interface CostDocumentData {
  category: CostCategory;
  documentDate: Date;
  supplier: string | null;
  description: string | null;
  assetId: string | null;
  jobId: string | null;
  workOrderId: string | null;
}

export interface CostLineData {
  description: string;
  /** decimal string with ≤ 3 decimals (Prisma Decimal input) */
  quantity: string;
  unit: string | null;
  unitPriceMinor: bigint;
  amountMinor: bigint;
}

/** Fields a conditional update may set (document fields, workflow fields, the total). */
export type CostDocumentUpdate = Partial<CostDocumentData> &
  Partial<
    Pick<
      Prisma.CostDocumentUncheckedUpdateInput,
      | 'status'
      | 'submittedAt'
      | 'submittedByUserId'
      | 'decidedAt'
      | 'decidedByUserId'
      | 'rejectionReason'
      | 'decisionComment'
    >
  > & { totalMinor?: bigint };

const withLines = { lines: { orderBy: { position: 'asc' } } } as const satisfies Prisma.CostDocumentInclude;

/** Prisma for cost documents and their lines. Every method is bound to one org. */
@Injectable()
export class CostsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  list(organizationId: string, f: CostDocumentFilter) {
    return this.prisma.client.costDocument.findMany({
      ...keysetArgs(
        f,
        { organizationId, deletedAt: null },
        f.status ? { status: f.status } : {},
        f.category ? { category: f.category } : {},
        f.assetId ? { assetId: f.assetId } : {},
        f.jobId ? { jobId: f.jobId } : {},
        f.workOrderId ? { workOrderId: f.workOrderId } : {},
        f.from || f.to ? { documentDate: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) } } : {},
      ),
    });
  }

  /** A live (not soft-deleted) document of the org within the caller's scope, with its lines. */
  findByIdWithLines(db: Tx | undefined, organizationId: string, id: string, scope: Prisma.CostDocumentWhereInput) {
    return (db ?? this.prisma.client).costDocument.findFirst({
      where: { AND: [{ id, organizationId, deletedAt: null }, scope] },
      include: withLines,
    });
  }

  /**
   * Next per-org running number (max + 1). A per-org advisory lock held until commit makes
   * concurrent creates take turns, so they do not all read the same max and collide; the
   * unique index stays the guarantee (the service retries on a violation anyway).
   */
  async nextNumber(tx: Tx, organizationId: string): Promise<number> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${'cost-number:' + organizationId}, 0))`;
    const agg = await tx.costDocument.aggregate({ where: { organizationId }, _max: { number: true } });
    return (agg._max.number ?? 0) + 1;
  }

  create(
    tx: Tx,
    organizationId: string,
    data: CostDocumentData & {
      number: number;
      totalMinor: bigint;
      createdByMembershipId: string | null;
      createdByUserId: string | null;
      /** a system-written document's key (JobFuelService: `job-fuel:<jobId>`), unique per org */
      sourceKey?: string;
    },
    lines: readonly CostLineData[],
  ) {
    return tx.costDocument.create({
      data: {
        ...data,
        organizationId,
        // the lines' organizationId and documentId come from the parent through the composite relation
        lines: { create: lines.map((l, i) => ({ ...l, position: i + 1 })) },
      },
      include: withLines,
    });
  }

  /** Drops every line of the document and writes the new ones (positions 1..n). */
  async replaceLines(
    tx: Tx,
    organizationId: string,
    documentId: string,
    lines: readonly CostLineData[],
  ): Promise<void> {
    await tx.costLine.deleteMany({ where: { organizationId, documentId } });
    if (lines.length > 0) {
      await tx.costLine.createMany({
        data: lines.map((l, i) => ({ ...l, organizationId, documentId, position: i + 1 })),
      });
    }
  }

  /**
   * Conditional update on the status and version the caller saw. The row lock it takes
   * serializes writers of one document; false → it changed, moved on or was deleted meanwhile.
   */
  async updateIf(
    tx: Tx,
    organizationId: string,
    id: string,
    expected: { status: CostDocumentStatus; version: number },
    data: CostDocumentUpdate,
  ): Promise<boolean> {
    const res = await tx.costDocument.updateMany({
      where: { id, organizationId, deletedAt: null, status: expected.status, version: expected.version },
      data: { ...data, version: { increment: 1 } },
    });
    return res.count === 1;
  }

  async softDeleteIf(
    tx: Tx,
    organizationId: string,
    id: string,
    expected: { status: CostDocumentStatus; version: number },
  ): Promise<boolean> {
    const res = await tx.costDocument.updateMany({
      where: { id, organizationId, deletedAt: null, status: expected.status, version: expected.version },
      data: { deletedAt: new Date(), version: { increment: 1 } },
    });
    return res.count === 1;
  }

  // --- references --------------------------------------------------------------
  // Read-only existence checks for linked rows, inside the caller's data scope of that resource
  // (a TEAM accountant cannot file a cost against a machine they cannot see); they will move to
  // the owning services (assets / jobs / maintenance) once those expose a lookup.

  async assetExists(tx: Tx, organizationId: string, id: string, scope: Prisma.AssetWhereInput): Promise<boolean> {
    return (
      (await tx.asset.findFirst({
        where: { AND: [{ id, organizationId, deletedAt: null }, scope] },
        select: { id: true },
      })) !== null
    );
  }

  async jobExists(tx: Tx, organizationId: string, id: string, scope: Prisma.JobWhereInput): Promise<boolean> {
    return (await tx.job.findFirst({ where: { AND: [{ id, organizationId }, scope] }, select: { id: true } })) !== null;
  }

  async workOrderExists(
    tx: Tx,
    organizationId: string,
    id: string,
    scope: Prisma.WorkOrderWhereInput,
  ): Promise<boolean> {
    return (
      (await tx.workOrder.findFirst({ where: { AND: [{ id, organizationId }, scope] }, select: { id: true } })) !== null
    );
  }
}
