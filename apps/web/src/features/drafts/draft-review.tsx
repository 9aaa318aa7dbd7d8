'use client';

import { ROLE_PERMISSIONS } from '@amms/contracts/permissions';
import { ZDraft, ZDraftDetail, type TDraftDetail, type TDraftItem, type TDraftVersion, type TEditedItem } from '@amms/contracts/drafts';
import type { TPermission } from '@amms/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions, TextAreaField } from '@/components/ui/form';
import { HeadRow } from '@/components/ui/list';
import { Empty, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { enumLabels, priorityText } from '@/lib/labels';
import { ApiError, apiFetch, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { refreshQueries } from '@/lib/refresh';
import { currentVersionOf, draftKeys, draftQuery, machinesQuery, membersQuery, runQuery, shortHash } from './api';
import { diffItems, jobName, machineSetName, type ItemDiff } from './diff';
import { EvidenceCell } from './evidence-cell';
import { DraftTimeline } from './draft-timeline';
import { EditItemDialog, type EditResult, type Option } from './edit-item-dialog';
import { ExecutionPanel } from './execution-panel';
import { CorrectiveItemsCard } from './corrective-items';
import { draftMessages, labelMessages } from './messages';
import { draftStatusTone } from './tones';

type Notice = { tone: 'ok' | 'warn'; text: string } | null;

const toEdited = (i: TDraftItem): TEditedItem => ({
  jobId: i.jobId,
  primaryAssetId: i.primaryAssetId,
  implementAssetIds: i.implementAssetIds,
  operatorMembershipId: i.operatorMembershipId,
  startsAt: i.startsAt,
  endsAt: i.endsAt,
});

export function DraftReview({
  orgId,
  draftId,
  timeZone,
  permissions,
  initialExecutionId,
}: {
  orgId: string;
  draftId: string;
  timeZone: string;
  permissions: readonly TPermission[];
  initialExecutionId: string | null;
}) {
  const m = useMessages(draftMessages);
  const q = useQuery(draftQuery(orgId, draftId));

  if (q.isPending) return <Loading label={m.loadingDraft} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  return <DraftReviewLoaded orgId={orgId} draft={q.data} timeZone={timeZone} permissions={permissions} initialExecutionId={initialExecutionId} />;
}

function DraftReviewLoaded({
  orgId,
  draft,
  timeZone,
  permissions,
  initialExecutionId,
}: {
  orgId: string;
  draft: TDraftDetail;
  timeZone: string;
  permissions: readonly TPermission[];
  initialExecutionId: string | null;
}) {
  const m = useMessages(draftMessages);
  const labels = useMessages(enumLabels);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const queryClient = useQueryClient();
  const can = (p: TPermission) => permissions.includes(p);
  const op = (t: string) => (l.operationType as Record<string, string>)[t] ?? t;

  const [shown, setShown] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<TDraftItem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const current = currentVersionOf(draft);
  const version = (shown !== null ? draft.versions.find((v) => v.version === shown) : undefined) ?? current;
  const previous = version?.basedOnVersion ? draft.versions.find((v) => v.version === version.basedOnVersion) : undefined;
  const isCurrent = version?.version === draft.currentVersion;
  const diff = useMemo(() => (previous && version ? diffItems(previous.items, version.items) : null), [previous, version]);

  const run = useQuery({ ...runQuery(orgId, draft.runId ?? ''), enabled: !!draft.runId });
  const period = run.data?.constraints?.period ?? null;

  const open = draft.status === 'OPEN';
  const editable = open && isCurrent && draft.kind === 'SCHEDULE' && can('draft.edit');
  const machines = useQuery({ ...machinesQuery(orgId), enabled: editable && can('asset.read') });
  const members = useQuery({ ...membersQuery(orgId), enabled: editable && can('member.read') });

  const detailKey = draftKeys.detail(orgId, draft.id);
  const refresh = () => {
    void refreshQueries(queryClient, detailKey, ['orgs', orgId, 'drafts', 'list']);
  };

  // ---- edit → version N+1
  const editMutation = useMutation({
    mutationFn: (body: { items: TEditedItem[]; note?: string }) =>
      apiFetch(`orgs/${encodeURIComponent(orgId)}/drafts/${encodeURIComponent(draft.id)}/versions`, ZDraftDetail, {
        method: 'POST',
        body: { basedOnVersion: draft.currentVersion, items: body.items, ...(body.note ? { note: body.note } : {}) },
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(detailKey, next);
      void refreshQueries(queryClient, ['orgs', orgId, 'drafts', 'list']);
      setShown(null);
      setEditing(null);
      setNotice({ tone: 'ok', text: format(m.newVersionCreated, { n: next.currentVersion }) });
    },
    onError: (err) => {
      if (isApiError(err, 409)) refresh();
    },
  });

  const submitEdit = (r: EditResult) => {
    if (!current || !editing) return;
    const items = current.items.flatMap((i) => (i.jobId !== editing.jobId ? [toEdited(i)] : r.kind === 'drop' ? [] : [r.item]));
    editMutation.mutate({ items, note: r.note });
  };

  // ---- confirm exactly this version + hash
  const confirmMutation = useMutation({
    mutationFn: (v: TDraftVersion) =>
      apiFetch(`orgs/${encodeURIComponent(orgId)}/drafts/${encodeURIComponent(draft.id)}/confirm`, ZDraft, {
        method: 'POST',
        body: { version: v.version, contentHash: v.contentHash },
      }),
    onSuccess: (_d, v) => {
      setConfirming(false);
      setNotice({ tone: 'ok', text: format(m.confirmedOk, { version: v.version }) });
      refresh();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'DRAFT_STALE') {
        setConfirming(false);
        setShown(null);
        setNotice({ tone: 'warn', text: m.staleReloaded });
      }
      if (isApiError(err, 409)) refresh();
    },
  });

  // ---- reject with a reason
  const rejectMutation = useMutation({
    mutationFn: (reason: string) =>
      apiFetch(`orgs/${encodeURIComponent(orgId)}/drafts/${encodeURIComponent(draft.id)}/reject`, ZDraft, { method: 'POST', body: { reason } }),
    onSuccess: () => {
      setRejecting(false);
      refresh();
    },
    onError: (err) => {
      if (isApiError(err, 409)) refresh();
    },
  });

  // ---- options for the edit dialog: the draft's own machines / operators first
  const options = useMemo(() => {
    const dm = new Map<string, string>();
    const dop = new Map<string, string>();
    for (const v of draft.versions)
      for (const i of v.items) {
        dm.set(i.primaryAssetId, i.primaryAssetName ?? i.primaryAssetId.slice(0, 8));
        dop.set(i.operatorMembershipId, i.operatorName ?? i.operatorMembershipId.slice(0, 8));
      }
    const implementIds = new Set(draft.versions.flatMap((v) => v.items.flatMap((i) => i.implementAssetIds)));
    const otherMachines: Option[] = (machines.data?.items ?? []).filter((a) => !dm.has(a.id) && !implementIds.has(a.id)).map((a) => ({ id: a.id, name: a.name }));
    const eligible = (role: keyof typeof ROLE_PERMISSIONS) => ROLE_PERMISSIONS[role].includes('job.execute');
    const otherOperators: Option[] = (members.data?.items ?? []).filter((x) => x.status === 'ACTIVE' && eligible(x.role) && !dop.has(x.id)).map((x) => ({ id: x.id, name: x.name || x.email }));
    const sortByName = (a: Option, b: Option) => a.name.localeCompare(b.name, locale);
    return {
      draftMachines: [...dm].map(([id, name]) => ({ id, name })).sort(sortByName),
      otherMachines: otherMachines.sort(sortByName),
      draftOperators: [...dop].map(([id, name]) => ({ id, name })).sort(sortByName),
      otherOperators: otherOperators.sort(sortByName),
    };
  }, [draft.versions, machines.data, members.data, locale]);

  if (!version) return <Empty>{m.noItems}</Empty>;

  const violations = version.validation.violations;
  const warnings = version.validation.warnings;
  const findingsOf = (idx: number) => [...violations.filter((f) => f.itemIndex === idx).map((f) => ({ f, hard: true })), ...warnings.filter((f) => f.itemIndex === idx).map((f) => ({ f, hard: false }))];
  const findingText = (code: string, message: string) => (l.finding as Record<string, string>)[code] ?? message;
  const reasonText = (code: string, detail: string) => (l.unplacedReason as Record<string, string>)[code] ?? detail;
  const stepTool = (step: number) => run.data?.steps.find((s) => s.step === step)?.tool;
  const evidenceOf = (itemKey: string) => version.evidence.find((e) => e.itemKey === itemKey);

  const confirmedThis = draft.confirmedVersion === version.version && draft.confirmedHash === version.contentHash;
  const canConfirm = open && isCurrent && can('draft.confirm') && !confirmedThis;

  return (
    <div className="space-y-5">
      {notice ? (
        <p role="status" className={`rounded-md border px-3 py-2 text-sm ${notice.tone === 'ok' ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}>
          {notice.text}
        </p>
      ) : null}

      <Card
        id="draft-summary"
        title={m.summary}
        actions={
          <Link href={orgPath(orgId, `drafts/${draft.id}/audit`)} className="text-sm font-medium text-emerald-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-700">
            {m.auditLink}
          </Link>
        }
      >
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">{m.goal}</dt>
          <dd className="break-words text-slate-900">{run.data?.goal ?? draft.title}</dd>
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
                ? format(m.confirmedAs, { version: draft.confirmedVersion, when: formatDateTime(draft.confirmedAt, locale, timeZone) })
                : draft.status === 'OPEN'
                  ? m.notConfirmed
                  : ''}
            </span>
            {draft.status === 'REJECTED' && draft.rejectionReason ? <span className="text-slate-700">{format(m.rejectedBecause, { reason: draft.rejectionReason })}</span> : null}
          </dd>
          <dt className="self-center text-slate-600">
            <label htmlFor="draft-version">{m.version}</label>
          </dt>
          <dd>
            <select
              id="draft-version"
              value={version.version}
              onChange={(e) => setShown(Number(e.target.value))}
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
          <dt className="text-slate-600">{m.hash}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <code title={version.contentHash} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-900" data-testid="content-hash">
              {shortHash(version.contentHash)}
            </code>
            <CopyButton text={version.contentHash} />
          </dd>
        </dl>
        {!isCurrent ? (
          <p className="mt-3 flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {format(m.viewingOld, { n: version.version })}
            <Button size="sm" variant="secondary" onClick={() => setShown(null)}>
              {m.showCurrent}
            </Button>
          </p>
        ) : null}
        {open && isCurrent && (can('draft.confirm') || can('draft.edit')) ? (
          <div className="mt-4 flex flex-wrap gap-2">
            {canConfirm ? (
              <Button onClick={() => setConfirming(true)} disabled={violations.length > 0}>
                {m.confirm}
              </Button>
            ) : null}
            {can('draft.confirm') ? (
              <Button variant="secondary" onClick={() => setRejecting(true)}>
                {m.reject}
              </Button>
            ) : null}
          </div>
        ) : null}
        {open && isCurrent && draft.kind === 'MAINTENANCE' && can('draft.edit') ? <p className="mt-2 text-sm text-slate-600">{m.editNotSupported}</p> : null}
      </Card>

      {draft.status !== 'REJECTED' ? (
        <ExecutionPanel
          orgId={orgId}
          draft={draft}
          timeZone={timeZone}
          canExecute={can('draft.execute')}
          initialExecutionId={initialExecutionId}
        />
      ) : null}

      {diff && previous ? (
        <DiffCard diff={diff} previous={previous.version} note={version.note} editor={version.evidence.find((e) => e.edit?.version === version.version)?.edit?.byName ?? null} timeZone={timeZone} />
      ) : null}

      <Card id="draft-timeline" title={m.timelineTitle}>
        <DraftTimeline orgId={orgId} draft={draft} version={version} previous={previous} period={period} timeZone={timeZone} canReadMaintenance={can('maintenance.read')} />
      </Card>

      {version.correctiveItems.length > 0 ? (
        <CorrectiveItemsCard orgId={orgId} version={version} timeZone={timeZone} findingsOf={findingsOf} findingText={findingText} stepTool={stepTool} />
      ) : null}

      {version.correctiveItems.length > 0 && version.workOrderItems.length === 0 ? null : draft.kind === 'SCHEDULE' ? (
        <Card id="draft-items" title={format(m.itemsTitle, { count: version.items.length })}>
          {version.items.length === 0 ? (
            <Empty>{m.noItems}</Empty>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[56rem] text-left text-sm">
                <thead className="border-b border-slate-200 text-xs text-slate-600">
                  <HeadRow
                    className="py-2 pr-3 font-semibold"
                    cells={[m.colJob, m.colMachines, m.colOperator, m.colTime, m.colEvidence, m.colFindings, ...(editable ? [{ label: m.colActions, className: 'py-2 font-semibold' }] : [])]}
                  />
                </thead>
                <tbody className="divide-y divide-slate-100 align-top">
                  {version.items.map((i, idx) => {
                    const findings = findingsOf(idx);
                    const ev = evidenceOf(i.itemKey);
                    const name = jobName(i, op);
                    return (
                      <tr key={i.itemKey} id={`item-${i.jobId}`} className="scroll-mt-20 target:bg-sky-50">
                        <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                          {name}
                          {i.job ? (
                            <span className="block text-xs font-normal text-slate-600">
                              {i.job.fieldName} · {op(i.job.operationType)} · {format(m.priority, { p: priorityText(labels, i.job.priority) })}
                            </span>
                          ) : null}
                        </th>
                        <td className="py-2 pr-3 text-slate-800">{machineSetName(i)}</td>
                        <td className="py-2 pr-3 text-slate-800">{i.operatorName ?? '—'}</td>
                        <td className="whitespace-nowrap py-2 pr-3 text-slate-800">
                          {formatDateTime(i.startsAt, locale, timeZone)}
                          <span className="block">– {formatDateTime(i.endsAt, locale, timeZone)}</span>
                        </td>
                        <td className="py-2 pr-3 text-xs text-slate-700">
                          <EvidenceCell evidence={ev} stepTool={stepTool} />
                        </td>
                        <td className="py-2 pr-3 text-xs">
                          {findings.length === 0 ? (
                            <span className="text-slate-600">{m.none}</span>
                          ) : (
                            <ul className="space-y-1">
                              {findings.map(({ f, hard }, k) => (
                                <li key={k} className={hard ? 'text-red-800' : 'text-amber-900'} title={f.message}>
                                  {hard ? '✗ ' : '⚠ '}
                                  {findingText(f.code, f.message)}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                        {editable ? (
                          <td className="py-2">
                            <Button size="sm" variant="secondary" onClick={() => setEditing(i)}>
                              {m.edit}
                              <span className="sr-only">：{name}</span>
                            </Button>
                          </td>
                        ) : null}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      ) : (
        <Card id="draft-wo-items" title={format(m.workOrderItems, { count: version.workOrderItems.length })}>
          {version.workOrderItems.length === 0 ? (
            <Empty>{m.noItems}</Empty>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="border-b border-slate-200 text-xs text-slate-600">
                  <HeadRow className="py-2 pr-3 font-semibold" lastClassName="py-2 font-semibold" cells={[m.colPlan, m.colMachines, m.colDue, m.colTime, m.colFindings]} />
                </thead>
                <tbody className="divide-y divide-slate-100 align-top">
                  {version.workOrderItems.map((w, idx) => {
                    const findings = findingsOf(idx);
                    return (
                      <tr key={w.itemKey}>
                        <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                          {w.planName}
                        </th>
                        <td className="py-2 pr-3">{w.assetName ?? '—'}</td>
                        <td className="py-2 pr-3">
                          <Badge tone={w.dueStatus === 'OVERDUE' ? 'red' : 'amber'}>{w.dueStatus}</Badge>
                        </td>
                        <td className="whitespace-nowrap py-2 pr-3">
                          {formatDateTime(w.plannedStart, locale, timeZone)} – {formatDateTime(w.plannedEnd, locale, timeZone)}
                        </td>
                        <td className="py-2 text-xs">
                          {findings.length === 0
                            ? m.none
                            : findings.map(({ f, hard }, k) => (
                                <p key={k} className={hard ? 'text-red-800' : 'text-amber-900'}>
                                  {findingText(f.code, f.message)}
                                </p>
                              ))}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      )}

      {version.correctiveItems.length > 0 && version.unplacedWorkOrders.length === 0 ? null : draft.kind === 'SCHEDULE' ? (
        <Card id="draft-unplaced" title={format(m.unplacedTitle, { count: version.unplaced.length })}>
          {version.unplaced.length === 0 ? (
            <p className="text-sm text-slate-700">{m.noUnplaced}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {version.unplaced.map((u) => (
                <li key={u.jobId} className="py-2">
                  <p className="font-medium text-slate-900">{jobName(u, op)}</p>
                  <p className="text-slate-700">
                    <Badge tone="amber">{reasonText(u.reason, u.reason)}</Badge>
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600">{u.detail}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : (
        <Card id="draft-unplaced-wo" title={format(m.unplacedWo, { count: version.unplacedWorkOrders.length })}>
          {version.unplacedWorkOrders.length === 0 ? (
            <p className="text-sm text-slate-700">{m.noUnplaced}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {version.unplacedWorkOrders.map((u) => (
                <li key={`${u.planId}-${u.assetId}`} className="py-2">
                  <p className="font-medium text-slate-900">
                    {u.planName} · {u.assetName ?? '—'}
                  </p>
                  <Badge tone="amber">{reasonText(u.reason, u.reason)}</Badge>
                  <p className="mt-0.5 text-xs text-slate-600">{u.detail}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}

      {editing ? (
        <EditItemDialog
          item={editing}
          title={jobName(editing, op)}
          timeZone={timeZone}
          {...options}
          pending={editMutation.isPending}
          error={editMutation.error}
          onSubmit={submitEdit}
          onClose={() => {
            setEditing(null);
            editMutation.reset();
          }}
        />
      ) : null}

      {confirming && current ? (
        <Dialog
          title={m.confirmTitle}
          onClose={() => {
            setConfirming(false);
            confirmMutation.reset();
          }}
        >
          <div className="space-y-3 text-sm">
            <p className="font-semibold text-slate-900">
              {format(m.confirmBody, { version: current.version, hash: shortHash(current.contentHash) })}
            </p>
            <p className="break-all font-mono text-xs text-slate-600" title={current.contentHash}>
              {current.contentHash}
            </p>
            <p className="text-slate-700">{m.confirmExplain}</p>
            <ErrorAlert error={confirmMutation.error} />
            <FormActions cancelLabel={m.cancel} onCancel={() => setConfirming(false)}>
              <Button onClick={() => confirmMutation.mutate(current)} pending={confirmMutation.isPending}>
                {format(m.confirmAction, { version: current.version })}
              </Button>
            </FormActions>
          </div>
        </Dialog>
      ) : null}

      {rejecting ? (
        <RejectDialog
          pending={rejectMutation.isPending}
          error={rejectMutation.error}
          onSubmit={(reason) => rejectMutation.mutate(reason)}
          onClose={() => {
            setRejecting(false);
            rejectMutation.reset();
          }}
        />
      ) : null}
    </div>
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

function RejectDialog({ pending, error, onSubmit, onClose }: { pending: boolean; error: unknown; onSubmit: (reason: string) => void; onClose: () => void }) {
  const m = useMessages(draftMessages);
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setLocal(m.reasonRequired);
    setLocal(null);
    onSubmit(reason.trim());
  };
  return (
    <Dialog title={m.rejectTitle} onClose={onClose}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <TextAreaField label={m.rejectReason} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={1000} error={local} required />
        <ErrorAlert error={error} />
        <FormActions cancelLabel={m.cancel} onCancel={onClose}>
          <Button type="submit" variant="danger" pending={pending}>
            {m.rejectAction}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}

function DiffCard({ diff, previous, note, editor, timeZone }: { diff: ItemDiff; previous: number; note: string | null; editor: string | null; timeZone: string }) {
  const m = useMessages(draftMessages);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const op = (t: string) => (l.operationType as Record<string, string>)[t] ?? t;
  const when = (i: TDraftItem) => `${formatDateTime(i.startsAt, locale, timeZone)} – ${formatDateTime(i.endsAt, locale, timeZone)}`;
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
                {c.machine ? <span>{format(m.diffMachine, { from: machineSetName(c.before), to: machineSetName(c.after) })}</span> : null}
                {c.operator ? <span>{format(m.diffOperator, { from: c.before.operatorName ?? '—', to: c.after.operatorName ?? '—' })}</span> : null}
                {c.time ? <span>{format(m.diffTime, { from: when(c.before), to: when(c.after) })}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
