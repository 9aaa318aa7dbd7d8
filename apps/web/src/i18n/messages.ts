import { useI18n } from './i18n-provider';
import type { Locale } from './locales';

type Leaves<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends readonly unknown[] ? T[K] : Leaves<T[K]>;
};

/**
 * Per-feature dictionaries: each feature keeps its strings next to its code, in both
 * languages. `en` must have exactly the shape of `zh-CN` (checked by the type), so a
 * key missing in either language fails the type check.
 *
 *   const messages = defineMessages({ title: '机具' }, { title: 'Machines' });
 *   const m = useMessages(messages);
 */
export function defineMessages<Z extends object>(zhCN: Z, en: Leaves<Z>): Record<Locale, Leaves<Z>> {
  return { 'zh-CN': zhCN as Leaves<Z>, en };
}

export function useMessages<M>(messages: Record<Locale, M>): M {
  const { locale } = useI18n();
  return messages[locale];
}

type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (m: infer M) => void ? M : never;

/**
 * One feature's dictionary from several files (a long catalog split by area): the parts'
 * top-level keys must not overlap.
 *
 *   export const messages = joinMessages(base, memberMessages, apiKeyMessages);
 */
export function joinMessages<P extends Record<Locale, object>[]>(
  ...parts: P
): Record<Locale, Merged<P[number][Locale]>> {
  const joined = (locale: Locale) => {
    const out: Record<string, unknown> = {};
    for (const part of parts)
      for (const [key, value] of Object.entries(part[locale])) {
        if (key in out) throw new Error(`joinMessages: "${key}" is in two parts`);
        out[key] = value;
      }
    return out as Merged<P[number][Locale]>;
  };
  return { 'zh-CN': joined('zh-CN'), en: joined('en') };
}
