'use client';

import { useEffect } from 'react';
import { useI18n } from '@/i18n/i18n-provider';

export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useI18n();
  const digest = error instanceof Error && 'digest' in error && typeof error.digest === 'string' ? error.digest : null;

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t.error.title}</h1>
      <p className="mt-2 max-w-prose text-sm text-slate-700">{t.error.body}</p>
      {digest ? (
        <p className="mt-1 text-xs text-slate-600">
          {t.error.reference}: <code>{digest}</code>
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => retry()}
        className="mt-6 rounded-md bg-emerald-800 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-900"
      >
        {t.error.retry}
      </button>
    </main>
  );
}
