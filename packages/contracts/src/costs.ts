import { z } from 'zod';
import { ZAttachment } from './attachments.js';
import { ZMoneyMinor, ZSort } from './common.js';
import { ZPersonRef } from './members.js';

/**
 * Cost documents (fuel receipts, parts invoices, labour, rentals…) with their lines, and
 * their approval: DRAFT → SUBMITTED → APPROVED / REJECTED; REJECTED → DRAFT (reopen to fix).
 *
 * Wire formats:
 * - Money is integer CNY fen as a **string of digits** (`"789"` = ¥7.89), like assets.
 *   The API never takes or returns money as a JSON number.
 * - `quantity` is a JSON number > 0 with at most 3 decimals (12.345 L); more precision is
 *   refused (400), never rounded.
 * - A line's `amountMinor` = round-half-up(quantity × unitPriceMinor), computed exactly in
 *   integers (`lineAmountMinor`); the document's `totalMinor` is the sum of its lines.
 */

export const COST_CATEGORIES = ['FUEL', 'PARTS', 'LABOR', 'REPAIR', 'RENTAL', 'OTHER'] as const;
export const ZCostCategory = z.enum(COST_CATEGORIES);
export type TCostCategory = z.infer<typeof ZCostCategory>;

export const COST_DOCUMENT_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export const ZCostDocumentStatus = z.enum(COST_DOCUMENT_STATUSES);
export type TCostDocumentStatus = z.infer<typeof ZCostDocumentStatus>;

export const MAX_COST_LINES = 200;
/** the quantity column is DECIMAL(12,3) */
export const MAX_QUANTITY = 999_999_999.999;
/**
 * Largest line amount and document total, in fen: 18 digits, so every amount fits the
 * BigInt column (2^63 − 1 ≈ 9.2 × 10^18) and the same digit-string format as prices.
 */
export const MAX_AMOUNT_MINOR = 999_999_999_999_999_999n;

// ---------------------------------------------------------------------------
// Money arithmetic (pure, exact): shared by the API and the web's live preview
// ---------------------------------------------------------------------------

const THREE_DECIMALS = /^(\d+)(?:\.(\d{1,3}))?$/;

/**
 * A quantity with at most 3 decimals as an exact integer count of thousandths.
 * Reads the number's shortest decimal form (what the client wrote in JSON), so no float
 * multiplication can smear 12.345 into 12344.999…; returns null when it has more than
 * 3 decimals, is negative or is written with an exponent (1e-7).
 */
export function quantityToMilli(quantity: number): bigint | null {
  if (!Number.isFinite(quantity)) return null;
  const m = THREE_DECIMALS.exec(String(quantity));
  if (!m) return null;
  return BigInt(m[1]!) * 1000n + BigInt((m[2] ?? '').padEnd(3, '0'));
}

/** round-half-up(quantity × unitPriceMinor) in fen, exactly: (milli × price + 500) / 1000 on BigInts. */
export function lineAmountMinor(quantity: number, unitPriceMinor: string | bigint): bigint {
  const milli = quantityToMilli(quantity);
  if (milli === null) throw new RangeError(`quantity ${quantity} is not a non-negative number with at most 3 decimals`);
  const price = typeof unitPriceMinor === 'bigint' ? unitPriceMinor : BigInt(unitPriceMinor);
  if (price < 0n) throw new RangeError('unitPriceMinor must not be negative');
  // both factors are ≥ 0, so BigInt's truncating division is a floor and +500 makes it half-up
  return (milli * price + 500n) / 1000n;
}

export function documentTotalMinor(lines: readonly { quantity: number; unitPriceMinor: string | bigint }[]): bigint {
  return lines.reduce((sum, l) => sum + lineAmountMinor(l.quantity, l.unitPriceMinor), 0n);
}

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

const ZQuantity = z
  .number()
  .gt(0)
  .max(MAX_QUANTITY)
  .refine((v) => quantityToMilli(v) !== null, { message: 'at most 3 decimal places' });

