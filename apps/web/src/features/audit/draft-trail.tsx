'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Empty, Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { trailQuery } from './queries';
import { useDescribeActor, useDescribeEvent, type Stage } from './describe';
import { auditMessages } from './messages';
import { VerifyChain } from './verify-chain';

const STAGES: readonly (Stage | 'records')[] = [
  'goal',
  'run',
  'tools',
  'versions',
  'confirm',
  'execution',
  'receipts',
  'records',
];

const STAGE_TONE: Record<Stage, string> = {
  goal: 'bg-violet-100 text-violet-900',
  run: 'bg-slate-100 text-slate-800',
  tools: 'bg-sky-100 text-sky-900',
  versions: 'bg-amber-100 text-amber-900',
  confirm: 'bg-emerald-100 text-emerald-900',
  execution: 'bg-emerald-100 text-emerald-900',
  receipts: 'bg-slate-100 text-slate-800',
};

/** goal → run → tools → versions → confirmation → execution → receipts → records, with the chain status. */
export function DraftTrail({
  orgId,
  draftId,
  timeZone,
  myUserId,
}: {
  orgId: string;
  draftId: string;
  timeZone: string;
  myUserId: string;
}) {
  const m = useMessages(auditMessages);
  const { locale } = useI18n();
  const describe = useDescribeEvent(orgId);
  const actorOf = useDescribeActor(myUserId);
  const q = useQuery(trailQuery(orgId, 'draft', draftId));

  const stageName: Record<Stage | 'records', string> = {
    goal: m.stepGoal,
    run: m.stepRun,
    tools: m.stepTools,
    versions: m.stepVersions,
    confirm: m.stepConfirm,
    execution: m.stepExecution,
    receipts: m.stepReceipts,
    records: m.stepRecords,
  };

  const described = (q.data ?? []).map((e) => ({ e, d: describe(e) }));
  const present = new Set<Stage | 'records'>(
    described.flatMap(({ d }) => [...(d.stage ? [d.stage] : []), ...(d.record ? (['records'] as const) : [])]),
  );

  return (
    <div className="space-y-5">
      <VerifyChain orgId={orgId} auto />
      <section aria-labelledby="trail-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="trail-title" className="text-base font-semibold text-slate-900">
          {m.trailTitle}
        </h2>
        <p className="mb-3 mt-1 text-sm text-slate-600">{m.trailIntro}</p>
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <QueryError error={q.error} onRetry={() => void q.refetch()} />
        ) : described.length === 0 ? (
          <Empty>{m.noEvents}</Empty>
        ) : (
          <>
            <ol aria-label={m.trailTitle} className="mb-4 flex flex-wrap gap-1.5 text-xs">
              {STAGES.map((s) => (
                <li
                  key={s}
                  className={`rounded-full px-2 py-0.5 font-semibold ${present.has(s) ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-600'}`}
                >
                  {present.has(s) ? '✓ ' : '○ '}
                  {stageName[s]}
                </li>
              ))}
            </ol>
            <ol className="relative space-y-3 border-l-2 border-slate-200 pl-4">
              {described.map(({ e, d }) => (
                <li key={e.id} className="relative">
                  <span
                    aria-hidden="true"
                    className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full border-2 border-white bg-emerald-700"
                  />
                  <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs text-slate-600">
                    {d.stage ? (
                      <span className={`rounded px-1.5 py-0.5 font-semibold ${STAGE_TONE[d.stage]}`}>
                        {stageName[d.stage]}
                      </span>
                    ) : null}
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, locale, timeZone)}</time>
                    <span>
                      #{e.seq} · {actorOf(e)}
                    </span>
                  </div>
                  <p className="mt-0.5 break-words text-sm text-slate-900">
                    {d.text}
                    {d.record ? (
                      <>
                        {' '}
                        <Link
                          href={d.record.href}
                          className="font-medium text-emerald-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-700"
                        >
                          {d.record.label}
                        </Link>
                      </>
                    ) : null}
                  </p>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </div>
  );
}
