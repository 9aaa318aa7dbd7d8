import { Injectable } from '@nestjs/common';
import { laborCostMinor } from '@amms/contracts/workshop';
import {
  canApplyWorkOrderAction,
  WORK_ORDER_ACTION_TARGET,
  type TReasonRequest,
  type TSubmitWorkOrderRequest,
  type TWorkOrderAction,
  type TWorkOrderDetail,
  type TAcceptWorkOrderRequest,
  type TWorkOrderTransitionRequest,
} from '@amms/contracts/maintenance';
import type { Prisma } from '@amms/db';
import { AssetsService } from '../assets/assets.service.js';
import { MeterReadingsService } from '../assets/meter-readings.service.js';
import { AuditService } from '../audit/audit.service.js';
import { occurredAtAudit, resolveOccurredAt } from '../platform/http/occurred-at.js';
import { diff } from '../audit/changes.js';
import { BookingsService } from '../bookings/bookings.service.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { MaintenanceErrors } from './maintenance.errors.js';
import { toWorkOrder, workOrderConflict } from './maintenance.mappers.js';
import { MaintenanceRepository, type WorkOrderRow } from './maintenance.repository.js';
import { workOrderScope } from '../platform/access/maintenance-scope.js';
import { WorkOrdersService } from './work-orders.service.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';

interface Step {
  /** refusals that depend on who asks (checked before writing) */
  check?: (wo: WorkOrderRow) => void;
  data: (
    wo: WorkOrderRow,
    now: Date,
    tx: Tx,
  ) => Prisma.WorkOrderUncheckedUpdateManyInput | Promise<Prisma.WorkOrderUncheckedUpdateManyInput>;
  /** runs after the conditional update, inside the same transaction (may still refuse → rollback) */
  after?: (tx: Tx, wo: WorkOrderRow, now: Date) => Promise<void>;
  audit?: Record<string, unknown>;
}

const EVENT: Record<TWorkOrderAction, string> = {
  start: 'workorder.started',
  submit: 'workorder.submitted',
  accept: 'workorder.accepted',
  reject: 'workorder.rejected',
  cancel: 'workorder.cancelled',
};
/** the transitions integrations hear about (webhooks) */
const WEBHOOK_EVENT: Partial<Record<TWorkOrderAction, 'work_order.submitted' | 'work_order.accepted'>> = {
  submit: 'work_order.submitted',
  accept: 'work_order.accepted',
};

/**
 * OPEN → IN_PROGRESS → AWAITING_ACCEPTANCE → CLOSED, CANCELLED, and rejection back to work.
 * Each transition: lock the machine (its status and "other downtime open" are decided one
 * order at a time), check the state machine and the client's version, then update with the
 * expected status + version in the WHERE (0 rows → 409), side effects, audit; one transaction.
 */
@Injectable()
export class WorkOrderTransitionsService {
  constructor(
    private readonly repo: MaintenanceRepository,
    private readonly orders: WorkOrdersService,
    private readonly audit: AuditService,
    private readonly bookings: BookingsService,
    private readonly assets: AssetsService,
    private readonly meters: MeterReadingsService,
  ) {}

  /** Downtime of a planned service starts with the work; the starter becomes the assignee when there is none. */
  start(ctx: OrgContext, id: string, input: TWorkOrderTransitionRequest): Promise<TWorkOrderDetail> {
    return this.run(ctx, id, 'start', input.version, {
      data: (wo, now) => ({
        startedAt: now,
        ...(wo.causesDowntime && !wo.downtimeStartedAt ? { downtimeStartedAt: now } : {}),
        ...(!wo.assigneeMembershipId && ctx.membershipId ? { assigneeMembershipId: ctx.membershipId } : {}),
      }),
      after: async (tx, wo) => {
        if (wo.causesDowntime) await this.assets.setMaintenanceStatus(tx, ctx, wo.assetId, 'IN_MAINTENANCE');
      },
    });
  }

  /** Every checklist item decided (else 422 CHECKLIST_INCOMPLETE); meterHours becomes a WORK_ORDER meter reading. */
  submit(ctx: OrgContext, id: string, input: TSubmitWorkOrderRequest): Promise<TWorkOrderDetail> {
    // submitted offline: recorded as of when the person pressed submit
    const at = input.occurredAt === undefined ? undefined : resolveOccurredAt(input.occurredAt);
    return this.run(ctx, id, 'submit', input.version, {
      ...(at ? { audit: occurredAtAudit(input.occurredAt, at) } : {}),
      data: (wo, now) => ({
        submittedAt: at ?? now,
        submittedByMembershipId: ctx.membershipId,
        ...(input.resolution !== undefined ? { resolution: input.resolution } : {}),
        ...(input.laborHours !== undefined ? { laborHours: input.laborHours.toFixed(2) } : {}),
        // with a labour rate, the hours reported at submit price the labour
        ...(input.laborHours !== undefined && wo.laborRateMinor !== null
          ? { laborCostMinor: laborCostMinor(input.laborHours, wo.laborRateMinor) }
          : {}),
        ...(input.meterHours !== undefined ? { meterHours: input.meterHours.toFixed(1) } : {}),
      }),
      after: async (tx, wo, now) => {
        // read after our row update: checklist writes bump the same row, so none is in flight
        const pending = await this.repo.pendingChecklistItems(tx, ctx.organizationId, wo.id);
        if (pending.length > 0) throw MaintenanceErrors.checklistIncomplete(pending);
        if (input.meterHours !== undefined) {
          await this.meters.recordIn(
            tx,
            ctx,
            wo.assetId,
            {
              readingHours: input.meterHours,
              readAt: at ?? now,
              source: 'WORK_ORDER',
              confirmJump: input.confirmMeterJump,
            },
            { scopeChecked: true },
          );
        }
      },
    });
  }

