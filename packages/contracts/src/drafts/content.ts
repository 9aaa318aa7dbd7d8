import { z } from 'zod';
import { ZAgentCitation } from '../agent.js';

/** An instant with its offset (items, edits and requests). */
export const ZInstant = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------
// Draft content
// ---------------------------------------------------------------------------

/**
 * A split job's part: part `index` of `of` (1-based), `areaHa` of the job's area. A job's parts
 * cover its area (their sum is the job's) and each becomes its own assignment when executed.
 */
export const ZJobPart = z.object({
  index: z.number().int().min(1).max(20),
  of: z.number().int().min(2).max(20),
  areaHa: z.number().positive().max(100_000),
});
export type TJobPart = z.infer<typeof ZJobPart>;

export const ZDraftItem = z.object({
  itemKey: z.string(),
  jobId: z.uuid(),
  job: z
    .object({
      title: z.string().nullable(),
      operationType: z.string(),
      fieldName: z.string(),
      priority: z.number().int(),
    })
    .nullable(),
  primaryAssetId: z.uuid(),
  primaryAssetName: z.string().nullable(),
  implementAssetIds: z.array(z.uuid()),
  implementNames: z.array(z.string().nullable()),
  operatorMembershipId: z.uuid(),
  operatorName: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** absent: the whole job; present: one part of a job split across machines or days */
  part: ZJobPart.optional(),
});
export type TDraftItem = z.infer<typeof ZDraftItem>;

export const ZUnplacedJob = z.object({
  jobId: z.uuid(),
  job: ZDraftItem.shape.job,
  reason: z.string(),
  detail: z.string(),
  /** a missed deadline: what would meet it (longer days, the field split), each with ready items */
  options: z
    .array(
      z.object({
        kind: z.enum(['OVERTIME', 'SPLIT']),
        detail: z.string(),
        items: z.array(
          z.object({
            jobId: z.uuid(),
            primaryAssetId: z.uuid(),
            implementAssetIds: z.array(z.uuid()),
            operatorMembershipId: z.uuid(),
            startsAt: z.string(),
            endsAt: z.string(),
          }),
        ),
      }),
    )
    .optional(),
});
export type TUnplacedJob = z.infer<typeof ZUnplacedJob>;

/** `jobId` is '' for a maintenance item's finding (its `planId` / `assetId` say which item it is). */
const ZFinding = z.object({
  itemIndex: z.number().int(),
  jobId: z.string(),
  code: z.string(),
  message: z.string(),
  otherItemIndex: z.number().int().optional(),
  planId: z.string().optional(),
  assetId: z.string().optional(),
  /** MACHINE_BUSY / OPERATOR_BUSY: the existing booking it clashes with (a job, or a work order) */
  clash: z
    .object({ kind: z.enum(['JOB', 'WORK_ORDER', 'LEAVE']), id: z.uuid(), startsAt: z.string(), endsAt: z.string() })
    .optional(),
});
export const ZDraftValidation = z.object({
  ok: z.boolean(),
  violations: z.array(ZFinding),
  warnings: z.array(ZFinding),
});
export type TDraftValidation = z.infer<typeof ZDraftValidation>;

/**
 * A MAINTENANCE draft's item: a PREVENTIVE work order for one plan × machine in a free window.
 * `itemKey` is stable (plan, machine, window): executing it twice creates one work order.
 */
