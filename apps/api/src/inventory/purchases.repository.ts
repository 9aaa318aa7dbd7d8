import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { toMilli } from './quantity.js';

export const withPurchase = {
  costDocument: { select: { id: true, number: true, status: true, deletedAt: true } },
  lines: { orderBy: { position: 'asc' }, include: { part: { select: { partNumber: true, nameZh: true } } } },
} as const satisfies Prisma.PurchaseInclude;
export type PurchaseRow = Prisma.PurchaseGetPayload<{ include: typeof withPurchase }>;

/** Prisma for purchases (executed PURCHASE drafts) and the facts a purchase draft is made of. */
@Injectable()
export class PurchasesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** the plain client, for lookups outside a transaction (the lookups' functions take a Tx) */
  get client(): Tx {
    return this.prisma.client as unknown as Tx;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, { timeout: 20_000, maxWait: 20_000 });
  }

  /** The parts of `ids` (of the org), with their suppliers (preferred first, then the fastest). */
  parts(organizationId: string, ids: readonly string[]) {
    return this.prisma.client.part.findMany({
      where: { organizationId, id: { in: [...ids] } },
      include: { suppliers: { orderBy: [{ preferred: 'desc' }, { leadTimeDays: 'asc' }, { name: 'asc' }] } },
    });
  }

  /** Parts whose reorder rule or balance is at one of `locationIds`, besides `ids`. */
  locations(organizationId: string, scope: Prisma.StockLocationWhereInput) {
    return this.prisma.client.stockLocation.findMany({
      where: { organizationId, ...scope },
      orderBy: [{ kind: 'asc' }, { name: 'asc' }],
    });
  }

  /**
   * What is ordered and not yet received per part (milli): lines of purchases whose cost
   * document is alive and not rejected.
   */
  async onOrder(organizationId: string, partIds: readonly string[]): Promise<Map<string, bigint>> {
    if (partIds.length === 0) return new Map();
    const lines = await this.prisma.client.purchaseLine.findMany({
      where: {
        organizationId,
        partId: { in: [...partIds] },
        purchase: { costDocument: { deletedAt: null, status: { not: 'REJECTED' } } },
      },
      select: { partId: true, quantity: true, received: true },
    });
    const out = new Map<string, bigint>();
    for (const l of lines) out.set(l.partId, (out.get(l.partId) ?? 0n) + toMilli(l.quantity) - toMilli(l.received));
    return out;
  }

  findByDraftSupplier(tx: Tx, organizationId: string, draftId: string, supplierKey: string) {
    return tx.purchase.findFirst({ where: { organizationId, draftId, supplierKey }, include: withPurchase });
  }

  findByCostDocument(db: Tx | undefined, organizationId: string, costDocumentId: string) {
    return (db ?? this.prisma.client).purchase.findFirst({
      where: { organizationId, costDocumentId, costDocument: { deletedAt: null } },
      include: withPurchase,
    });
  }

  /** The purchase's lines locked (FOR UPDATE) until the transaction ends: receipts of one purchase take turns. */
  async lockLines(tx: Tx, organizationId: string, purchaseId: string): Promise<void> {
    await tx.$queryRaw`SELECT id FROM "PurchaseLine" WHERE "organizationId" = ${organizationId}::uuid AND "purchaseId" = ${purchaseId}::uuid FOR UPDATE`;
  }

  /** Per-draft-and-supplier lock: two runs of one execution write one purchase. */
  async lockDraftSupplier(tx: Tx, draftId: string, supplierKey: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`purchase:${draftId}:${supplierKey}`}, 0))`;
  }

  /** The purchase, then its lines (positions 1..n), read back with everything the view needs. */
  async create(
    tx: Tx,
    data: Omit<Prisma.PurchaseUncheckedCreateInput, 'lines'>,
    lines: readonly Omit<Prisma.PurchaseLineCreateManyInput, 'organizationId' | 'purchaseId'>[],
  ): Promise<PurchaseRow> {
    const p = await tx.purchase.create({ data });
    await tx.purchaseLine.createMany({
      data: lines.map((l) => ({ ...l, organizationId: data.organizationId, purchaseId: p.id })),
    });
    return tx.purchase.findUniqueOrThrow({ where: { id: p.id }, include: withPurchase });
  }

  /** Raises a line's received count from what the caller read under the lines' lock (its expected state). */
  async addReceived(
    tx: Tx,
    organizationId: string,
    line: { id: string; received: Prisma.Decimal | string },
    milliText: string,
  ): Promise<void> {
    const r = await tx.purchaseLine.updateMany({
      where: { organizationId, id: line.id, received: line.received },
      data: { received: { increment: milliText } },
    });
    if (r.count !== 1) throw new Error(`purchase line ${line.id} changed under its lock`);
  }
}