export const ZCostLineInput = z.strictObject({
  description: z.string().trim().min(1).max(200),
  quantity: ZQuantity,
  /** e.g. L, h, pcs */
  unit: z.string().trim().min(1).max(20).nullable().optional(),
  unitPriceMinor: ZMoneyMinor,
});
export type TCostLineInput = z.infer<typeof ZCostLineInput>;

const ZLines = z
  .array(ZCostLineInput)
  .max(MAX_COST_LINES)
  .superRefine((lines, ctx) => {
    // line-level errors are reported by the line schema; only well-formed lines are summed
    let total = 0n;
    for (const [i, l] of lines.entries()) {
      if (quantityToMilli(l.quantity) === null || !/^\d+$/.test(l.unitPriceMinor)) return;
      const amount = lineAmountMinor(l.quantity, l.unitPriceMinor);
      if (amount > MAX_AMOUNT_MINOR) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'unitPriceMinor'],
          message: `the line amount exceeds ${MAX_AMOUNT_MINOR} fen`,
        });
        return;
      }
      total += amount;
    }
    if (total > MAX_AMOUNT_MINOR)
      ctx.addIssue({ code: 'custom', message: `the document total exceeds ${MAX_AMOUNT_MINOR} fen` });
  });

const ZCalendarDate = z.iso.date();
const ZOptionalText = (max: number) => z.string().trim().min(1).max(max).nullable().optional();

/** `assetId` / `jobId` / `workOrderId` must be the org's (404 NOT_FOUND with `details.field` otherwise). */
export const ZCreateCostDocumentRequest = z.strictObject({
  category: ZCostCategory,
  /** YYYY-MM-DD: the date on the receipt or invoice */
  documentDate: ZCalendarDate,
  supplier: ZOptionalText(200),
  description: ZOptionalText(2000),
  assetId: z.uuid().nullable().optional(),
  jobId: z.uuid().nullable().optional(),
  workOrderId: z.uuid().nullable().optional(),
  /** may be empty while drafting; submitting an empty document is 422 EMPTY_DOCUMENT */
  lines: ZLines.default([]),
});
export type TCreateCostDocumentRequest = z.infer<typeof ZCreateCostDocumentRequest>;

/**
 * DRAFT documents only (409 CONFLICT otherwise). `version` is the version the client read
 * (409 VERSION_CONFLICT with the current document when it changed). `lines`, when given,
 * replaces all lines and the total is recomputed.
 */
export const ZUpdateCostDocumentRequest = z
  .strictObject({
    version: z.number().int().min(1),
    category: ZCostCategory.optional(),
    documentDate: ZCalendarDate.optional(),
    supplier: ZOptionalText(200),
    description: ZOptionalText(2000),
    assetId: z.uuid().nullable().optional(),
    jobId: z.uuid().nullable().optional(),
    workOrderId: z.uuid().nullable().optional(),
    lines: ZLines.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), { message: 'nothing to change' });
export type TUpdateCostDocumentRequest = z.infer<typeof ZUpdateCostDocumentRequest>;

/** submit / approve / reopen: the body is optional; `version` guards against acting on a stale read. */
export const ZCostTransitionRequest = z
  .strictObject({ version: z.number().int().min(1).optional() })
  .nullish()
  .transform((v) => v ?? {});
export type TCostTransitionRequest = z.infer<typeof ZCostTransitionRequest>;

/** POST …/approve: the version read, and an optional comment kept on the document and in the audit trail. */
export const ZApproveCostDocumentRequest = z
  .strictObject({ version: z.number().int().min(1).optional(), comment: z.string().trim().min(1).max(500).optional() })
  .nullish()
  .transform((v) => v ?? {});
export type TApproveCostDocumentRequest = z.infer<typeof ZApproveCostDocumentRequest>;

export const ZRejectCostDocumentRequest = z.strictObject({
  version: z.number().int().min(1).optional(),
  reason: z.string().trim().min(1).max(1000),
});
export type TRejectCostDocumentRequest = z.infer<typeof ZRejectCostDocumentRequest>;

