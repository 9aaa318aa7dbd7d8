import { Injectable } from '@nestjs/common';
import type {
  TAddWorkOrderPartRequest,
  TCreateWorkOrderRequest,
  TListWorkOrdersQuery,
  TListWorkOrdersResponse,
  TUpdateChecklistItemRequest,
  TUpdateWorkOrderRequest,
  TWorkOrderDetail,
} from '@amms/contracts/maintenance';
import type { Prisma } from '@amms/db';
import { AssetsService } from '../assets/assets.service.js';
import { assetScope } from '../platform/access/asset-scope.js';
import { AuditService } from '../audit/audit.service.js';
import { occurredAtAudit, resolveOccurredAt } from '../platform/http/occurred-at.js';
import { diff } from '../audit/changes.js';
import { BookingsService } from '../bookings/bookings.service.js';
import type { Range } from '../bookings/bookings.repository.js';
import { keysetList, sortSpec } from '../platform/http/list-page.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { MaintenanceErrors } from './maintenance.errors.js';
import {
  checklistTemplate,
  lineCostMinor,
  thousandths,
  toWorkOrder,
  toWorkOrderDetail,
  workOrderConflict,
} from './maintenance.mappers.js';
import { MaintenancePlansRepository } from './maintenance-plans.repository.js';
import { MaintenanceRepository, type NewWorkOrder } from './maintenance.repository.js';
import {
  correctiveForFinding,
  createdFields,
  EDITABLE,
  fromThousandths,
  MAX_MINOR,
  newWorkOrder,
  partAddedChanges,
  plannedRange,
  withNumberRetry,
  workOrderUpdateData,
} from './work-orders.helpers.js';
import { seesWorkOrderCosts, workOrderReadScope, workOrderScope } from '../platform/access/maintenance-scope.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import { may, roleMay } from '../platform/access/permission.js';

/** `?sort=` fields; a work order without a planned window sorts last. */
const WORK_ORDER_SORT_FIELDS = sortSpec<Prisma.WorkOrderWhereInput, Prisma.WorkOrderOrderByWithRelationInput>({
  plannedStart: { type: 'date', nullable: true },
  createdAt: { type: 'date' },
});

@Injectable()
export class WorkOrdersService {
  constructor(
    private readonly repo: MaintenanceRepository,
    private readonly planRepo: MaintenancePlansRepository,
    private readonly audit: AuditService,
    private readonly bookings: BookingsService,
    private readonly assets: AssetsService,
  ) {
    audit.registerReader('work_order', (ctx, id) => this.get(ctx, id));
  }

  async list(ctx: OrgContext, q: TListWorkOrdersQuery): Promise<TListWorkOrdersResponse> {
    return keysetList(
      q,
      WORK_ORDER_SORT_FIELDS,
      (page) =>
        this.repo.listWorkOrders(ctx.organizationId, {
          ...page,
          status: q.status,
          type: q.type,
          assetId: q.assetId,
          assigneeMembershipId: q.assigneeMembershipId,
          planId: q.planId,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          scope: workOrderReadScope(ctx),
        }),
      toWorkOrder,
    );
  }

  async get(ctx: OrgContext, id: string): Promise<TWorkOrderDetail> {
    const w = await this.repo.findWorkOrderDetail(undefined, ctx.organizationId, id, workOrderReadScope(ctx));
    if (!w) throw MaintenanceErrors.workOrderNotFound();
    return toWorkOrderDetail(w);
  }

