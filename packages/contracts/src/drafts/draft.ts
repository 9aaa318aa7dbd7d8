import { z } from 'zod';
import { ZSort } from '../common.js';
import { ZDraftContent, ZInstant, ZJobPart } from './content.js';

/** Drafts and their versions as read, listed and edited (the content of a version: content.ts). */
export const ZDraftKind = z.enum(['SCHEDULE', 'MAINTENANCE', 'PURCHASE', 'LEAVE']);
export const ZDraftStatus = z.enum(['OPEN', 'REJECTED', 'EXECUTING', 'EXECUTED']);

export const ZDraftVersion = z.object({
  version: z.number().int(),
  basedOnVersion: z.number().int().nullable(),
  ...ZDraftContent.shape,
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
  /** one part of a split job (all its items then carry one, covering its area) */
  part: ZJobPart.optional(),
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

/**
 * A dispatcher's board move (or moves) as a new SCHEDULE draft, without an agent run: the items
 * (PLANNED or SCHEDULED jobs, re-planned by hand) are validated exactly as an edited version's.
 * Later moves are versions of this draft (`POST /drafts/:id/versions`).
 */
export const ZCreateBoardDraftRequest = z.strictObject({
  title: z.string().trim().min(1).max(200),
  items: z.array(ZEditedItem).min(1).max(500),
  note: z.string().trim().min(1).max(1000).optional(),
});
export type TCreateBoardDraftRequest = z.infer<typeof ZCreateBoardDraftRequest>;

export const ZConfirmDraftRequest = z.strictObject({
  version: z.number().int().min(1),
  contentHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TConfirmDraftRequest = z.infer<typeof ZConfirmDraftRequest>;

export const ZRejectDraftRequest = z.strictObject({ reason: z.string().trim().min(1).max(1000) });
export type TRejectDraftRequest = z.infer<typeof ZRejectDraftRequest>;