/** `sort` of GET /cost-documents; without it: id order. */
export const COST_DOCUMENT_SORTS = ['documentDate', '-documentDate', 'createdAt', '-createdAt'] as const;
export type TCostDocumentSort = (typeof COST_DOCUMENT_SORTS)[number];

export const ZListCostDocumentsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().min(1).max(500).optional(),
    sort: ZSort(COST_DOCUMENT_SORTS, 'id order').optional(),
    status: ZCostDocumentStatus.optional(),
    category: ZCostCategory.optional(),
    assetId: z.uuid().optional(),
    jobId: z.uuid().optional(),
    workOrderId: z.uuid().optional(),
    /** documentDate ≥ from (YYYY-MM-DD, inclusive) */
    from: ZCalendarDate.optional(),
    /** documentDate ≤ to (inclusive) */
    to: ZCalendarDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type TListCostDocumentsQuery = z.infer<typeof ZListCostDocumentsQuery>;

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

export const ZCostLine = z.object({
  id: z.uuid(),
  position: z.number().int(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unitPriceMinor: ZMoneyMinor,
  amountMinor: ZMoneyMinor,
});
export type TCostLine = z.infer<typeof ZCostLine>;

export const ZCostDocument = z.object({
  id: z.uuid(),
  /** per-org running number */
  number: z.number().int(),
  category: ZCostCategory,
  /** YYYY-MM-DD */
  documentDate: z.string(),
  supplier: z.string().nullable(),
  description: z.string().nullable(),
  assetId: z.uuid().nullable(),
  jobId: z.uuid().nullable(),
  workOrderId: z.uuid().nullable(),
  currency: z.string(),
  totalMinor: ZMoneyMinor,
  status: ZCostDocumentStatus,
  createdByUserId: z.uuid().nullable(),
  submittedAt: z.string().nullable(),
  submittedByUserId: z.uuid().nullable(),
  decidedAt: z.string().nullable(),
  decidedByUserId: z.uuid().nullable(),
  rejectionReason: z.string().nullable(),
  /** the approver's optional comment */
  decisionComment: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCostDocument = z.infer<typeof ZCostDocument>;

/** GET one document, and the answer of every write: the document with its lines in position order. */
export const ZCostDocumentDetail = ZCostDocument.extend({ lines: z.array(ZCostLine) });
export type TCostDocumentDetail = z.infer<typeof ZCostDocumentDetail>;

/** The people of a cost document, by name: who wrote it, submitted it and decided on it. */
export const ZCostDocumentPeople = z.object({
  createdBy: ZPersonRef.nullable(),
  submittedBy: ZPersonRef.nullable(),
  decidedBy: ZPersonRef.nullable(),
});
export type TCostDocumentPeople = z.infer<typeof ZCostDocumentPeople>;
/** What the single-document routes answer: the document with its lines and its people. */
/** `attachments`: the receipts and invoices, on `GET /cost-documents/:id` (not on the answers of changes). */
export const ZCostDocumentDetailView = ZCostDocumentDetail.extend({
  people: ZCostDocumentPeople,
  attachments: z.array(ZAttachment).optional(),
});
export type TCostDocumentDetailView = z.infer<typeof ZCostDocumentDetailView>;

export const ZListCostDocumentsResponse = z.object({
  items: z.array(ZCostDocument),
  nextCursor: z.string().nullable(),
});
export type TListCostDocumentsResponse = z.infer<typeof ZListCostDocumentsResponse>;

/** Allowed status changes (the edges of the approval workflow). */
export function canTransitionCost(from: TCostDocumentStatus, to: TCostDocumentStatus): boolean {
  return (
    (from === 'DRAFT' && to === 'SUBMITTED') ||
    (from === 'SUBMITTED' && (to === 'APPROVED' || to === 'REJECTED')) ||
    (from === 'REJECTED' && to === 'DRAFT')
  );
}
