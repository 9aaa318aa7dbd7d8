'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { getDictionary, type Dictionary } from './dictionaries';
import { DEFAULT_LOCALE, type Locale } from './locales';

type I18n = { locale: Locale; t: Dictionary };

const I18nContext = createContext<I18n>({ locale: DEFAULT_LOCALE, t: getDictionary(DEFAULT_LOCALE) });

/** Only the locale crosses the server/client boundary; both dictionaries are small and bundled. */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <I18nContext value={{ locale, t: getDictionary(locale) }}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
