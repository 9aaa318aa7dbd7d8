'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { isApiError } from '@/lib/api-client';

/** How a form turns the API's answer into a message per field. */
export type FormErrorRules = {
  /** words for a field, by its full path or the top of it, over the API's own */
  fields?: Record<string, string>;
  /** words for an issue by zod issue code (null: the API's message) */
  issue?: (field: string, code: string, message: string) => string | null | undefined;
  /** other error codes that belong to one field: code → [field, words] */
  codes?: Record<string, readonly [string, string]>;
  /** words for NOT_FOUND naming its field (`details.field`): a reference that does not exist */
  notFound?: string;
  /** key by the top of the path ('lines.0.amount' → 'lines'); default: the full path */
  top?: boolean;
};

type Issue = { path: string; code: string; message: string };

function issues(details: unknown): Issue[] {
  if (!Array.isArray(details)) return [];
  return (details as unknown[]).flatMap((d) =>
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
 * The one form-error helper: the API's error → a message per form field. VALIDATION_FAILED details
 * (the API's field issues) by path (the first issue of a field wins), worded by `fields`, then `issue`, else the API's text;
 * the error codes in `codes` on their field; NOT_FOUND naming a field on that field.
 */
export function formErrors(err: unknown, rules: FormErrorRules = {}): Record<string, string> {
  if (!isApiError(err)) return {};
  const byCode = rules.codes?.[err.code];
  if (byCode) return { [byCode[0]]: byCode[1] };
  if (rules.notFound && err.code === 'NOT_FOUND' && err.details && typeof err.details === 'object') {
    const field = (err.details as { field?: unknown }).field;
    if (field !== undefined) return { [String(field)]: rules.notFound };
  }
  if (err.code !== 'VALIDATION_FAILED') return {};
  const out: Record<string, string> = {};
  for (const { path, code, message } of issues(err.details)) {
    const key = rules.top ? (path.split('.')[0] ?? path) : path;
    if (key in out) continue;
    out[key] = rules.fields?.[path] ?? rules.fields?.[key] ?? rules.issue?.(key, code, message) ?? message;
  }
  return out;
}

/** Words for the zod issue codes the API reports in VALIDATION_FAILED details. */
const WORDS: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    required: '此项必填。',
    invalid_value: '请选择一个有效的选项。',
    invalid_type: '格式不正确。',
    too_small: '不能为空，或数值太小。',
    too_big: '超出允许的长度或范围。',
    invalid_format: '格式不正确。',
  },
  en: {
    required: 'Required.',
    invalid_value: 'Choose a valid option.',
    invalid_type: 'Not a valid value.',
    too_small: 'Empty or too small.',
    too_big: 'Too long or too large.',
    invalid_format: 'Invalid format.',
  },
};

/** The common issue codes in the UI language, by full path; rule-specific messages stay as the API wrote them. */
export function issueWords(locale: Locale): NonNullable<FormErrorRules['issue']> {
  const words = WORDS[locale];
  return (_field, code, message) =>
    code === 'invalid_type' && /received (undefined|null)/.test(message) ? words.required : words[code];
}

/** `formErrors` with the UI language's words for the common issue codes (custom refinements such as "startsAt must be before endsAt" keep the API's text). */
export function useFieldErrors(err: unknown): Record<string, string> {
  const { locale } = useI18n();
  return formErrors(err, { issue: issueWords(locale) });
}