  /**
   * Report a fault / plan a service. The asset must be in my asset scope. A planned window
   * books the machine in the same transaction (overlap → 409 BOOKING_CONFLICT, also when a
   * concurrent create won the race: refusalsAsConflict wraps the whole transaction). A
   * CORRECTIVE order that causes downtime takes the machine out of service at once.
   *
   * `opts.itemKey` (a draft item's key) makes the create idempotent: an order already created
   * with that key is returned as it is now (a retried execution), whatever changed since. The
   * check runs inside the transaction; two concurrent creates with one key serialize on the
   * asset lock, and should one still slip through, the unique (organizationId, itemKey) index
   * refuses it and the retry below finds the winner.
   */
  async create(
    ctx: OrgContext,
    input: TCreateWorkOrderRequest,
    opts: { itemKey?: string } = {},
  ): Promise<TWorkOrderDetail> {
    const range = plannedRange(input);
    // a fault reported offline: the machine has been down since it was seen, not since the report arrived
    const reportedAt = resolveOccurredAt(input.occurredAt);
    const work = () =>
      withNumberRetry(() =>
        this.repo.transaction(async (tx) => {
          const org = ctx.organizationId;
          const earlier = () => (opts.itemKey ? this.repo.findWorkOrderIdByItemKey(tx, org, opts.itemKey) : null);
          let done = await earlier();
          if (done) return this.detail(tx, ctx, done.id);
          const asset = await this.repo.findAsset(tx, org, input.assetId, assetScope(ctx));
          if (!asset || !(await this.repo.lockAsset(tx, org, asset.id))) throw MaintenanceErrors.assetNotFound();
          // again under the asset lock: a concurrent create with this key may have committed while we waited
          done = await earlier();
          if (done) return this.detail(tx, ctx, done.id);
          if (asset.status === 'RETIRED') throw MaintenanceErrors.assetRetired(asset.id);
          let checklist = input.checklist;
          if (input.planId) {
            const plan = await this.planRepo.findPlan(tx, org, input.planId, {});
            if (!plan || !plan.active || (plan.assetId !== asset.id && plan.modelId !== asset.modelId))
              throw MaintenanceErrors.planNotApplicable();
            checklist ??= checklistTemplate(plan.checklist);
          }
          if (input.assigneeMembershipId) await this.assertAssignee(tx, ctx, input.assigneeMembershipId);
          const data = newWorkOrder(input, asset.id, ctx.membershipId, range, reportedAt, opts.itemKey);
          const wo = await this.insert(
            tx,
            ctx,
            data,
            checklist ?? [],
            range,
            occurredAtAudit(input.occurredAt, reportedAt),
          );
          // a reported breakdown is down from the report
          if (data.downtimeStartedAt) await this.assets.setMaintenanceStatus(tx, ctx, asset.id, 'IN_MAINTENANCE');
          return this.detail(tx, ctx, wo.id);
        }),
      );
    return range
      ? this.bookings.refusalsAsConflict(ctx.organizationId, { assetIds: [input.assetId], range }, work)
      : work();
  }

