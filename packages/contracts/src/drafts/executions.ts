import { z } from 'zod';
import { ZExecutionStatus } from './draft.js';

// ---------------------------------------------------------------------------
// Execution of a confirmed version (POST /drafts/:id/execute, GET /executions/:id)
// ---------------------------------------------------------------------------

/** `version` must be the confirmed one; the header Idempotency-Key is required. */
export const ZExecuteDraftRequest = z.strictObject({ version: z.number().int().min(1) });
export type TExecuteDraftRequest = z.infer<typeof ZExecuteDraftRequest>;

export const ZReceiptStatus = z.enum(['SUCCEEDED', 'CONFLICT', 'FAILED']);

/**
 * One receipt per draft item. SUCCEEDED: `recordType`/`recordId` name the business record
 * (a job) and `detail.assignmentId` its assignment. CONFLICT: something changed since the draft
 * (`detail.code`, `detail.message`, `detail.details` of the refusal). FAILED: an unexpected error.
 */
export const ZExecutionReceipt = z.object({
  itemKey: z.string(),
  itemIndex: z.number().int(),
  status: ZReceiptStatus,
  recordType: z.string().nullable(),
  recordId: z.uuid().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TExecutionReceipt = z.infer<typeof ZExecutionReceipt>;

export const ZExecution = z.object({
  id: z.uuid(),
  draftId: z.uuid(),
  version: z.number().int(),
  status: ZExecutionStatus,
  initiatorUserId: z.uuid().nullable(),
  initiatorMembershipId: z.uuid().nullable(),
  itemsTotal: z.number().int(),
  /** receipts so far by status; `pending` = items without a receipt yet */
  counts: z.object({
    succeeded: z.number().int(),
    conflict: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
  }),
  /** why a REFUSED execution was refused */
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** in item order (at most one per item, so bounded by the draft's 500 items) */
  receipts: z.array(ZExecutionReceipt),
});
export type TExecution = z.infer<typeof ZExecution>;
