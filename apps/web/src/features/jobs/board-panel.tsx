'use client';

import type { TDraftDetail, TDraftVersion } from '@amms/contracts/drafts';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { labelMessages } from '@/lib/draft-labels';
import { formatDateTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { jobName } from '@/features/drafts/diff';
import { useConfirmDraft } from '@/features/drafts/mutations';
import { shortHash } from '@/features/drafts/queries';
import { boardMessages } from './board-messages';

/**
 * The board draft beside the timeline: each moved job with its findings (conflicts first), and
 * the hash-bound confirmation of exactly the version shown. Execution is on the draft page.
 */
export function BoardPanel({
  orgId,
  draft,
  version,
  pending,
  error,
  timeZone,
  canConfirm,
  onStartOver,
}: {
  orgId: string;
  draft: TDraftDetail | undefined;
  version: TDraftVersion | undefined;
  pending: boolean;
  error: unknown;
  timeZone: string;
  canConfirm: boolean;
  onStartOver: () => void;
}) {
  const m = useMessages(boardMessages);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const [confirmError, setConfirmError] = useState<unknown>(null);
  const confirm = useConfirmDraft(orgId, draft?.id ?? '', {
    onConfirmed: () => setConfirmError(null),
    onError: setConfirmError,
  });
  const op = (t: string) => (l.operationType as Record<string, string>)[t] ?? t;
  const findingText = (code: string, message: string) => (l.finding as Record<string, string>)[code] ?? message;

  const violations = version?.validation.violations ?? [];
  const confirmed =
    draft && version && draft.confirmedVersion === version.version && draft.confirmedHash === version.contentHash;

  return (
    <section
      aria-labelledby="board-panel-title"
      className="space-y-2 rounded-lg border border-sky-200 bg-sky-50/50 p-3"
    >
      <h3 id="board-panel-title" className="text-sm font-semibold text-slate-900">
        {version ? format(m.panelTitle, { version: version.version }) : m.draftTitle}
      </h3>
      <p className="text-xs text-slate-700">{m.panelHint}</p>
      {draft && draft.status !== 'OPEN' ? <p className="text-sm text-amber-900">{m.notOpen}</p> : null}
      {!version ? <p className="text-sm text-slate-700">{m.noDraft}</p> : null}
      <ErrorAlert error={error ?? confirmError} />
      <div role="status" className="text-sm" data-testid="board-status">
        {pending ? (
          <span className="text-slate-700">{m.proposing}</span>
        ) : version ? (
          violations.length > 0 ? (
            <span className="font-medium text-red-800">{format(m.invalid, { n: violations.length })}</span>
          ) : confirmed ? (
            <span className="font-medium text-emerald-800">
              {format(m.confirmed, { version: version.version, hash: shortHash(version.contentHash) })}
            </span>
          ) : (
            <span className="text-emerald-900">{m.valid}</span>
          )
        ) : null}
      </div>
      {version && version.items.length > 0 ? (
        <ul className="space-y-1.5 text-sm" aria-label={m.draftTitle}>
          {version.items.map((i, idx) => {
            const findings = [
              ...violations
                .filter((f) => f.itemIndex === idx || f.otherItemIndex === idx)
                .map((f) => ({ f, hard: true })),
              ...version.validation.warnings.filter((f) => f.itemIndex === idx).map((f) => ({ f, hard: false })),
            ];
            return (
              <li key={i.itemKey} className="rounded border border-slate-200 bg-white px-2 py-1.5">
                <p className="break-words text-slate-900">
                  {format(m.moved, {
                    job: jobName(i, op),
                    machine: [i.primaryAssetName ?? '—', ...i.implementNames].join(' + '),
                    operator: i.operatorName ?? '—',
                    time: `${formatDateTime(i.startsAt, locale, timeZone)} – ${formatDateTime(i.endsAt, locale, timeZone)}`,
                  })}
                </p>
                {findings.length > 0 ? (
                  <ul className="mt-0.5 space-y-0.5 text-xs">
                    {findings.map(({ f, hard }, k) => (
                      <li key={k} className={hard ? 'text-red-800' : 'text-amber-900'} title={f.message}>
                        {hard ? '✗ ' : '⚠ '}
                        {findingText(f.code, f.message)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {draft && version ? (
        <div className="flex flex-wrap items-center gap-2">
          {canConfirm && draft.status === 'OPEN' && !confirmed ? (
            <Button
              size="sm"
              disabled={violations.length > 0 || pending}
              pending={confirm.isPending}
              onClick={() => confirm.mutate(version)}
            >
              {format(m.confirm, { version: version.version })}
            </Button>
          ) : null}
          <Link
            href={orgPath(orgId, `drafts/${draft.id}`)}
            className="text-sm font-medium text-emerald-800 underline underline-offset-2"
          >
            {m.openDraft}
          </Link>
          <Button size="sm" variant="secondary" onClick={onStartOver}>
            {m.startOver}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
