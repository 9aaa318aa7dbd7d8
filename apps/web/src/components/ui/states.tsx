'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { Button, Spinner } from './button';
import { ErrorAlert } from './error-alert';

export function Loading({ label }: { label?: string }) {
  const { locale } = useI18n();
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
      <Spinner />
      {label ?? (locale === 'en' ? 'Loading…' : '正在加载…')}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

/** Error state of a query, with a retry button. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  return (
    <div className="space-y-2 py-2">
      <ErrorAlert error={error} />
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t.error.retry}
        </Button>
      ) : null}
    </div>
  );
}

/** "Load more" for cursor-paginated lists (useInfiniteQuery). */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  onClick,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onClick: () => void;
}) {
  const { locale } = useI18n();
  if (!hasNextPage) return null;
  return (
    <div className="mt-3 flex justify-center">
      <Button variant="secondary" onClick={onClick} pending={isFetchingNextPage}>
        {locale === 'en' ? 'Load more' : '加载更多'}
      </Button>
    </div>
  );
}

/** A short success note after a mutation, read out politely; disappears after a while. */
export function useNotice(): [ReactNode, (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    const t = setTimeout(() => setText(null), 6000);
    return () => clearTimeout(t);
  }, [text]);
  const node = (
    <p
      role="status"
      aria-live="polite"
      className={
        text ? 'mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900' : 'sr-only'
      }
    >
      {text ?? ''}
    </p>
  );
  return [node, setText];
}