  /** OPEN / IN_PROGRESS, at the client's version. A new window re-books (release + book) in the same transaction. */
  async update(ctx: OrgContext, id: string, input: TUpdateWorkOrderRequest): Promise<TWorkOrderDetail> {
    const org = ctx.organizationId;
    // money is written only by those who may read it
    const money = (['laborCostMinor', 'laborRateMinor'] as const).filter((k) => input[k] !== undefined);
    if (money.length > 0 && !seesWorkOrderCosts(ctx)) throw MaintenanceErrors.costsNotReadable([...money]);
    const seen = await this.repo.findWorkOrder(undefined, org, id, workOrderScope(ctx));
    if (!seen) throw MaintenanceErrors.workOrderNotFound();
    const range = input.plannedStart === undefined ? undefined : plannedRange(input);
    const work = () =>
      this.repo.transaction(async (tx) => {
        const current = await this.repo.findWorkOrder(tx, org, id, workOrderScope(ctx));
        if (!current) throw MaintenanceErrors.workOrderNotFound();
        if (!EDITABLE.includes(current.status)) throw MaintenanceErrors.notEditable(current.status);
        if (current.version !== input.version) throw workOrderConflict(ctx, current);
        if (input.assigneeMembershipId) await this.assertAssignee(tx, ctx, input.assigneeMembershipId);

        const data = workOrderUpdateData(input, current, range);

        if (!(await this.repo.updateWorkOrderIf(tx, org, id, { statuses: EDITABLE, version: input.version }, data)))
          await this.throwConflict(tx, ctx, id);
        if (range !== undefined) {
          await this.bookings.releaseWorkOrder(tx, org, id);
          if (range) await this.bookings.bookWorkOrder(tx, org, id, current.assetId, range);
        }
        const after = (await this.repo.findWorkOrder(tx, org, id, {}))!;
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'workorder.updated', 'work_order', id, diff(toWorkOrder(current), toWorkOrder(after))),
        );
        if (after.assigneeMembershipId && after.assigneeMembershipId !== current.assigneeMembershipId)
          await WebhookEvents.emit(tx, ctx, 'work_order.assigned', id);
        return this.detail(tx, ctx, id);
      });
    return range ? this.bookings.refusalsAsConflict(org, { assetIds: [seen.assetId], range }, work) : work();
  }

  /**
   * Record a checklist result (IN_PROGRESS only). The order's row is bumped first (status in
   * the WHERE), which also serializes results with submit: a submit never sees a checklist
   * half-updated. A FAIL with openCorrective opens one CORRECTIVE order for the finding.
   */
  async updateChecklistItem(
    ctx: OrgContext,
    id: string,
    itemId: string,
    input: TUpdateChecklistItemRequest,
  ): Promise<TWorkOrderDetail> {
    const org = ctx.organizationId;
    const checkedAt = resolveOccurredAt(input.occurredAt);
    return withNumberRetry(() =>
      this.repo.transaction(async (tx) => {
        const seen = await this.repo.findWorkOrder(tx, org, id, workOrderScope(ctx));
        if (!seen) throw MaintenanceErrors.workOrderNotFound();
        await this.repo.lockAsset(tx, org, seen.assetId);
        const item = await this.repo.findChecklistItem(tx, org, id, itemId);
        if (!item) throw MaintenanceErrors.checklistItemNotFound();
        const wo = (await this.repo.findWorkOrder(tx, org, id, {}))!;
        if (wo.status !== 'IN_PROGRESS') throw MaintenanceErrors.notEditable(wo.status);
        if (!(await this.repo.updateWorkOrderIf(tx, org, id, { statuses: ['IN_PROGRESS'], version: wo.version }, {})))
          await this.throwConflict(tx, ctx, id);

        let correctiveWorkOrderId = item.correctiveWorkOrderId;
        if (input.openCorrective && !correctiveWorkOrderId) {
          const finding = correctiveForFinding(wo, item.label, ctx.membershipId, input.note ?? null, checkedAt);
          const child = await this.insert(tx, ctx, finding, [], null);
          await this.assets.setMaintenanceStatus(tx, ctx, wo.assetId, 'IN_MAINTENANCE');
          correctiveWorkOrderId = child.id;
        }
        const updated = await this.repo.updateChecklistItem(tx, org, itemId, {
          result: input.result,
          ...(input.note !== undefined ? { note: input.note } : {}),
          ...(correctiveWorkOrderId ? { correctiveWorkOrderId } : {}),
        });
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'workorder.checklist_updated', 'work_order', id, {
            itemId,
            before: { result: item.result, note: item.note, correctiveWorkOrderId: item.correctiveWorkOrderId },
            after: { result: updated.result, note: updated.note, correctiveWorkOrderId: updated.correctiveWorkOrderId },
            ...occurredAtAudit(input.occurredAt, checkedAt),
          }),
        );
        return this.detail(tx, ctx, id);
      }),
    );
  }

  /**
   * The assigned mechanic while IN_PROGRESS, a maintenance manager (workorder.accept) while OPEN /
   * IN_PROGRESS; anyone else with the order in scope → 403. partsCostMinor grows by round(quantity × unit cost) in the same transaction, under the order's row lock. */
  async addPart(ctx: OrgContext, id: string, input: TAddWorkOrderPartRequest): Promise<TWorkOrderDetail> {
    const org = ctx.organizationId;
    // a part carries its price: money is written only by those who may read it
    if (!seesWorkOrderCosts(ctx)) throw MaintenanceErrors.costsNotReadable(['unitCostMinor']);
    const acted = resolveOccurredAt(input.occurredAt);
    return this.repo.transaction(async (tx) => {
      const wo = await this.repo.findWorkOrder(tx, org, id, workOrderScope(ctx));
      if (!wo) throw MaintenanceErrors.workOrderNotFound();
      // the mechanic enters parts on the order they work on; a maintenance manager on any order in scope
      const manager = may(ctx, 'workorder.accept');
      if (!manager && (!ctx.membershipId || wo.assigneeMembershipId !== ctx.membershipId))
        throw MaintenanceErrors.notYourWorkOrder();
      if (!(manager ? EDITABLE : ['IN_PROGRESS']).includes(wo.status)) throw MaintenanceErrors.notEditable(wo.status);
      const q = thousandths(input.quantity);
      const unit = BigInt(input.unitCostMinor);
      const line = lineCostMinor(q, unit);
      if (wo.partsCostMinor + line > MAX_MINOR) throw MaintenanceErrors.costTooLarge();
      if (
        !(await this.repo.updateWorkOrderIf(
          tx,
          org,
          id,
          { statuses: EDITABLE },
          { partsCostMinor: { increment: line } },
        ))
      )
        await this.throwConflict(tx, ctx, id);
      const part = await this.repo.addPart(tx, org, {
        workOrderId: id,
        partNumber: input.partNumber ?? null,
        name: input.name,
        quantity: fromThousandths(q),
        unitCostMinor: unit,
      });
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'workorder.part_added', 'work_order', id, {
          ...partAddedChanges(wo.partsCostMinor, part, q, unit, line),
          ...occurredAtAudit(input.occurredAt, acted),
        }),
      );
      return this.detail(tx, ctx, id);
    });
  }

  // --- shared with the transitions --------------------------------------------------

  async detail(tx: Tx, ctx: OrgContext, id: string): Promise<TWorkOrderDetail> {
    const w = await this.repo.findWorkOrderDetail(tx, ctx.organizationId, id, {});
    if (!w) throw MaintenanceErrors.workOrderNotFound();
    return toWorkOrderDetail(w);
  }

  /** 0 rows updated: the order moved on (→ INVALID_TRANSITION-style 409) or its version changed (→ VERSION_CONFLICT). */
  async throwConflict(tx: Tx, ctx: OrgContext, id: string): Promise<never> {
    const now = await this.repo.findWorkOrder(tx, ctx.organizationId, id, {});
    if (!now) throw MaintenanceErrors.workOrderNotFound();
    throw workOrderConflict(ctx, now);
  }

  /** An ACTIVE member of this org whose role may work on orders (workorder.work). */
  private async assertAssignee(tx: Tx, ctx: OrgContext, membershipId: string): Promise<void> {
    const m = await this.repo.findMembership(tx, ctx.organizationId, membershipId);
    if (!m || m.status !== 'ACTIVE' || !roleMay(m.role, 'workorder.work'))
      throw MaintenanceErrors.assigneeNotEligible();
  }

  /** Number, insert (+ checklist), booking and audit of a new order, inside the caller's transaction (asset already locked). */
  private async insert(
    tx: Tx,
    ctx: OrgContext,
    data: Omit<NewWorkOrder, 'number'>,
    checklist: readonly { label: string }[],
    range: Range | null,
    auditExtra: Record<string, unknown> = {},
  ) {
    const org = ctx.organizationId;
    const number = await this.repo.nextNumber(tx, org);
    const laborRateMinor = await this.repo.orgLaborRate(tx, org);
    const wo = await this.repo.createWorkOrder(tx, org, { ...data, number, laborRateMinor }, checklist);
    if (range) await this.bookings.bookWorkOrder(tx, org, wo.id, data.assetId, range);
    const row = (await this.repo.findWorkOrder(tx, org, wo.id, {}))!;
    await this.audit.append(
      tx,
      this.audit.forCtx(ctx, 'workorder.created', 'work_order', wo.id, {
        after: { ...createdFields(row), checklist: checklist.map((c) => c.label) },
        ...auditExtra,
      }),
    );
    await WebhookEvents.emit(tx, ctx, 'work_order.created', wo.id);
    if (data.assigneeMembershipId) await WebhookEvents.emit(tx, ctx, 'work_order.assigned', wo.id);
    return row;
  }
}
