import { isApiError } from '@/lib/api-client';
import { formErrors } from '@/lib/form-errors';

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

/**
 * The machine forms' (create / edit, a meter reading, the field app's "add machine") words for the
 * API's answer, through `formErrors`: issues by top-level field and zod issue code (the API's text as
 * fallback), SERIAL_NUMBER_TAKEN on the serial number, a meter refused on the reading, NOT_FOUND with
 * `details.field` on that field.
 */
export function assetFieldErrors(
  err: unknown,
  words: IssueWords,
  codeMessage: (err: unknown) => string,
  numericFields: readonly string[] = [],
): Record<string, string> {
  const said = isApiError(err) ? codeMessage(err) : '';
  return formErrors(err, {
    top: true,
    issue: (key, code) => wording(key, code, words, numericFields),
    codes: {
      SERIAL_NUMBER_TAKEN: ['serialNumber', said],
      METER_BACKWARDS: ['readingHours', said],
      METER_OUT_OF_ORDER: ['readingHours', said],
    },
    notFound: words.notFound,
  });
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
