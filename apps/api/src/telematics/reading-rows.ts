import {
  TELEMATICS_FUTURE_SKEW_MS,
  ZTelematicsReadingInput,
  type TPushReadingResult,
  type TTelematicsReadingInput,
  type TTelematicsRowError,
} from '@amms/contracts/telematics';

export type RowError = NonNullable<TPushReadingResult['error']>;

export type CheckedRow = { ok: true; row: TTelematicsReadingInput; at: Date } | { ok: false; error: RowError };

/** The field a zod issue is about → the stable row code a gateway switches on. */
function codeOf(path: string): TTelematicsRowError {
  switch (path) {
    case 'assetId':
    case 'serialNumber':
      return 'ASSET_REF_INVALID';
    case 'at':
      return 'AT_INVALID';
    case 'lat':
    case 'lon':
      return 'COORDINATES_OUT_OF_RANGE';
    case 'engineHours':
    case 'fuelUsedL':
      return 'VALUE_INVALID';
    default:
      return 'ROW_INVALID';
  }
}

/**
 * One pushed row, checked alone: its shape, a time not beyond the tolerated clock skew, and at
 * least one value. A NaN or Infinity cannot travel in JSON; "NaN" as a string is not a number.
 */
export function checkRow(raw: unknown, now: number): CheckedRow {
  const parsed = ZTelematicsReadingInput.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    const first = parsed.error.issues[0]!;
    const top = String(first.path[0] ?? '');
    const noValues = first.message.startsWith('a reading carries');
    return {
      ok: false,
      error: {
        code: noValues ? 'NO_VALUES' : codeOf(top),
        message: top ? `${top}: ${first.message}` : first.message,
        issues,
      },
    };
  }
  const at = new Date(parsed.data.at);
  if (at.getTime() > now + TELEMATICS_FUTURE_SKEW_MS) {
    return {
      ok: false,
      error: {
        code: 'AT_IN_FUTURE',
        message: `at is more than ${TELEMATICS_FUTURE_SKEW_MS / 60_000} minutes ahead of the server's clock`,
      },
    };
  }
  return { ok: true, row: parsed.data, at };
}

/** Fault codes as one spelling: trimmed, upper case ("spn 100 fmi 1" and "SPN 100 FMI 1" are one code). */
export const normalizeFaultCode = (code: string) => code.trim().replace(/\s+/g, ' ').toUpperCase();

/** Serial numbers compare without case or surrounding spaces. */
export const serialKey = (serial: string) => serial.trim().toLowerCase();
