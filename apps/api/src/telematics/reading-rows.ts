import {
  TELEMATICS_FUTURE_SKEW_MS,
  ZTelematicsReadingInput,
  type TPushReadingResult,
  type TTelematicsReadingInput,
  type TTelematicsRowError,
} from '@amms/contracts/telematics';
import { z } from 'zod';

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
  const parsed = quickParse(raw) ?? ZTelematicsReadingInput.safeParse(raw);
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

// the schema's own patterns (z.iso.datetime({ offset: true }), z.uuid()): the quick path accepts exactly what they accept
const DATETIME = z.core.regexes.datetime({ offset: true });
const UUID = z.core.regexes.uuid();
const KEYS = new Set(['assetId', 'serialNumber', 'at', 'engineHours', 'lat', 'lon', 'fuelUsedL']);
const inRange = (v: unknown, min: number, max: number) =>
  v === undefined || (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max);

/**
 * The common row (a machine, a time, a position and counters, no fault codes) checked by hand:
 * ZTelematicsReadingInput's rules without building a zod result, ~20× faster on a 1,000-row batch.
 * Anything it is not sure of (a fault code list, an unknown key, a value out of range, a missing
 * field) answers null and goes to the schema, which accepts or names the error; it never accepts
 * a row the schema refuses (reading-rows.spec compares the two).
 */
export function quickParse(raw: unknown): { success: true; data: TTelematicsReadingInput } | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  for (const k in r) if (!KEYS.has(k)) return null;
  const { assetId, serialNumber, at, engineHours, lat, lon, fuelUsedL } = r;
  if ((assetId === undefined) === (serialNumber === undefined)) return null;
  if (assetId !== undefined && (typeof assetId !== 'string' || !UUID.test(assetId))) return null;
  let serial: string | undefined;
  if (serialNumber !== undefined) {
    if (typeof serialNumber !== 'string') return null;
    serial = serialNumber.trim();
    if (serial.length < 1 || serial.length > 100) return null;
  }
  if (typeof at !== 'string' || !DATETIME.test(at)) return null;
  if ((lat === undefined) !== (lon === undefined)) return null;
  if (!inRange(engineHours, 0, 10_000_000) || !inRange(lat, -90, 90) || !inRange(lon, -180, 180)) return null;
  if (!inRange(fuelUsedL, 0, 100_000_000)) return null;
  if (engineHours === undefined && lat === undefined && fuelUsedL === undefined) return null;
  const data: TTelematicsReadingInput = { at };
  if (assetId !== undefined) data.assetId = assetId as string;
  if (serial !== undefined) data.serialNumber = serial;
  if (engineHours !== undefined) data.engineHours = engineHours as number;
  if (lat !== undefined) data.lat = lat as number;
  if (lon !== undefined) data.lon = lon as number;
  if (fuelUsedL !== undefined) data.fuelUsedL = fuelUsedL as number;
  return { success: true, data };
}

/** Fault codes as one spelling: trimmed, upper case ("spn 100 fmi 1" and "SPN 100 FMI 1" are one code). */
export const normalizeFaultCode = (code: string) => code.trim().replace(/\s+/g, ' ').toUpperCase();

/** Serial numbers compare without case or surrounding spaces. */
export const serialKey = (serial: string) => serial.trim().toLowerCase();
