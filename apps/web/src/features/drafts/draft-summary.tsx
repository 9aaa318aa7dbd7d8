'use client';

import type { TDraftDetail, TDraftVersion } from '@amms/contracts/drafts';
import type { TPermission } from '@amms/contracts/permissions';
import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { labelMessages } from '@/lib/draft-labels';
import { draftMessages } from './messages';
import { draftStatusTone } from './tones';

type Props = {
  orgId: string;
  draft: TDraftDetail;
  /** the version on screen (the current one unless an older one was picked) */
  version: TDraftVersion;
  goal: string | null;
  period: { from: string; to: string } | null;
  timeZone: string;
  permissions: readonly TPermission[];
  onShowVersion: (n: number | null) => void;
  onConfirm: () => void;
  onReject: () => void;
};

/** The draft's head: goal, period, status, the version picker, validation, confirm / reject; the content hash under technical details. */
export function DraftSummary({
  orgId,
  draft,
  version,
  goal,
  period,
  timeZone,
  permissions,
  onShowVersion,
  onConfirm,
  onReject,
}: Props) {
  const m = useMessages(draftMessages);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const can = (p: TPermission) => permissions.includes(p);
  const open = draft.status === 'OPEN';
  const isCurrent = version.version === draft.currentVersion;
  const violations = version.validation.violations;
  const warnings = version.validation.warnings;
  const confirmedThis = draft.confirmedVersion === version.version && draft.confirmedHash === version.contentHash;
  const canConfirm = open && isCurrent && can('draft.confirm') && !confirmedThis;

  return (
    <Card
      id="draft-summary"
      title={m.summary}
      actions={
        <Link
          href={orgPath(orgId, `drafts/${draft.id}/audit`)}
          className="text-sm font-medium text-emerald-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {m.auditLink}
        </Link>
      }
    >
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{m.goal}</dt>
        <dd className="break-words text-slate-900">{goal ?? draft.title}</dd>
        {period ? (
          <>
            <dt className="text-slate-600">{m.period}</dt>
            <dd className="text-slate-900">
              {period.from} – {period.to}
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">{m.kind}</dt>
        <dd className="text-slate-900">{l.draftKind[draft.kind]}</dd>
        <dt className="text-slate-600">{m.status}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <Badge tone={draftStatusTone(draft.status)}>{l.draftStatus[draft.status]}</Badge>
          <span className="text-slate-700">
            {draft.confirmedVersion !== null && draft.confirmedAt
              ? format(m.confirmedAs, {
                  version: draft.confirmedVersion,
                  when: formatDateTime(draft.confirmedAt, locale, timeZone),
                })
              : draft.status === 'OPEN'
                ? m.notConfirmed
                : ''}
          </span>
          {draft.status === 'REJECTED' && draft.rejectionReason ? (
            <span className="text-slate-700">{format(m.rejectedBecause, { reason: draft.rejectionReason })}</span>
          ) : null}
        </dd>
        <dt className="self-center text-slate-600">
          <label htmlFor="draft-version">{m.version}</label>
        </dt>
        <dd>
          <select
            id="draft-version"
            value={version.version}
            onChange={(e) => onShowVersion(Number(e.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            {draft.versions.map((v) => (
              <option key={v.version} value={v.version}>
                {format(m.versionN, { n: v.version })}
                {v.version === draft.currentVersion ? m.currentSuffix : ''}
              </option>
            ))}
          </select>
        </dd>
        <dt className="text-slate-600">{m.validation}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          {version.validation.ok && violations.length === 0 ? (
            <Badge tone="green">✓ {m.validOk}</Badge>
          ) : (
            <Badge tone="red">✗ {format(m.validBad, { count: violations.length })}</Badge>
          )}
          {warnings.length > 0 ? <Badge tone="amber">{format(m.warnings, { count: warnings.length })}</Badge> : null}
        </dd>
      </dl>
      {/* the hash is what a confirmation covers, but it is not the headline: details and copy */}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-600 focus-visible:outline-2 focus-visible:outline-emerald-700">
          {m.technicalDetails}
        </summary>
        <p className="mt-1 flex flex-wrap items-center gap-2">
          <span className="text-slate-600">{m.hash}</span>
          <code
            title={version.contentHash}
            className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-900"
            data-testid="content-hash"
          >
            {version.contentHash}
          </code>
          <CopyButton text={version.contentHash} />
        </p>
      </details>
      {!isCurrent ? (
        <p className="mt-3 flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {format(m.viewingOld, { n: version.version })}
          <Button size="sm" variant="secondary" onClick={() => onShowVersion(null)}>
            {m.showCurrent}
          </Button>
        </p>
      ) : null}
      {open && isCurrent && (can('draft.confirm') || can('draft.edit')) ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {canConfirm ? (
            <Button onClick={onConfirm} disabled={violations.length > 0}>
              {m.confirm}
            </Button>
          ) : null}
          {can('draft.confirm') ? (
            <Button variant="secondary" onClick={onReject}>
              {m.reject}
            </Button>
          ) : null}
        </div>
      ) : null}
      {open && isCurrent && draft.kind === 'MAINTENANCE' && can('draft.edit') ? (
        <p className="mt-2 text-sm text-slate-600">{m.editNotSupported}</p>
      ) : null}
    </Card>
  );
}

function CopyButton({ text }: { text: string }) {
  const m = useMessages(draftMessages);
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? m.copied : m.copyHash}
    </Button>
  );
}
