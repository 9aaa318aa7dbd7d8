'use client';

import { ZListMachineModelsResponse } from '@amms/contracts/assets';
import { enumWord } from '@amms/contracts/enum-labels';
import { ZListDocumentsResponse } from '@amms/contracts/knowledge';
import { ZPlatformHealth, ZPlatformOrgsResponse, type TPlatformHealth } from '@amms/contracts/platform';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { qs } from '@/lib/org-api';
import { formatBytes } from '../knowledge/upload';
import { consoleMessages } from './messages';

type M = (typeof consoleMessages)['en'];

const keys = {
  health: ['platform', 'health'] as const,
  orgs: ['platform', 'orgs'] as const,
  models: (q: string) => ['platform', 'models', q] as const,
  documents: ['platform', 'documents'] as const,
};
const th = 'px-3 py-2 text-left text-xs font-semibold text-slate-600';
const td = 'px-3 py-2 text-sm text-slate-800';
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="text-sm text-slate-700">{intro}</p> : null}
      {children}
    </section>
  );
}

/** A table that scrolls inside its own box on a narrow screen (the page never does). */
function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full min-w-[36rem] border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <p role="status" aria-busy="true" className="text-sm text-slate-600">
      {text}
    </p>
  );
}

function HealthCard({ m }: { m: M }) {
  const { locale } = useI18n();
  const q = useQuery({
    queryKey: keys.health,
    queryFn: ({ signal }) => apiFetch('platform/health', ZPlatformHealth, { signal }),
  });
  if (q.error) return <ErrorAlert error={q.error} />;
  if (!q.data) return <Loading text={m.loading} />;
  const h: TPlatformHealth = q.data;
  const at = (iso: string) => formatDateTime(iso, locale, browserZone());
  const check = (c: TPlatformHealth['checks']['postgres']) =>
    c.ok ? format(m.health.up, { ms: c.ms }) : format(m.health.down, { error: c.error ?? '' });
  const rows: [string, string][] = [
    [m.health.postgres, check(h.checks.postgres)],
    [m.health.redis, check(h.checks.redis)],
    [
      m.health.outbox,
      format(m.health.outboxValue, { pending: h.outbox.pending, retrying: h.outbox.retrying }) +
        (h.outbox.oldestPendingAt ? ` · ${format(m.health.oldest, { at: at(h.outbox.oldestPendingAt) })}` : ''),
    ],
    [m.health.manuals, format(m.health.manualsValue, h.manuals)],
    [m.health.failedRuns, String(h.agentRunsFailed24h)],
  ];
  return (
    <div className="space-y-3">
      <p
        className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${h.status === 'ok' ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-950'}`}
      >
        {h.status === 'ok' ? m.health.ok : m.health.degraded}
      </p>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-700">{k}</dt>
            <dd className="break-words text-slate-900">{v}</dd>
          </div>
        ))}
        <dt className="font-medium text-slate-700">{m.health.features}</dt>
        <dd className="text-slate-900">
          <ul className="space-y-0.5">
            <li>{h.features.recognition ? m.health.recognitionOn : m.health.recognitionOff}</li>
            <li>{format(m.health.planner, { v: h.features.agentPlanner })}</li>
            <li>{format(m.health.answerer, { v: h.features.knowledgeAnswerer })}</li>
            <li>{h.features.embeddings ? m.health.embeddingsOn : m.health.embeddingsOff}</li>
          </ul>
        </dd>
      </dl>
      <p className="text-xs text-slate-600">{format(m.health.checkedAt, { at: at(h.checkedAt) })}</p>
    </div>
  );
}

function OrgsTable({ m }: { m: M }) {
  const { locale } = useI18n();
  const q = useQuery({
    queryKey: keys.orgs,
    queryFn: ({ signal }) => apiFetch('platform/orgs', ZPlatformOrgsResponse, { signal }),
  });
  if (q.error) return <ErrorAlert error={q.error} />;
  if (!q.data) return <Loading text={m.loading} />;
  if (q.data.items.length === 0) return <p className="text-sm text-slate-700">{m.orgs.empty}</p>;
  const c = m.orgs.cols;
  return (
    <Table
      caption={m.orgs.caption}
      head={[c.name, c.members, c.machines, c.jobs, c.runs, c.manuals, c.storage, c.active]}
    >
      {q.data.items.map((o) => (
        <tr key={o.id}>
          <th scope="row" className={`${td} font-medium`}>
            {o.name}
            <span className="block text-xs font-normal text-slate-600">{o.slug}</span>
          </th>
          <td className={`${td} tabular-nums`}>{formatNumber(o.members, locale, 0)}</td>
          <td className={`${td} tabular-nums`}>{formatNumber(o.machines, locale, 0)}</td>
          <td className={`${td} tabular-nums`}>{formatNumber(o.jobsCompleted30d, locale, 0)}</td>
          <td className={`${td} tabular-nums`}>{formatNumber(o.agentRuns30d, locale, 0)}</td>
          <td className={`${td} tabular-nums`}>{formatNumber(o.manuals, locale, 0)}</td>
          <td className={`${td} whitespace-nowrap`}>{formatBytes(o.storageBytes, locale)}</td>
          <td className={`${td} whitespace-nowrap`}>
            {o.lastActivityAt ? formatDateTime(o.lastActivityAt, locale, o.timezone) : m.orgs.never}
          </td>
        </tr>
      ))}
    </Table>
  );
}

