import type { TErrorCode } from '@amms/contracts/errors';

function assertUnreachable(x: never): never {
  throw new Error(`unmapped error code ${String(x)}`);
}

/** Exhaustive: adding a code to contracts without a status here fails to compile. */
export function httpStatusOf(code: TErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
    case 'MALFORMED_JSON':
    case 'IDEMPOTENCY_KEY_INVALID':
    case 'CURRENT_PASSWORD_INCORRECT':
      return 400;
    case 'UNAUTHENTICATED':
    case 'INVALID_CREDENTIALS':
    case 'TOKEN_EXPIRED':
    case 'TOKEN_INVALID':
    case 'REFRESH_TOKEN_REUSED':
      return 401;
    case 'FORBIDDEN':
    case 'MEMBERSHIP_SUSPENDED':
    case 'PASSWORD_CHANGE_REQUIRED':
    case 'CANNOT_CHANGE_SELF':
    case 'PASSWORD_RESET_NOT_ALLOWED':
    case 'SELF_ACCEPTANCE':
    case 'SELF_APPROVAL':
      return 403;
    case 'NOT_FOUND':
    case 'ROUTE_NOT_FOUND':
    case 'NOT_A_MEMBER':
      return 404;
    case 'METHOD_NOT_ALLOWED':
      return 405;
    case 'CONFLICT':
    case 'VERSION_CONFLICT':
    case 'IDEMPOTENCY_KEY_IN_USE':
    case 'MEMBER_EXISTS':
    case 'TEAM_NAME_TAKEN':
    case 'LAST_OWNER':
    case 'INVALID_TRANSITION':
    case 'ASSET_HELD_BY_WORK_ORDER':
    case 'SERIAL_NUMBER_TAKEN':
    case 'MACHINE_MODEL_EXISTS':
    case 'FIELD_NAME_TAKEN':
    case 'BOOKING_CONFLICT':
    case 'ASSET_UNAVAILABLE':
    case 'DRAFT_STALE':
    case 'DRAFT_NOT_OPEN':
    case 'DRAFT_NOT_CONFIRMED':
    case 'DOCUMENT_NOT_READY':
    case 'IMPORT_ALREADY_COMMITTED':
    case 'ATTACHMENT_LOCKED':
    case 'INSUFFICIENT_STOCK':
    case 'PART_NUMBER_TAKEN':
    case 'BARCODE_TAKEN':
    case 'BARCODE_AMBIGUOUS':
    case 'WORK_ORDER_CLOSED':
    case 'STOCK_LOCATION_NAME_TAKEN':
    case 'STOCK_COUNT_CONFIRMED':
    case 'PRESTART_REQUIRED':
    case 'PRESTART_BLOCKED':
    case 'RECEIPT_EXCEEDS_ORDER':
    case 'PURCHASE_NOT_RECEIVABLE':
    case 'LEAVE_OVERLAPS':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
    case 'TELEMATICS_BATCH_TOO_LARGE':
    case 'ARCHIVE_TOO_LARGE':
      return 413;
    case 'UNSUPPORTED_MEDIA_TYPE':
    case 'FILE_NOT_PDF':
    case 'FILE_TYPE_NOT_ALLOWED':
      return 415;
    case 'IDEMPOTENCY_KEY_REUSED':
    case 'IMPORT_FILE_INVALID':
    case 'IMPORT_ROWS_INVALID':
    case 'IMPORT_FILE_UNSAFE':
    case 'SCOPE_NOT_GRANTABLE':
    case 'METER_BACKWARDS':
    case 'METER_OUT_OF_ORDER':
    case 'METER_IMPLAUSIBLE':
    case 'OCCURRED_AT_OUT_OF_RANGE':
    case 'JOB_HOURS_INCONSISTENT':
    case 'CAPABILITY_MISMATCH':
    case 'INVALID_MACHINE_SET':
    case 'OUTSIDE_JOB_WINDOW':
    case 'OPERATOR_NOT_ELIGIBLE':
    case 'CHECKLIST_INCOMPLETE':
    case 'EMPTY_DOCUMENT':
    case 'DRAFT_INVALID':
    case 'DRAFT_EDIT_NOT_SUPPORTED':
    case 'PASSWORD_TOO_WEAK':
    case 'PASSWORD_REUSED':
    case 'WEBHOOK_URL_REFUSED':
    case 'TELEMATICS_URL_REFUSED':
    case 'IMAGE_UNREADABLE':
    case 'BOUNDARY_INVALID':
    case 'COORDINATES_OUT_OF_RANGE':
    case 'BOUNDARY_TOO_FAR':
    case 'QUANTITY_NOT_WHOLE':
    case 'SAME_LOCATION':
      return 422;
    case 'RATE_LIMITED':
      return 429;
    case 'INTERNAL':
      return 500;
    case 'SERVICE_UNAVAILABLE':
    case 'TELEMATICS_NOT_CONFIGURED':
      return 503;
    default:
      return assertUnreachable(code);
  }
}
