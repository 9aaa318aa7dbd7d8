'use client';

import { useFormStatus } from 'react-dom';
import { setLocaleAction } from '@/i18n/actions';
import { useI18n } from '@/i18n/i18n-provider';
import { otherLocale } from '@/i18n/locales';

function SwitchButton({ className }: { className?: string }) {
  const { t } = useI18n();
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      lang={t.language.switchToLang}
      title={t.language.switchLabel}
      aria-disabled={pending}
      className={`rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 ${className ?? ''}`}
    >
      {t.language.switchTo}
    </button>
  );
}

/** zh-CN ⇄ English. A form, so it works before hydration too; the cookie is amms_locale. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { locale } = useI18n();
  return (
    <form action={setLocaleAction}>
      <input type="hidden" name="locale" value={otherLocale(locale)} />
      <SwitchButton className={className} />
    </form>
  );
}
