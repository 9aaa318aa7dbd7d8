import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common.js';

/** Pre-start (walk-around) checks (issue #31 §2): an org's lists per machine model or kind, and the operators' checks. */

export const PRESTART_KINDS = ['POWER_UNIT', 'SELF_PROPELLED', 'IMPLEMENT'] as const;
export const ZPrestartKind = z.enum(PRESTART_KINDS);

export const ZPrestartItemInput = z.strictObject({
  label: z.string().trim().min(1).max(200),
  /** a FAILED answer refuses the job's start (409 PRESTART_BLOCKED) until a later check passes */
  blocksStart: z.boolean().default(false),
  /** where the item comes from: the manual's title and printed page */
  sourceTitle: z.string().trim().min(1).max(200).nullish(),
  sourcePage: z.string().trim().min(1).max(20).nullish(),
});
export type TPrestartItemInput = z.input<typeof ZPrestartItemInput>;

export const ZPrestartItem = z.object({
  id: ZId,
  label: z.string(),
  blocksStart: z.boolean(),
  sourceTitle: z.string().nullable(),
  sourcePage: z.string().nullable(),
});
export type TPrestartItem = z.infer<typeof ZPrestartItem>;

/** A list's scope: one machine model, or a machine kind (used for models without a list of their own). */
export const ZPrestartScope = z.union([z.strictObject({ modelId: ZId }), z.strictObject({ kind: ZPrestartKind })]);
export type TPrestartScope = z.infer<typeof ZPrestartScope>;

export const ZPrestartList = z.object({
  modelId: ZId.nullable(),
  /** the model's maker and name (model lists) */
  modelName: z.string().nullable(),
  kind: ZPrestartKind.nullable(),
  items: z.array(ZPrestartItem),
});
export type TPrestartList = z.infer<typeof ZPrestartList>;

export const ZListPrestartListsResponse = z.object({ items: z.array(ZPrestartList) });
export type TListPrestartListsResponse = z.infer<typeof ZListPrestartListsResponse>;

/** PUT: the scope's whole list (an empty `items` removes it). At most 40 items. */
export const ZPutPrestartListRequest = z.strictObject({
  modelId: ZId.optional(),
  kind: ZPrestartKind.optional(),
  items: z.array(ZPrestartItemInput).max(40),
});
export type TPutPrestartListRequest = z.input<typeof ZPutPrestartListRequest>;

export const PRESTART_RESULTS = ['OK', 'FAILED'] as const;
export const ZPrestartResult = z.enum(PRESTART_RESULTS);

export const ZPrestartAnswer = z.object({
  itemId: ZId,
  label: z.string(),
  blocksStart: z.boolean(),
  sourceTitle: z.string().nullable(),
  sourcePage: z.string().nullable(),
  result: ZPrestartResult,
  note: z.string().nullable(),
});
export type TPrestartAnswer = z.infer<typeof ZPrestartAnswer>;

export const ZPrestartCheck = z.object({
  id: ZId,
  jobId: ZId,
  assetId: ZId,
  performedByMembershipId: ZId.nullable(),
  performedAt: ZIsoDateTime,
  answers: z.array(ZPrestartAnswer),
  failedCount: z.number().int(),
  /** a blocking item failed: the job cannot start on this check */
  blocking: z.boolean(),
  /** the fault report (corrective work order) the failed items opened */
  workOrderId: ZId.nullable(),
  workOrderNumber: z.number().int().nullable(),
});
export type TPrestartCheck = z.infer<typeof ZPrestartCheck>;

/** POST …/jobs/:id/prestart-checks: one answer per item of the machine's list (all of them). */
export const ZCreatePrestartCheckRequest = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        itemId: ZId,
        result: ZPrestartResult,
        note: z.string().trim().max(500).optional(),
      }),
    )
    .min(1)
    .max(40),
  /** when the person acted (a check queued offline) */
  occurredAt: ZIsoDateTime.optional(),
});
export type TCreatePrestartCheckRequest = z.infer<typeof ZCreatePrestartCheckRequest>;

/** GET …/jobs/:id/prestart: the list for the job's main machine and the checks made for the job (newest first). */
export const ZJobPrestart = z.object({
  assetId: ZId.nullable(),
  items: z.array(ZPrestartItem),
  checks: z.array(ZPrestartCheck),
  /** the job may start as far as the pre-start check goes */
  cleared: z.boolean(),
});
export type TJobPrestart = z.infer<typeof ZJobPrestart>;

export const ZListPrestartChecksResponse = z.object({ items: z.array(ZPrestartCheck) });
export type TListPrestartChecksResponse = z.infer<typeof ZListPrestartChecksResponse>;
