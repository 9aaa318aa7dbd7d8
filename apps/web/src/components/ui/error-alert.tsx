'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';

/** A failed query or mutation, in words, with the request id for support. role=alert: read out at once. */
export function ErrorAlert({ error, className = '' }: { error: unknown; className?: string }) {
  const { locale, t } = useI18n();
  if (!error) return null;
  const requestId = error instanceof ApiError ? error.requestId : null;
  return (
    <div
      role="alert"
      className={`rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 ${className}`}
    >
      <p>{errorMessage(locale, error)}</p>
      {requestId ? (
        <p className="mt-0.5 text-xs text-red-800">
          {t.error.reference}: <span className="font-mono">{requestId}</span>
        </p>
      ) : null}
    </div>
  );
}
