import { Logger } from '@nestjs/common';
import type { TCorrectiveItem, TDraftItem, TLeaveItem, TMaintenanceItem, TPurchaseLine } from '@amms/contracts/drafts';
import { PurchasesService, supplierKeyOf } from '../inventory/purchases.service.js';
import { correctiveRequest } from '../agent/skills/corrective.js';
import { AssignmentsService } from '../jobs/assignments.service.js';
import { AssignPartsService } from '../jobs/assign-parts.service.js';
import { WorkOrdersService } from '../maintenance/work-orders.service.js';
import { itemKeyOf } from '../planning/scheduler/scheduler.js';
import { AppError } from '../platform/errors/app-error.js';
import type { OrgContext } from '../platform/access/context.js';
import type { AnyItem } from './execution-recheck.js';
import { ExecutionsRepository, type NewReceipt, type RecordType } from './executions.repository.js';
import type { MemberLeaveRepository } from '../tenancy/member-leave.repository.js';

/**
 * Refusals that mean "the world changed since the draft" (a CONFLICT receipt that says what);
 * any other error is a FAILED receipt (recorded once, never retried forever).
 */
const CONFLICT_CODES = new Set<string>([
  'BOOKING_CONFLICT',
  'ASSET_UNAVAILABLE',
  'INVALID_TRANSITION',
  'VERSION_CONFLICT',
  'OPERATOR_NOT_ELIGIBLE',
  'CAPABILITY_MISMATCH',
  'OUTSIDE_JOB_WINDOW',
  'INVALID_MACHINE_SET',
  'NOT_FOUND',
  'CONFLICT',
  'LEAVE_OVERLAPS',
]);

/** The plan was deactivated or changed since the draft (work-orders.service refuses it as a planId field error). */
const planNoLongerApplies = (err: AppError) =>
  err.code === 'VALIDATION_FAILED' &&
  Array.isArray(err.details) &&
  err.details.some((d: { path?: string }) => d?.path === 'planId');

const log = new Logger('DraftExecutor');

/** An item the write refused: CONFLICT (the world changed since the draft, saying what) or FAILED. */
function refusal(
  base: { itemKey: string; itemIndex: number },
  err: unknown,
  recordType: RecordType,
  recordId: string | null,
  conflict: boolean,
): NewReceipt {
  if (conflict && err instanceof AppError) {
    return {
      ...base,
      status: 'CONFLICT',
      recordType,
      recordId,
      detail: {
        code: err.code,
        message: err.message,
        ...(err.details === undefined ? {} : { details: err.details }),
      },
    };
  }
  log.error(`execution item ${base.itemKey} failed: ${(err as Error).message}`);
  return {
    ...base,
    status: 'FAILED',
    recordType,
    recordId,
    detail: {
      code: err instanceof AppError ? err.code : 'INTERNAL',
      message: err instanceof AppError ? err.message : 'Internal error',
    },
  };
}

/**
 * The step runner of one draft item, by kind: an assignment (SCHEDULE drafts) or a work order
 * (MAINTENANCE drafts). Each is idempotent per item key and says how it went, never throwing.
 */
export class ItemSteps {
  constructor(
    private readonly repo: ExecutionsRepository,
    private readonly assignments: AssignmentsService,
    private readonly workOrders: WorkOrdersService,
    private readonly purchases: PurchasesService,
    private readonly parts: AssignPartsService,
    private readonly leave?: MemberLeaveRepository,
  ) {}

  /** `draft`: the draft's id and all its items (a purchase line is written with its supplier's others). */
  run(
    ctx: OrgContext,
    index: number,
    item: AnyItem,
    draft: { id: string; items: readonly AnyItem[] },
  ): Promise<NewReceipt> {
    if (!('kind' in item))
      return item.part ? this.executePart(ctx, index, item, draft) : this.executeItem(ctx, index, item);
    if (item.kind === 'PURCHASE_LINE') return this.executePurchase(ctx, index, item, draft);
    if (item.kind === 'LEAVE') return this.executeLeave(ctx, index, item);
    return this.executeWorkOrder(ctx, index, item);
  }

  /**
   * A purchase line: the purchase (PARTS cost document, submitted) of its supplier, with all that
   * supplier's lines of the draft, written by the first of them and found by the others (and by
   * any re-run): one document per supplier, once.
   */
  private async executePurchase(
    ctx: OrgContext,
    index: number,
    item: TPurchaseLine,
    draft: { id: string; items: readonly AnyItem[] },
  ): Promise<NewReceipt> {
    const base = { itemKey: item.itemKey, itemIndex: index };
    const key = supplierKeyOf(item);
    const group = draft.items.filter(
      (i): i is TPurchaseLine => 'kind' in i && i.kind === 'PURCHASE_LINE' && supplierKeyOf(i) === key,
    );
    try {
      const p = await this.purchases.ensure(ctx, draft.id, group);
      return {
        ...base,
        status: 'SUCCEEDED',
        recordType: 'cost_document',
        recordId: p.costDocumentId,
        detail: { number: p.costDocument.number, costStatus: p.costDocument.status, purchaseId: p.id },
      };
    } catch (err) {
      return refusal(base, err, 'cost_document', null, err instanceof AppError && CONFLICT_CODES.has(err.code));
    }
  }

  /** A member's leave onto their calendar (once per item key); overlapping leave is a CONFLICT receipt saying which. */
  private async executeLeave(ctx: OrgContext, index: number, item: TLeaveItem): Promise<NewReceipt> {
    const base = { itemKey: item.itemKey, itemIndex: index };
    try {
      if (!this.leave) throw new AppError('INTERNAL', 'No leave writer');
      const l = await this.leave.recordItem(ctx, item);
      return {
        ...base,
        status: 'SUCCEEDED',
        recordType: 'member_leave',
        recordId: l.leaveId,
        detail: { membershipId: item.membershipId, from: item.from, to: item.to, created: l.created },
      };
    } catch (err) {
      const said = err instanceof AppError && (CONFLICT_CODES.has(err.code) || err.code === 'FORBIDDEN');
      return refusal(base, err, 'member_leave', null, said);
    }
  }

