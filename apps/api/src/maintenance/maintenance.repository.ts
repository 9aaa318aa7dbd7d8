import { Injectable } from '@nestjs/common';
import type { ChecklistResult, Prisma, WorkOrderStatus, WorkOrderType } from '@amms/db';
import { keysetArgs, type ScopedKeysetPage } from '../platform/http/list-page.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

/** Work orders that still hold the machine: not CLOSED, not CANCELLED. */
export const OPEN_STATUSES: WorkOrderStatus[] = ['OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE'];

const withAssetName = { asset: { select: { name: true } } } as const;
const withDetail = {
  asset: { select: { name: true } },
  checklistItems: { orderBy: { position: 'asc' } },
  parts: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} as const satisfies Prisma.WorkOrderInclude;

export type WorkOrderRow = Prisma.WorkOrderGetPayload<{ include: typeof withAssetName }>;
export type WorkOrderDetailRow = Prisma.WorkOrderGetPayload<{ include: typeof withDetail }>;

export interface WorkOrderFilter extends ScopedKeysetPage<
  Prisma.WorkOrderWhereInput,
  Prisma.WorkOrderOrderByWithRelationInput
> {
  status?: WorkOrderStatus;
  type?: WorkOrderType;
  assetId?: string;
  assigneeMembershipId?: string;
  planId?: string;
  /** planned window overlaps [from, to) */
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface NewWorkOrder {
  number: number;
  assetId: string;
  planId: string | null;
  parentWorkOrderId: string | null;
  type: WorkOrderType;
  title: string;
  description: string | null;
  priority: number;
  reportedByMembershipId: string | null;
  assigneeMembershipId: string | null;
  plannedStart: Date | null;
  plannedEnd: Date | null;
  causesDowntime: boolean;
  downtimeStartedAt: Date | null;
  /** stable key of the writer (a draft item): unique per org, a retry finds the first order */
  itemKey?: string | null;
  /** the org's default labour rate when the order is created (fen per hour) */
  laborRateMinor?: bigint | null;
}

/**
 * Prisma for work orders, and the machine/member reads maintenance checks against. Every
 * method is bound to one org. Assets and meter readings are only read here; they are changed
 * through AssetsService / MeterReadingsService. Plans and the due list: MaintenancePlansRepository.
 */
@Injectable()
export class MaintenanceRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  private db(tx?: Tx) {
    return tx ?? this.prisma.client;
  }

  // --- assets, models, members (read-only) ------------------------------------

  findAsset(tx: Tx | undefined, organizationId: string, id: string, scope: Prisma.AssetWhereInput) {
    return this.db(tx).asset.findFirst({ where: { AND: [{ id, organizationId, deletedAt: null }, scope] } });
  }

  /**
   * Serializes the work-order writes of one machine (create, transitions, corrective orders):
   * the asset-status switch and "is another downtime order still open" are then decided one
   * after another. Always taken before the work-order row, so the lock order is fixed.
   */
  async lockAsset(tx: Tx, organizationId: string, id: string): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Asset" WHERE id = ${id}::uuid AND "organizationId" = ${organizationId}::uuid FOR UPDATE`;
    return rows.length === 1;
  }

  /** Platform models (organizationId null) and the org's own. */
  findVisibleModel(tx: Tx, organizationId: string, id: string) {
    return tx.machineModel.findFirst({ where: { id, OR: [{ organizationId: null }, { organizationId }] } });
  }

  findMembership(tx: Tx, organizationId: string, id: string) {
    return tx.membership.findFirst({ where: { id, organizationId }, select: { id: true, role: true, status: true } });
  }

  async latestReadingHours(tx: Tx | undefined, organizationId: string, assetId: string): Promise<string | null> {
    const r = await this.db(tx).meterReading.findFirst({
      where: { organizationId, assetId, voidedAt: null },
      orderBy: [{ readAt: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
      select: { readingHours: true },
    });
    return r ? r.readingHours.toFixed(1) : null;
  }

  // --- work orders --------------------------------------------------------------

  /**
   * max + 1 under a per-org transaction lock: creates of one org take numbers one after
   * another (held to commit, like the org's audit-chain lock every create takes anyway), so
   * a burst of reports does not collide. The unique index stays the guard; the caller reruns
   * on a violation.
   */
  async nextNumber(tx: Tx, organizationId: string): Promise<number> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${'workorder-number:' + organizationId}, 0))`;
    const r = await tx.workOrder.aggregate({ where: { organizationId }, _max: { number: true } });
    return (r._max.number ?? 0) + 1;
  }

  /** Locks the order's row; false when it is not in the org. */
  async lockWorkOrder(tx: Tx, organizationId: string, id: string): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "WorkOrder" WHERE id = ${id}::uuid AND "organizationId" = ${organizationId}::uuid FOR UPDATE`;
    return rows.length > 0;
  }

  /** A live cost document already linked to the order (the first one), or null. */
  linkedCostDocument(tx: Tx, organizationId: string, workOrderId: string) {
    return tx.costDocument.findFirst({
      where: { organizationId, workOrderId, deletedAt: null },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
    });
  }

  /** The org's default labour rate (fen per hour), null when none is set. */
  async orgLaborRate(tx: Tx | undefined, organizationId: string): Promise<bigint | null> {
    const o = await (tx ?? this.prisma.client).organization.findUnique({
      where: { id: organizationId },
      select: { laborRateMinor: true },
    });
    return o?.laborRateMinor ?? null;
  }

  async setOrgLaborRate(tx: Tx, organizationId: string, rate: bigint | null): Promise<void> {
    await tx.organization.update({ where: { id: organizationId }, data: { laborRateMinor: rate } });
  }

  async createWorkOrder(tx: Tx, organizationId: string, data: NewWorkOrder, checklist: readonly { label: string }[]) {
    const wo = await tx.workOrder.create({ data: { ...data, organizationId } });
    if (checklist.length > 0) {
      await tx.workOrderChecklistItem.createMany({
        data: checklist.map((c, i) => ({ organizationId, workOrderId: wo.id, position: i + 1, label: c.label })),
      });
    }
    return wo;
  }

  findWorkOrder(
    tx: Tx | undefined,
    organizationId: string,
    id: string,
    scope: Prisma.WorkOrderWhereInput,
  ): Promise<WorkOrderRow | null> {
    return this.db(tx).workOrder.findFirst({ where: { AND: [{ id, organizationId }, scope] }, include: withAssetName });
  }

  /** The order a writer created under this item key (unique per org), if any. */
  findWorkOrderIdByItemKey(
    tx: Tx | undefined,
    organizationId: string,
    itemKey: string,
  ): Promise<{ id: string } | null> {
    return this.db(tx).workOrder.findFirst({ where: { organizationId, itemKey }, select: { id: true } });
  }

  findWorkOrderDetail(
    tx: Tx | undefined,
    organizationId: string,
    id: string,
    scope: Prisma.WorkOrderWhereInput,
  ): Promise<WorkOrderDetailRow | null> {
    return this.db(tx).workOrder.findFirst({ where: { AND: [{ id, organizationId }, scope] }, include: withDetail });
  }

  listWorkOrders(organizationId: string, f: WorkOrderFilter): Promise<WorkOrderRow[]> {
    return this.prisma.client.workOrder.findMany({
      ...keysetArgs(
        f,
        { organizationId },
        f.status ? { status: f.status } : {},
        f.type ? { type: f.type } : {},
        f.assetId ? { assetId: f.assetId } : {},
        f.assigneeMembershipId ? { assigneeMembershipId: f.assigneeMembershipId } : {},
        f.planId ? { planId: f.planId } : {},
        // half-open windows overlap [from, to); an order without a window has none to overlap
        f.to ? { plannedStart: { lt: f.to } } : {},
        f.from ? { plannedEnd: { gt: f.from } } : {},
      ),
      include: withAssetName,
    });
  }

  /**
   * The one state-changing write: only when the order is still in one of `statuses` (and at
   * `version`, when given) — false means someone else changed it first.
   */
  async updateWorkOrderIf(
    tx: Tx,
    organizationId: string,
    id: string,
    expect: { statuses: WorkOrderStatus[]; version?: number | undefined },
    data: Prisma.WorkOrderUncheckedUpdateManyInput,
  ): Promise<boolean> {
    const res = await tx.workOrder.updateMany({
      where: {
        id,
        organizationId,
        status: { in: expect.statuses },
        ...(expect.version !== undefined ? { version: expect.version } : {}),
      },
      data: { ...data, version: { increment: 1 } },
    });
    return res.count === 1;
  }

  pendingChecklistItems(tx: Tx, organizationId: string, workOrderId: string) {
    return tx.workOrderChecklistItem.findMany({
      where: { organizationId, workOrderId, result: 'PENDING' },
      select: { id: true, label: true },
      orderBy: { position: 'asc' },
    });
  }

  findChecklistItem(tx: Tx, organizationId: string, workOrderId: string, id: string) {
    return tx.workOrderChecklistItem.findFirst({ where: { id, organizationId, workOrderId } });
  }

  updateChecklistItem(
    tx: Tx,
    organizationId: string,
    id: string,
    data: { result?: ChecklistResult; note?: string | null; correctiveWorkOrderId?: string },
  ) {
    return tx.workOrderChecklistItem.update({ where: { organizationId_id: { organizationId, id } }, data });
  }

  addPart(
    tx: Tx,
    organizationId: string,
    data: { workOrderId: string; partNumber: string | null; name: string; quantity: string; unitCostMinor: bigint },
  ) {
    return tx.workOrderPart.create({ data: { ...data, organizationId } });
  }

  /** Another order of this machine whose downtime is running (started, not ended, order still open). */
  async otherDowntimeOpen(tx: Tx, organizationId: string, assetId: string, exceptId: string): Promise<boolean> {
    const n = await tx.workOrder.count({
      where: {
        organizationId,
        assetId,
        id: { not: exceptId },
        status: { in: OPEN_STATUSES },
        causesDowntime: true,
        downtimeStartedAt: { not: null },
        downtimeEndedAt: null,
      },
    });
    return n > 0;
  }
}