  /**
   * Return to service is accepted by someone else: not the submitter, not the assignee
   * (403 SELF_ACCEPTANCE). Ends the downtime, frees the machine's booking and puts the
   * machine back to ACTIVE unless another order keeps it down. A preventive order's
   * acceptance is its plan's new "last service" (the due list reads it); without meter hours
   * from the mechanic, the latest reading is kept as the hours at completion.
   */
  accept(ctx: OrgContext, id: string, input: TAcceptWorkOrderRequest): Promise<TWorkOrderDetail> {
    return this.run(ctx, id, 'accept', input.version, {
      check: (wo) => {
        const me = ctx.membershipId;
        if (me && (me === wo.submittedByMembershipId || me === wo.assigneeMembershipId))
          throw MaintenanceErrors.selfAcceptance();
      },
      data: async (wo, now, tx) => ({
        acceptedAt: now,
        acceptedByMembershipId: ctx.membershipId,
        acceptanceComment: input.comment ?? null,
        ...(wo.downtimeStartedAt && !wo.downtimeEndedAt ? { downtimeEndedAt: now } : {}),
        ...(wo.meterHours === null
          ? { meterHours: await this.repo.latestReadingHours(tx, ctx.organizationId, wo.assetId) }
          : {}),
      }),
      after: (tx, wo, now) => this.backToService(tx, ctx, wo, now),
    });
  }

  reject(ctx: OrgContext, id: string, input: TReasonRequest): Promise<TWorkOrderDetail> {
    return this.run(ctx, id, 'reject', input.version, {
      // sending work back is not a return to service: no self-check (a submitter may pull back their own work)
      data: () => ({ rejectionReason: input.reason, submittedAt: null, submittedByMembershipId: null }),
      audit: { reason: input.reason },
    });
  }

  cancel(ctx: OrgContext, id: string, input: TReasonRequest): Promise<TWorkOrderDetail> {
    return this.run(ctx, id, 'cancel', input.version, {
      data: (wo, now) => ({
        cancelledAt: now,
        cancelReason: input.reason,
        ...(wo.downtimeStartedAt && !wo.downtimeEndedAt ? { downtimeEndedAt: now } : {}),
      }),
      after: (tx, wo, now) => this.backToService(tx, ctx, wo, now),
      audit: { reason: input.reason },
    });
  }

  /** Free the booking; if this order held the machine down and no other one does, it is ACTIVE again. */
  private async backToService(tx: Tx, ctx: OrgContext, wo: WorkOrderRow, now: Date): Promise<void> {
    await this.bookings.releaseWorkOrder(tx, ctx.organizationId, wo.id, now);
    if (!wo.downtimeStartedAt) return;
    if (await this.repo.otherDowntimeOpen(tx, ctx.organizationId, wo.assetId, wo.id)) return;
    await this.assets.setMaintenanceStatus(tx, ctx, wo.assetId, 'ACTIVE');
  }

  private async run(
    ctx: OrgContext,
    id: string,
    action: TWorkOrderAction,
    version: number | undefined,
    step: Step,
  ): Promise<TWorkOrderDetail> {
    const org = ctx.organizationId;
    const to = WORK_ORDER_ACTION_TARGET[action];
    return this.repo.transaction(async (tx) => {
      const seen = await this.repo.findWorkOrder(tx, org, id, workOrderScope(ctx));
      if (!seen) throw MaintenanceErrors.workOrderNotFound();
      await this.repo.lockAsset(tx, org, seen.assetId);
      // re-read under the machine lock: another transition of this order may have just committed
      const wo = (await this.repo.findWorkOrder(tx, org, id, {}))!;
      if (!canApplyWorkOrderAction(wo.status, action)) throw MaintenanceErrors.invalidTransition(wo.status, to);
      if (version !== undefined && version !== wo.version) throw workOrderConflict(ctx, wo);
      step.check?.(wo);
      const now = new Date();
      const data = await step.data(wo, now, tx);
      if (
        !(await this.repo.updateWorkOrderIf(
          tx,
          org,
          id,
          { statuses: [wo.status], version: wo.version },
          { ...data, status: to },
        ))
      ) {
        const cur = (await this.repo.findWorkOrder(tx, org, id, {}))!;
        if (!canApplyWorkOrderAction(cur.status, action)) throw MaintenanceErrors.invalidTransition(cur.status, to);
        await this.orders.throwConflict(tx, ctx, id);
      }
      await step.after?.(tx, wo, now);
      const after = (await this.repo.findWorkOrder(tx, org, id, {}))!;
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, EVENT[action], 'work_order', id, {
          ...diff(toWorkOrder(wo), toWorkOrder(after)),
          ...step.audit,
        }),
      );
      await WebhookEvents.emit(tx, ctx, WEBHOOK_EVENT[action], id);
      return this.orders.detail(tx, ctx, id);
    });
  }
}
