'use client';

import type { TAgentPreference } from '@amms/contracts/agent-memory';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { memoryMessages } from './messages';
import { useDeletePreference } from './mutations';
import { preferencesQuery } from './queries';

/** "我的偏好": the caller's own saved preferences, with what was said, when, the source run, and a delete button. */
export function PreferencesList({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(memoryMessages);
  const list = useQuery(preferencesQuery(orgId));
  if (list.isPending) return <Loading />;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <section aria-label={m.title} className="space-y-3">
      <p className="text-sm text-slate-700">{m.description}</p>
      {list.data.items.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">{m.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {list.data.items.map((p) => (
            <PreferenceRow key={p.id} orgId={orgId} timeZone={timeZone} p={p} />
          ))}
        </ul>
      )}
      <Link href={orgPath(orgId, 'agent')} className="text-sm text-emerald-800 underline">
        {m.back}
      </Link>
    </section>
  );
}

function preferenceText(p: TAgentPreference, m: (typeof memoryMessages)['zh-CN']): string {
  const what = p.kind === 'AVOID_WEEKDAY' ? (m.weekdays[p.weekday ?? 0] ?? '?') : (p.target?.name ?? '?');
  return format(m.item, { kind: m.kind[p.kind], what });
}

function PreferenceRow({ orgId, timeZone, p }: { orgId: string; timeZone: string; p: TAgentPreference }) {
  const m = useMessages(memoryMessages);
  const { locale } = useI18n();
  const del = useDeletePreference(orgId, p.id);
  const text = preferenceText(p, m);
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 p-3">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium text-slate-900">{text}</p>
        <p className="text-xs text-slate-600">{format(m.said, { text: p.text })}</p>
        <p className="text-xs text-slate-600">
          {format(m.savedAt, { time: formatDateTime(p.createdAt, locale, timeZone) })}
          {p.sourceRunId ? (
            <>
              {' · '}
              <span>
                {m.sourceRun} <code className="text-[11px]">{p.sourceRunId.slice(0, 8)}</code>
              </span>
            </>
          ) : null}
        </p>
        {del.error ? <ErrorAlert error={del.error} /> : null}
      </div>
      <Button
        variant="secondary"
        onClick={() => del.mutate()}
        disabled={del.isPending}
        aria-label={format(m.removeLabel, { what: text })}
      >
        {m.remove}
      </Button>
    </li>
  );
}