  /** Assign one item (idempotent per item key) and say how it went, never throwing. */
  private async executeItem(ctx: OrgContext, index: number, item: TDraftItem): Promise<NewReceipt> {
    const base = { itemKey: item.itemKey, itemIndex: index };
    try {
      const job = await this.assignments.assign(
        ctx,
        item.jobId,
        {
          primaryAssetId: item.primaryAssetId,
          implementAssetIds: item.implementAssetIds,
          operatorMembershipId: item.operatorMembershipId,
          startsAt: item.startsAt,
          endsAt: item.endsAt,
          // the job as the draft saw it: a job edited or re-scheduled since → VERSION_CONFLICT
          version: await this.draftJobVersion(ctx.organizationId, item),
        },
        { itemKey: item.itemKey },
      );
      return {
        ...base,
        status: 'SUCCEEDED',
        recordType: 'job',
        recordId: job.id,
        detail: { assignmentId: job.assignment?.id ?? null, jobStatus: job.status, jobVersion: job.version },
      };
    } catch (err) {
      return refusal(base, err, 'job', item.jobId, err instanceof AppError && CONFLICT_CODES.has(err.code));
    }
  }

  /**
   * A split job's part: all the job's parts of the draft are written together by the first of
   * them (AssignPartsService, idempotent per item keys); each part's receipt names its own
   * assignment. Never throws.
   */
  private async executePart(
    ctx: OrgContext,
    index: number,
    item: TDraftItem,
    draft: { items: readonly AnyItem[] },
  ): Promise<NewReceipt> {
    const base = { itemKey: item.itemKey, itemIndex: index };
    const group = draft.items.filter((i): i is TDraftItem => !('kind' in i) && i.jobId === item.jobId && !!i.part);
    try {
      const job = await this.parts.assignParts(
        ctx,
        item.jobId,
        group.map((i) => ({
          itemKey: i.itemKey,
          part: i.part!,
          primaryAssetId: i.primaryAssetId,
          implementAssetIds: i.implementAssetIds,
          operatorMembershipId: i.operatorMembershipId,
          startsAt: i.startsAt,
          endsAt: i.endsAt,
        })),
        await this.draftJobVersion(ctx.organizationId, item),
      );
      const mine = job.parts.find((a) => a.part?.index === item.part!.index && a.part?.of === item.part!.of);
      return {
        ...base,
        status: 'SUCCEEDED',
        recordType: 'job',
        recordId: job.id,
        detail: {
          assignmentId: mine?.id ?? null,
          jobStatus: job.status,
          jobVersion: job.version,
          part: { index: item.part!.index, of: item.part!.of, areaHa: item.part!.areaHa },
        },
      };
    } catch (err) {
      return refusal(base, err, 'job', item.jobId, err instanceof AppError && CONFLICT_CODES.has(err.code));
    }
  }

  /**
   * Create one PREVENTIVE (a due plan) or CORRECTIVE (a diagnosis) work order (idempotent per item key: a re-run returns the first order)
   * with its window booked, and say how it went, never throwing.
   */
  private async executeWorkOrder(
    ctx: OrgContext,
    index: number,
    item: TMaintenanceItem | TCorrectiveItem,
  ): Promise<NewReceipt> {
    const base = { itemKey: item.itemKey, itemIndex: index };
    try {
      const wo = await this.workOrders.create(
        ctx,
        item.kind === 'WORK_ORDER'
          ? {
              type: 'PREVENTIVE',
              assetId: item.assetId,
              planId: item.planId,
              title: item.title,
              plannedStart: item.plannedStart,
              plannedEnd: item.plannedEnd,
              priority: 3,
              ...(item.mechanicMembershipId ? { assigneeMembershipId: item.mechanicMembershipId } : {}),
            }
          : correctiveRequest(item),
        { itemKey: item.itemKey },
      );
      return {
        ...base,
        status: 'SUCCEEDED',
        recordType: 'work_order',
        recordId: wo.id,
        detail: { number: wo.number, workOrderStatus: wo.status },
      };
    } catch (err) {
      const conflict = err instanceof AppError && (CONFLICT_CODES.has(err.code) || planNoLongerApplies(err));
      return refusal(base, err, 'work_order', null, conflict);
    }
  }

  /** The job version the draft was built on (see draftVersionOf). */
  private async draftJobVersion(organizationId: string, item: TDraftItem): Promise<number | undefined> {
    const current = await this.repo.jobVersion(organizationId, item.jobId);
    return current === null ? undefined : draftVersionOf(item, current); // undefined: assign answers NOT_FOUND
  }
}

/**
 * The job version the draft was built on, recovered from the item key (the scheduler's key
 * hashes the job version in), given the job's current version. Not found among 1..current →
 * current + 1: the draft never saw this job state, which assign refuses as VERSION_CONFLICT
 * unless the item was already written.
 */
export function draftVersionOf(item: TDraftItem, current: number): number {
  const plain = {
    jobId: item.jobId,
    primaryAssetId: item.primaryAssetId,
    implementAssetIds: item.implementAssetIds,
    operatorMembershipId: item.operatorMembershipId,
    startsAt: item.startsAt,
    endsAt: item.endsAt,
    ...(item.part ? { part: item.part } : {}),
  };
  for (let v = current; v >= 1; v--) if (itemKeyOf(plain, v) === item.itemKey) return v;
  return current + 1;
}
