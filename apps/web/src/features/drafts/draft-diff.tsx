'use client';

import type { TDraftItem } from '@amms/contracts/drafts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { jobName, machineSetName, type ItemDiff } from './diff';
import { labelMessages } from '@/lib/draft-labels';
import { draftMessages } from './messages';

/** What a version changed against the one it is based on: added, removed and changed items (machine, operator, time). */
export function DiffCard({
  diff,
  previous,
  note,
  editor,
  timeZone,
}: {
  diff: ItemDiff;
  previous: number;
  note: string | null;
  editor: string | null;
  timeZone: string;
}) {
  const m = useMessages(draftMessages);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const op = (t: string) => (l.operationType as Record<string, string>)[t] ?? t;
  const when = (i: TDraftItem) =>
    `${formatDateTime(i.startsAt, locale, timeZone)} – ${formatDateTime(i.endsAt, locale, timeZone)}`;
  const empty = diff.added.length + diff.removed.length + diff.changed.length === 0;
  return (
    <Card id="draft-diff" title={format(m.diffTitle, { n: previous })}>
      {note || editor ? (
        <p className="mb-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800">
          {editor ? <span className="block">{format(m.diffBy, { name: editor })}</span> : null}
          {note ? <span className="block">{format(m.diffNote, { note })}</span> : null}
        </p>
      ) : null}
      {empty ? (
        <p className="text-sm text-slate-700">{m.diffNone}</p>
      ) : (
        <ul className="space-y-2 text-sm" aria-label={format(m.diffTitle, { n: previous })}>
          {diff.added.map((i) => (
            <li key={`a-${i.jobId}`} className="flex flex-wrap items-baseline gap-2">
              <Badge tone="green">+ {m.diffAdded}</Badge>
              <span className="font-medium">{jobName(i, op)}</span>
              <span className="text-slate-600">
                {machineSetName(i)} · {when(i)}
              </span>
            </li>
          ))}
          {diff.removed.map((i) => (
            <li key={`r-${i.jobId}`} className="flex flex-wrap items-baseline gap-2">
              <Badge tone="red">− {m.diffRemoved}</Badge>
              <span className="font-medium line-through decoration-slate-500">{jobName(i, op)}</span>
              <span className="text-slate-600">
                {machineSetName(i)} · {when(i)}
              </span>
            </li>
          ))}
          {diff.changed.map((c) => (
            <li key={`c-${c.after.jobId}`} className="flex flex-wrap items-baseline gap-2">
              <Badge tone="amber">~ {m.diffChanged}</Badge>
              <span className="font-medium">{jobName(c.after, op)}</span>
              <span className="flex flex-col text-slate-700">
                {c.machine ? (
                  <span>{format(m.diffMachine, { from: machineSetName(c.before), to: machineSetName(c.after) })}</span>
                ) : null}
                {c.operator ? (
                  <span>
                    {format(m.diffOperator, { from: c.before.operatorName ?? '—', to: c.after.operatorName ?? '—' })}
                  </span>
                ) : null}
                {c.time ? <span>{format(m.diffTime, { from: when(c.before), to: when(c.after) })}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