function CatalogTable({ m }: { m: M }) {
  const { locale } = useI18n();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const q = useQuery({
    queryKey: keys.models(search),
    queryFn: ({ signal }) =>
      apiFetch(`platform/machine-models${qs({ limit: 200, q: search || undefined })}`, ZListMachineModelsResponse, {
        signal,
      }),
  });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setSearch(text.trim());
  };
  const c = m.catalog.cols;
  return (
    <div className="space-y-3">
      <form onSubmit={apply} className="flex flex-wrap items-end gap-2">
        <TextField
          label={m.catalog.search}
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          className="w-full sm:w-64"
        />
        <Button type="submit" variant="secondary">
          {m.catalog.apply}
        </Button>
      </form>
      {q.error ? <ErrorAlert error={q.error} /> : null}
      {!q.data ? (
        <Loading text={m.loading} />
      ) : q.data.items.length === 0 ? (
        <p className="text-sm text-slate-700">{m.catalog.empty}</p>
      ) : (
        <Table caption={m.catalog.caption} head={[c.model, c.kind, c.ops, c.power]}>
          {q.data.items.map((x) => (
            <tr key={x.id}>
              <th scope="row" className={`${td} font-medium`}>
                {x.manufacturer} {x.name}
              </th>
              <td className={td}>{enumWord(locale, 'kind', x.kind)}</td>
              <td className={td}>{x.operationTypes.map((o) => enumWord(locale, 'operation', o)).join('、')}</td>
              <td className={`${td} whitespace-nowrap`}>{x.powerKw === null ? '—' : `${x.powerKw} kW`}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

function LibraryTable({ m }: { m: M }) {
  const { locale } = useI18n();
  const q = useQuery({
    queryKey: keys.documents,
    queryFn: ({ signal }) => apiFetch(`platform/documents${qs({ limit: 100 })}`, ZListDocumentsResponse, { signal }),
  });
  if (q.error) return <ErrorAlert error={q.error} />;
  if (!q.data) return <Loading text={m.loading} />;
  if (q.data.items.length === 0) return <p className="text-sm text-slate-700">{m.library.empty}</p>;
  const c = m.library.cols;
  return (
    <Table caption={m.library.caption} head={[c.title, c.language, c.status, c.pages, c.updated]}>
      {q.data.items.map((d) => (
        <tr key={d.id}>
          <th scope="row" className={`${td} font-medium`}>
            {d.title}
          </th>
          <td className={td}>{m.library.language[d.language]}</td>
          <td className={td}>{m.library.status[d.latestVersion.status]}</td>
          <td className={`${td} tabular-nums`}>{d.latestVersion.pageCount ?? '—'}</td>
          <td className={`${td} whitespace-nowrap`}>{formatDateTime(d.updatedAt, locale, browserZone())}</td>
        </tr>
      ))}
    </Table>
  );
}

/** `/platform`: the platform admin's console. */
export function ConsolePage() {
  const m = useMessages(consoleMessages);
  const sections = [
    ['console-health', m.health.heading],
    ['console-orgs', m.orgs.heading],
    ['console-catalog', m.catalog.heading],
    ['console-library', m.library.heading],
  ] as const;
  return (
    <div className="w-full max-w-5xl min-w-0 space-y-5">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{m.title}</h1>
        <p className="text-sm text-slate-700">{m.intro}</p>
        <nav aria-label={m.nav}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="font-semibold text-emerald-800 underline underline-offset-2">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Section id="console-health" title={m.health.heading}>
        <HealthCard m={m} />
      </Section>
      <Section id="console-orgs" title={m.orgs.heading}>
        <OrgsTable m={m} />
      </Section>
      <Section id="console-catalog" title={m.catalog.heading} intro={m.catalog.intro}>
        <CatalogTable m={m} />
      </Section>
      <Section id="console-library" title={m.library.heading} intro={m.library.intro}>
        <LibraryTable m={m} />
      </Section>
    </div>
  );
}
