import { z } from 'zod';
import { ZAgentCitation } from '../agent.js';
import { ZSort } from '../common.js';

const ZInstant = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------
// Draft content
// ---------------------------------------------------------------------------

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
export const ZAnyDraftItem = z.union([ZDraftItem, ZMaintenanceItem, ZCorrectiveItem, ZPurchaseLine]);
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

export const ZDraftKind = z.enum(['SCHEDULE', 'MAINTENANCE', 'PURCHASE']);
export const ZDraftStatus = z.enum(['OPEN', 'REJECTED', 'EXECUTING', 'EXECUTED']);

export const ZDraftVersion = z.object({
  version: z.number().int(),
  basedOnVersion: z.number().int().nullable(),
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
  validation: ZDraftValidation,
  evidence: ZDraftEvidence,
  contentHash: z.string(),
  note: z.string().nullable(),
  createdByUserId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type TDraftVersion = z.infer<typeof ZDraftVersion>;

export const ZDraftConfirmation = z.object({
  confirmedVersion: z.number().int().nullable(),
  confirmedHash: z.string().nullable(),
  confirmedByUserId: z.uuid().nullable(),
  confirmedByMembershipId: z.uuid().nullable(),
  confirmedAt: z.string().nullable(),
});

export const ZDraft = z.object({
  id: z.uuid(),
  kind: ZDraftKind,
  status: ZDraftStatus,
  title: z.string(),
  runId: z.uuid().nullable(),
  currentVersion: z.number().int(),
  ...ZDraftConfirmation.shape,
  rejectedByUserId: z.uuid().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdByUserId: z.uuid().nullable(),
  rowVersion: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDraft = z.infer<typeof ZDraft>;

export const ZExecutionStatus = z.enum(['PENDING', 'RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED', 'REFUSED']);

/** One execution of a draft, as listed on the draft (the receipts: `GET /executions/:id`). */
export const ZDraftExecutionSummary = z.object({
  id: z.uuid(),
  /** the confirmed version it executed */
  version: z.number().int(),
  status: ZExecutionStatus,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TDraftExecutionSummary = z.infer<typeof ZDraftExecutionSummary>;

/** GET /drafts/:id: the draft with every version and every execution, both newest first. */
export const ZDraftDetail = ZDraft.extend({
  versions: z.array(ZDraftVersion),
  executions: z.array(ZDraftExecutionSummary),
});
export type TDraftDetail = z.infer<typeof ZDraftDetail>;

/** `sort` of GET /drafts; without it: id order. */
export const DRAFT_SORTS = ['createdAt', '-createdAt'] as const;
export type TDraftSort = (typeof DRAFT_SORTS)[number];

export const ZListDraftsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(500).optional(),
  sort: ZSort(DRAFT_SORTS, 'id order').optional(),
  status: ZDraftStatus.optional(),
  kind: ZDraftKind.optional(),
});
export type TListDraftsQuery = z.infer<typeof ZListDraftsQuery>;
export const ZListDraftsResponse = z.object({ items: z.array(ZDraft), nextCursor: z.string().nullable() });
export type TListDraftsResponse = z.infer<typeof ZListDraftsResponse>;

export const ZEditedItem = z.strictObject({
  jobId: z.uuid(),
  primaryAssetId: z.uuid(),
  implementAssetIds: z.array(z.uuid()).max(5).default([]),
  operatorMembershipId: z.uuid(),
  startsAt: ZInstant,
  endsAt: ZInstant,
});
export type TEditedItem = z.infer<typeof ZEditedItem>;
const ZItemAsEdited = z.object(ZEditedItem.shape);
/** A placed item as an edit sends it back: its choices, without the names and facts shown beside them. */
export const editedItem = (item: TEditedItem): TEditedItem => ZItemAsEdited.parse(item);

/** A work-order item of a MAINTENANCE draft as edited: which plan on which machine, when. */
export const ZEditedWorkOrderItem = z.strictObject({
  planId: z.uuid(),
  assetId: z.uuid(),
  plannedStart: ZInstant,
  plannedEnd: ZInstant,
});
export type TEditedWorkOrderItem = z.infer<typeof ZEditedWorkOrderItem>;

/**
 * Edit → version N+1 (basedOnVersion must be the current one). The whole new item list: a
 * SCHEDULE draft sends `items` (job items), a MAINTENANCE draft `workOrderItems` (move a window,
 * drop an item); the other list must be empty or absent.
 */
export const ZCreateDraftVersionRequest = z.strictObject({
  basedOnVersion: z.number().int().min(1),
  items: z.array(ZEditedItem).max(500).default([]),
  workOrderItems: z.array(ZEditedWorkOrderItem).max(500).default([]),
  note: z.string().trim().min(1).max(1000).optional(),
});
export type TCreateDraftVersionRequest = z.infer<typeof ZCreateDraftVersionRequest>;

export const ZConfirmDraftRequest = z.strictObject({
  version: z.number().int().min(1),
  contentHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TConfirmDraftRequest = z.infer<typeof ZConfirmDraftRequest>;

export const ZRejectDraftRequest = z.strictObject({ reason: z.string().trim().min(1).max(1000) });
export type TRejectDraftRequest = z.infer<typeof ZRejectDraftRequest>;
