import type { ReactNode } from 'react';
import { getI18n } from '@/i18n/server';
import { LanguageSwitch } from './language-switch';

/** Frame of the pages outside an org (login, no-org, field placeholder, not-found). */
export async function SimpleFrame({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { t } = await getI18n();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center justify-between gap-2 border-b border-slate-200 bg-white px-4">
        <p className="truncate text-base font-bold tracking-tight text-emerald-800">{t.app.name}</p>
        <div className="flex shrink-0 items-center gap-1">
          <LanguageSwitch />
          {actions}
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-10 sm:py-16">
        {children}
      </main>
    </div>
  );
}