export const ZMaintenanceItem = z.object({
  kind: z.literal('WORK_ORDER'),
  itemKey: z.string(),
  planId: z.uuid(),
  planName: z.string(),
  assetId: z.uuid(),
  assetName: z.string().nullable(),
  /** the work order's title: the plan's name */
  title: z.string(),
  /** OVERDUE / DUE_SOON when the draft was made */
  dueStatus: z.string(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  /** the mechanic given the order (free for the window, within their day); null: none was free or none exists */
  mechanicMembershipId: z.uuid().nullable().optional(),
  mechanicName: z.string().nullable().optional(),
});
export type TMaintenanceItem = z.infer<typeof ZMaintenanceItem>;

/**
 * A MAINTENANCE draft's CORRECTIVE work order, written by a diagnosis ("6R 155 #01 发动机水温过高"):
 * one machine, the likely causes ranked, checklist steps and parts taken from the machine
 * model's manual (each with the page it came from), and an estimated window. `itemKey` is
 * stable (machine, title, window): executing it twice creates one work order.
 */
export const ZCorrectiveItem = z.object({
  kind: z.literal('CORRECTIVE_WORK_ORDER'),
  itemKey: z.string(),
  assetId: z.uuid(),
  assetName: z.string().nullable(),
  modelName: z.string().nullable(),
  title: z.string(),
  /** the symptom as the person described it, and a fault code if they named one */
  symptom: z.string(),
  faultCode: z.string().nullable(),
  priority: z.number().int().min(1).max(5),
  causes: z.array(
    z.object({ rank: z.number().int().positive(), cause: z.string(), citation: ZAgentCitation.nullable() }),
  ),
  checklist: z.array(z.object({ label: z.string(), citation: ZAgentCitation.nullable() })),
  parts: z.array(
    z.object({ name: z.string(), partNumber: z.string().nullable(), citation: ZAgentCitation.nullable() }),
  ),
  /** the estimated window: the earliest free working window of `estimatedHours` */
  estimatedHours: z.number(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  /** false: the manuals had nothing on the symptom (said so); the work order rests on the machine's history */
  manualEvidence: z.boolean(),
  citations: z.array(ZAgentCitation),
});
export type TCorrectiveItem = z.infer<typeof ZCorrectiveItem>;

/**
 * A PURCHASE draft's line (issue #29): one part to order from one supplier into one location, with
 * why ("2 planned 500 h services on 6R 155 need RE504836 ×2; 1 on hand"). `itemKey` is stable
 * (part, location, supplier, quantity): executing the draft writes one cost document per supplier.
 */
export const ZPurchaseLine = z.object({
  kind: z.literal('PURCHASE_LINE'),
  itemKey: z.string(),
  /** the part's PartSupplier row; null: the part has no supplier (ordered without one) */
  supplierId: z.uuid().nullable(),
  supplierName: z.string().nullable(),
  partId: z.uuid(),
  /** our part number (the maker's is in `reason`) */
  partNumber: z.string(),
  partName: z.string(),
  /** where it will be received */
  locationId: z.uuid(),
  quantity: z.number().positive(),
  /** the supplier's price, CNY fen per unit; null: no price known */
  unitCostMinor: z.number().int().nonnegative().nullable(),
  reason: z.string(),
});
export type TPurchaseLine = z.infer<typeof ZPurchaseLine>;

/**
 * A LEAVE draft's item (issue #25): one member's leave over whole local days, said to the agent
 * ("赵刚下周请假", "Li Ming is off on Friday"). `startsAt`/`endsAt` are the days' bounds in the org's
 * zone; `itemKey` is stable (member, span): executing the item twice writes one MemberLeave row.
 */
export const ZLeaveItem = z.object({
  kind: z.literal('LEAVE'),
  itemKey: z.string(),
  membershipId: z.uuid(),
  memberName: z.string().nullable(),
  /** the first and last local day (YYYY-MM-DD, inclusive) */
  from: z.string(),
  to: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** the sentence it was said in */
  reason: z.string().nullable(),
});
export type TLeaveItem = z.infer<typeof ZLeaveItem>;

/** A due plan × machine the draft could not place (e.g. no free slot in the period). */
export const ZUnplacedMaintenance = z.object({
  planId: z.uuid(),
  planName: z.string(),
  assetId: z.uuid(),
  assetName: z.string().nullable(),
  reason: z.string(),
  detail: z.string(),
});
export type TUnplacedMaintenance = z.infer<typeof ZUnplacedMaintenance>;

/**
 * What a version stores: SCHEDULE drafts hold job items, MAINTENANCE drafts work-order items
 * (never mixed). The API shows them apart: `items`/`unplaced` and `workOrderItems`/`unplacedWorkOrders`.
 */
export const ZAnyDraftItem = z.union([ZDraftItem, ZMaintenanceItem, ZCorrectiveItem, ZPurchaseLine, ZLeaveItem]);
export type TAnyDraftItem = z.infer<typeof ZAnyDraftItem>;
export const ZAnyUnplaced = z.union([ZUnplacedJob, ZUnplacedMaintenance]);
export type TAnyUnplaced = z.infer<typeof ZAnyUnplaced>;

/** An item a person changed by hand: in which version, by whom (name as it was then) and why (the version's note). */
export const ZDraftItemEdit = z.object({
  version: z.number().int(),
  byUserId: z.uuid().nullable(),
  byName: z.string().nullable(),
  note: z.string().nullable(),
});
export type TDraftItemEdit = z.infer<typeof ZDraftItemEdit>;

/**
 * per item: the run steps (tool calls) its facts came from; `jobId` is '' for a maintenance item.
 * An item an edit left untouched keeps its evidence; an edited (or added) one has `edit` and no
 * run steps (its facts were re-read by the edit, not by the run).
 */
export const ZDraftEvidence = z.array(
  z.object({
    itemKey: z.string(),
    jobId: z.string(),
    steps: z.record(z.string(), z.number().int()),
    edit: ZDraftItemEdit.optional(),
    /**
     * a schedule item: why this machine, operator and time, as reason codes (FITS, ASKED_MACHINE,
     * SAME_TEAM, STARTS, AVOIDED, CLOSE, OPERATOR …) with their parameters and the sentence in the
     * goal's language (times in the org's zone)
     */
    why: z
      .array(
        z.object({
          code: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])),
          text: z.string(),
        }),
      )
      .optional(),
    /** a diagnosis: the manual pages it rests on */
    citations: z.array(ZAgentCitation).optional(),
    /** a diagnosis: the machine's recent records it looked at */
    history: z
      .object({
        workOrders: z.array(
          z.object({
            id: z.uuid(),
            number: z.number().int(),
            type: z.string(),
            status: z.string(),
            title: z.string(),
            createdAt: z.string(),
          }),
        ),
        failedChecks: z.array(
          z.object({
            workOrderId: z.uuid(),
            workOrderNumber: z.number().int(),
            label: z.string(),
            note: z.string().nullable(),
            updatedAt: z.string(),
          }),
        ),
        meterReadings: z.array(z.object({ readingHours: z.number(), readAt: z.string(), source: z.string() })),
      })
      .optional(),
  }),
);
export type TDraftEvidence = z.infer<typeof ZDraftEvidence>;

/** What a version proposes, with its findings and evidence: the same in a draft's version and a run's draft. */
export const ZDraftContent = z.object({
  /** SCHEDULE drafts: job items (empty in a MAINTENANCE draft) */
  items: z.array(ZDraftItem),
  unplaced: z.array(ZUnplacedJob),
  /** MAINTENANCE drafts: work-order items and due plans × machines not placed (empty in a SCHEDULE draft) */
  workOrderItems: z.array(ZMaintenanceItem),
  unplacedWorkOrders: z.array(ZUnplacedMaintenance),
  /** MAINTENANCE drafts of a diagnosis: the CORRECTIVE work order (empty otherwise) */
  correctiveItems: z.array(ZCorrectiveItem),
  /** PURCHASE drafts: the parts to order, per supplier (empty otherwise) */
  purchaseLines: z.array(ZPurchaseLine),
  /** LEAVE drafts: the leave to record on members' calendars (empty otherwise) */
  leaveItems: z.array(ZLeaveItem),
  validation: ZDraftValidation,
  evidence: ZDraftEvidence,
});
export type TDraftContent = z.infer<typeof ZDraftContent>;
