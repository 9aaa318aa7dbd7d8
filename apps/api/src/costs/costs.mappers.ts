import type { CostDocument, CostLine } from '@amms/db';
import type { TCostDocument, TCostDocumentDetail, TCostLine } from '@amms/contracts/costs';

export type CostDocumentWithLines = CostDocument & { lines: CostLine[] };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCostLine(l: CostLine): TCostLine {
  return {
    id: l.id,
    position: l.position,
    description: l.description,
    // DECIMAL(12,3) → a JSON number with at most 3 decimals
    quantity: Number(l.quantity.toFixed(3)),
    unit: l.unit,
    // BigInt → digit string: money never travels as a JSON number
    unitPriceMinor: l.unitPriceMinor.toString(),
    amountMinor: l.amountMinor.toString(),
  };
}

export function toCostDocument(d: CostDocument): TCostDocument {
  return {
    id: d.id,
    number: d.number,
    category: d.category,
    documentDate: d.documentDate.toISOString().slice(0, 10),
    supplier: d.supplier,
    description: d.description,
    assetId: d.assetId,
    jobId: d.jobId,
    workOrderId: d.workOrderId,
    currency: d.currency,
    totalMinor: d.totalMinor.toString(),
    status: d.status,
    createdByUserId: d.createdByUserId,
    submittedAt: iso(d.submittedAt),
    submittedByUserId: d.submittedByUserId,
    decidedAt: iso(d.decidedAt),
    decidedByUserId: d.decidedByUserId,
    rejectionReason: d.rejectionReason,
    decisionComment: d.decisionComment,
    version: d.version,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export function toCostDocumentDetail(d: CostDocumentWithLines): TCostDocumentDetail {
  return { ...toCostDocument(d), lines: d.lines.map(toCostLine) };
}

/**
 * What an audit event records of a document: its fields and its lines without row ids
 * (lines are replaced wholesale, so their ids carry no meaning across versions).
 */
export function auditView(d: CostDocumentWithLines): Record<string, unknown> {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...fields } = toCostDocument(d);
  return { ...fields, lines: d.lines.map(toCostLine).map(({ id: _lineId, ...l }) => l) };
}

/** `YYYY-MM-DD` → the Date Prisma stores in a DATE column (UTC midnight). */
export const calendarDate = (d: string) => new Date(`${d}T00:00:00.000Z`);
