import { isApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-messages';

export type IssueWords = {
  required: string;
  tooLong: string;
  invalidFormat: string;
  invalidAmount: string;
  invalidDate: string;
  chooseModel: string;
  notFound: string;
  tooSmall: string;
  tooBig: string;
};

type Detail = { path: string; code: string; message: string };

function details(err: unknown): Detail[] {
  if (!isApiError(err) || !Array.isArray(err.details)) return [];
  return (err.details as unknown[]).flatMap((d) =>
    d && typeof d === 'object' && 'path' in d && 'message' in d
      ? [
          {
            path: String((d as { path: unknown }).path),
            message: String((d as { message: unknown }).message),
            code: String((d as { code?: unknown }).code ?? ''),
          },
        ]
      : [],
  );
}

/**
 * The API's answer → a message per form field, in the reader's language:
 * VALIDATION_FAILED details by path (wording by zod issue code, the API's text as fallback),
 * SERIAL_NUMBER_TAKEN on the serial number, NOT_FOUND with `details.field` on that field.
 */
export function formFieldErrors(
  err: unknown,
  words: IssueWords,
  codeMessage: (err: unknown) => string,
  numericFields: readonly string[] = [],
): Record<string, string> {
  if (!isApiError(err)) return {};
  if (err.code === 'VALIDATION_FAILED') {
    const out: Record<string, string> = {};
    const raw = fieldErrors(err);
    for (const d of details(err)) {
      const key = d.path.split('.')[0] ?? d.path;
      if (out[key]) continue;
      out[key] = wording(key, d.code, words, numericFields) ?? raw[d.path] ?? d.message;
    }
    return out;
  }
  if (err.code === 'SERIAL_NUMBER_TAKEN') return { serialNumber: codeMessage(err) };
  if (err.code === 'METER_BACKWARDS' || err.code === 'METER_OUT_OF_ORDER') return { readingHours: codeMessage(err) };
  if (err.code === 'NOT_FOUND' && err.details && typeof err.details === 'object' && 'field' in err.details) {
    return { [String((err.details as { field: unknown }).field)]: words.notFound };
  }
  return {};
}

function wording(key: string, code: string, w: IssueWords, numericFields: readonly string[]): string | null {
  if (key === 'modelId') return w.chooseModel;
  if (key === 'purchaseCostMinor') return w.invalidAmount;
  if (key === 'purchaseDate' || key === 'readAt') return w.invalidDate;
  const numeric = numericFields.includes(key);
  switch (code) {
    case 'too_small':
      return numeric ? w.tooSmall : w.required;
    case 'too_big':
      return numeric ? w.tooBig : w.tooLong;
    case 'invalid_type':
      return numeric ? w.invalidFormat : w.required;
    case 'invalid_format':
    case 'invalid_string':
      return w.invalidFormat;
    default:
      return null;
  }
}
