'use server';

import { cookies } from 'next/headers';
import { isLocale, LOCALE_COOKIE } from './locales';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Form action of the language switch. Setting a cookie in a Server Action makes Next
 * re-render the current route in the same round trip, so <html lang> and every
 * server-rendered string follow at once; without JavaScript the form still works.
 */
export async function setLocaleAction(formData: FormData): Promise<void> {
  const locale = formData.get('locale');
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'lax' });
}
