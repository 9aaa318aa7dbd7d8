'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { isApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-messages';

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

/**
 * `fieldErrors(err)` (path → the API's message), with the API's technical English replaced by
 * words in the UI language for the common issue codes; rule-specific messages
 * (custom refinements such as "startsAt must be before endsAt") are kept as the API wrote them.
 */
export function useFieldErrors(err: unknown): Record<string, string> {
  const { locale } = useI18n();
  const raw = fieldErrors(err);
  if (!isApiError(err) || !Array.isArray(err.details)) return raw;
  const words = WORDS[locale];
  const out: Record<string, string> = {};
  for (const d of err.details as { path?: unknown; message?: unknown; code?: unknown }[]) {
    const path = String(d?.path ?? '');
    if (path in out || !(path in raw)) continue;
    const code = String(d?.code ?? '');
    const message = String(d?.message ?? '');
    out[path] =
      code === 'invalid_type' && /received (undefined|null)/.test(message)
        ? words.required!
        : (words[code] ?? raw[path]!);
  }
  return out;
}
