import { z } from 'zod';

/**
 * Stable error codes. Clients (the web, integrations) switch on these, never on messages.
 * Adding a code is fine; renaming one is a breaking change.
 */
export const ERROR_CODES = [
  // generic
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_FOUND',
  'CONFLICT',
  'VERSION_CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  // auth
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'REFRESH_TOKEN_REUSED',
  'FORBIDDEN',
  'NOT_A_MEMBER',
  'MEMBERSHIP_SUSPENDED',
  'PASSWORD_CHANGE_REQUIRED',
  'CURRENT_PASSWORD_INCORRECT',
  'PASSWORD_TOO_WEAK',
  'PASSWORD_REUSED',
  // tenancy
  'LAST_OWNER',
  'MEMBER_EXISTS',
  'TEAM_NAME_TAKEN',
  'SCOPE_NOT_GRANTABLE',
  'CANNOT_CHANGE_SELF',
  'PASSWORD_RESET_NOT_ALLOWED',
  // assets
  'INVALID_TRANSITION',
  'ASSET_HELD_BY_WORK_ORDER',
  'SERIAL_NUMBER_TAKEN',
  'MACHINE_MODEL_EXISTS',
  'METER_BACKWARDS',
  'METER_OUT_OF_ORDER',
  'METER_IMPLAUSIBLE',
  // a write made offline and sent later: its occurredAt is too far in the future or the past
  'OCCURRED_AT_OUT_OF_RANGE',
  // fields and jobs
  'FIELD_NAME_TAKEN',
  'BOOKING_CONFLICT',
  'ASSET_UNAVAILABLE',
  'CAPABILITY_MISMATCH',
  'INVALID_MACHINE_SET',
  'OUTSIDE_JOB_WINDOW',
  'OPERATOR_NOT_ELIGIBLE',
  'JOB_HOURS_INCONSISTENT',
  // maintenance
  'SELF_ACCEPTANCE',
  'CHECKLIST_INCOMPLETE',
  // costs
  'SELF_APPROVAL',
  'EMPTY_DOCUMENT',
  // agent drafts
  'DRAFT_STALE',
  'DRAFT_NOT_OPEN',
  'DRAFT_INVALID',
  'DRAFT_NOT_CONFIRMED',
  'DRAFT_EDIT_NOT_SUPPORTED',
  // knowledge
  'FILE_NOT_PDF',
  'DOCUMENT_NOT_READY',
  // attachments
  'FILE_TYPE_NOT_ALLOWED',
  'IMAGE_UNREADABLE',
  // the owner is closed: a closed/cancelled work order or an approved cost document keeps its files
  'ATTACHMENT_LOCKED',
  // webhooks
  'WEBHOOK_URL_REFUSED',
  // geography: a boundary that cannot be used, coordinates outside WGS84, a boundary far from the org's fields
  'BOUNDARY_INVALID',
  'COORDINATES_OUT_OF_RANGE',
  'BOUNDARY_TOO_FAR',
  // telematics: a push batch over the row limit
  'TELEMATICS_BATCH_TOO_LARGE',
  // telematics sources: a base / token URL the outbound rules refuse; no TELEMATICS_SECRET_KEY configured
  'TELEMATICS_URL_REFUSED',
  'TELEMATICS_NOT_CONFIGURED',
  // import (integrations)
  'IMPORT_FILE_INVALID',
  'IMPORT_ROWS_INVALID',
  'IMPORT_ALREADY_COMMITTED',
  // import: a KML with a DTD / entities (XXE), an archive that unpacks past the limit (zip bomb)
  'IMPORT_FILE_UNSAFE',
  'ARCHIVE_TOO_LARGE',
  // inventory
  'INSUFFICIENT_STOCK',
  'QUANTITY_NOT_WHOLE',
  'PART_NUMBER_TAKEN',
  'BARCODE_TAKEN',
  'BARCODE_AMBIGUOUS',
  'SAME_LOCATION',
  'WORK_ORDER_CLOSED',
  'STOCK_LOCATION_NAME_TAKEN',
  'STOCK_COUNT_CONFIRMED',
  // pre-start check: the machine has a checklist and no check was made for this job; a blocking item failed
  'PRESTART_REQUIRED',
  'PRESTART_BLOCKED',
  // purchases: receiving more than ordered, or a purchase whose cost document was rejected
  'RECEIPT_EXCEEDS_ORDER',
  'PURCHASE_NOT_RECEIVABLE',
  /** a leave to record overlaps leave already on that member's calendar */
  'LEAVE_OVERLAPS',
  // idempotency
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_INVALID',
] as const;

export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

export const ZErrorEnvelope = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    requestId: z.string(),
  }),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

/** Details of a VALIDATION_FAILED error: one entry per failing field. */
export const ZFieldIssue = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string(),
});
export type TFieldIssue = z.infer<typeof ZFieldIssue>;
