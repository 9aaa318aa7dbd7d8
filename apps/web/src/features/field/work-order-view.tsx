'use client';
import { ZWorkOrderDetailView, type TWorkOrderDetailView } from '@amms/contracts/maintenance';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useCallback, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { fieldApiPath, fieldKeys, useFieldMutation, workOrderQuery } from './api';
import { fieldHref, fieldPaths } from './links';
import { fieldMessages } from './messages';
import type { FieldOrgProps } from './types';
import { Facts, Notice, Panel, RecordTitle, StickyActions, WorkOrderStatusBadge, workOrderNumber } from './ui';
import { AskManualLink } from './field-ask';
import { FieldParts } from './work-order-parts';
import { FieldStockParts } from './wo-stock-parts';
import { AttachmentPanel } from '@/components/attachments/attachment-panel';
import { Checklist } from './wo-checklist';
import { SubmitWork } from './wo-submit';

/** A mechanic's work order: start, tick the checklist, note, submit for acceptance. */
export function WorkOrderView({ workOrderId, ...props }: FieldOrgProps & { workOrderId: string }) {
  const { orgId, permissions, membershipId, timeZone } = props;
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const q = useQuery(workOrderQuery(orgId, workOrderId));
  const [notice, setNotice] = useState<{ text: string; tone: 'green' | 'blue' } | null>(null);
  // checklist notes typed but not saved (item id → label): submitting would lose them, so it waits
  const [unsavedNotes, setUnsavedNotes] = useState<Record<string, string>>({});
  const setUnsavedNote = useCallback((id: string, label: string | null) => {
    setUnsavedNotes((u) => {
      if ((u[id] ?? null) === label) return u;
      const next = { ...u };
      if (label === null) delete next[id];
      else next[id] = label;
      return next;
    });
  }, []);

  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <>
        <BackHome orgId={orgId} />
        <h1 className="text-2xl font-bold text-slate-900">{m.appTitle}</h1>
        {isApiError(q.error, 404, 403) ? (
          <p className="mt-4 rounded-md border border-slate-200 bg-white p-4 text-slate-700">{m.wo.notFound}</p>
        ) : (
          <QueryError error={q.error} onRetry={() => void q.refetch()} />
        )}
      </>
    );
  }

  const wo = q.data;
  const canWork = permissions.includes('workorder.work');
  const assignee =
    wo.assigneeMembershipId === null
      ? m.wo.unassigned
      : wo.assigneeMembershipId === membershipId
        ? m.wo.assignedToMe
        : m.wo.assignedToOther;
  const onConflict = (err: unknown) => {
    if (isApiError(err, 409)) setNotice({ text: m.wo.stateChanged, tone: 'blue' });
  };

  return (
    <>
      <BackHome orgId={orgId} />
      <p className="mt-1 font-mono text-sm text-slate-600">{workOrderNumber(wo.number)}</p>
      <RecordTitle title={wo.title} badge={<WorkOrderStatusBadge status={wo.status} />} />

      <div className="mt-4 space-y-4">
        {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
        <Panel id="wo-facts" title={m.wo.machine}>
          <Facts
            rows={[
              [m.wo.machine, wo.assetName],
              [m.wo.type, m.woType[wo.type]],
              [
                m.wo.priority,
                <span key="p" className="inline-flex items-center gap-2">
                  {m.priority[Math.min(5, Math.max(1, wo.priority)) as 1 | 2 | 3 | 4 | 5]}
                  {wo.causesDowntime && wo.downtimeStartedAt && !wo.downtimeEndedAt ? (
                    <Badge tone="amber">{m.wo.downtime}</Badge>
                  ) : null}
                </span>,
              ],
              [m.wo.reported, formatDateTime(wo.createdAt, locale, timeZone)],
              [m.wo.assignee, assignee],
            ]}
          />
          <div className="mt-3 text-sm">
            <p className="text-slate-600">{m.wo.description}</p>
            <p className="mt-1 whitespace-pre-line break-words text-slate-900">
              {wo.description ?? m.wo.noDescription}
            </p>
          </div>
          {wo.rejectionReason && wo.status === 'IN_PROGRESS' ? (
            <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
              <p className="font-semibold">{m.wo.rejection}</p>
              <p className="mt-1 whitespace-pre-line break-words">{wo.rejectionReason}</p>
            </div>
          ) : null}
          <AskManualLink
            orgId={orgId}
            assetId={wo.assetId}
            back={fieldHref(fieldPaths.workOrder(wo.id), orgId)}
            permissions={permissions}
          />
        </Panel>

        <Checklist
          wo={wo}
          orgId={orgId}
          editable={canWork && wo.status === 'IN_PROGRESS'}
          onConflict={onConflict}
          onUnsavedNote={setUnsavedNote}
        />

        {permissions.includes('inventory.read') ? (
          <FieldStockParts
            orgId={orgId}
            wo={wo}
            canIssue={
              wo.status === 'IN_PROGRESS' &&
              (permissions.includes('inventory.write') ||
                (permissions.includes('workorder.write') && wo.assigneeMembershipId === membershipId))
            }
          />
        ) : null}
        {canWork && wo.status === 'IN_PROGRESS' && wo.assigneeMembershipId === membershipId ? (
          <FieldParts orgId={orgId} wo={wo} />
        ) : null}
        {!canWork ? <p className="text-sm text-slate-600">{m.wo.noWork}</p> : null}
        {canWork && wo.status === 'OPEN' ? (
          <StartWork
            key={`start-${wo.version}`}
            wo={wo}
            orgId={orgId}
            onConflict={onConflict}
            onDone={() => setNotice(null)}
          />
        ) : null}
        {canWork && wo.status === 'IN_PROGRESS' ? (
          <SubmitWork
            key={`submit-${wo.status}`}
            wo={wo}
            orgId={orgId}
            unsavedNotes={Object.values(unsavedNotes)}
            onConflict={onConflict}
            onDone={() => setNotice({ text: m.wo.awaiting, tone: 'green' })}
          />
        ) : null}
        {wo.status === 'AWAITING_ACCEPTANCE' ? (
          <>
            {notice ? null : <Notice tone="blue">{m.wo.awaiting}</Notice>}
            <Done wo={wo} timeZone={timeZone} />
          </>
        ) : null}
        {wo.status === 'CLOSED' ? (
          <>
            <Notice>{m.wo.closed}</Notice>
            <Done wo={wo} timeZone={timeZone} />
          </>
        ) : null}
        {wo.status === 'CANCELLED' ? <Notice tone="blue">{m.wo.cancelled}</Notice> : null}
        <AttachmentPanel
          orgId={orgId}
          ownerType="WORK_ORDER"
          ownerId={wo.id}
          canUpload={permissions.includes('workorder.write')}
          canDelete={permissions.includes('workorder.write') && wo.status !== 'CLOSED' && wo.status !== 'CANCELLED'}
          size="lg"
        />
      </div>
    </>
  );
}

function BackHome({ orgId }: { orgId: string }) {
  const m = useMessages(fieldMessages);
  return (
    <Link
      href={fieldHref(fieldPaths.home, orgId)}
      className="inline-flex min-h-12 items-center rounded-md pr-2 text-sm font-semibold text-emerald-800 hover:text-emerald-900"
    >
      ‹ {m.backHome}
    </Link>
  );
}

function Done({ wo, timeZone }: { wo: TWorkOrderDetailView; timeZone: string }) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const rows: [string, string][] = [[m.wo.submittedAt, formatDateTime(wo.submittedAt, locale, timeZone)]];
  if (wo.acceptedAt) rows.push([m.wo.acceptedAt, formatDateTime(wo.acceptedAt, locale, timeZone)]);
  if (wo.resolution) rows.push([m.wo.resolutionShown, wo.resolution]);
  return (
    <Panel id="wo-done" title={m.wo.submitHeading}>
      <Facts rows={rows} />
    </Panel>
  );
}

function StartWork({
  wo,
  orgId,
  onConflict,
  onDone,
}: {
  wo: TWorkOrderDetailView;
  orgId: string;
  onConflict: (e: unknown) => void;
  onDone: () => void;
}) {
  const m = useMessages(fieldMessages);
  const qc = useQueryClient();
  const start = useFieldMutation({
    mutationFn: (_: void, idempotencyKey: string) =>
      apiFetch(`${fieldApiPath(orgId)}/work-orders/${encodeURIComponent(wo.id)}/start`, ZWorkOrderDetailView, {
        method: 'POST',
        body: { version: wo.version },
        idempotencyKey,
      }),
    invalidate: [fieldKeys.all(orgId), ['orgs', orgId, 'maintenance']],
    onSuccess: (updated) => {
      qc.setQueryData(fieldKeys.workOrder(orgId, wo.id), updated);
      onDone();
    },
  });
  return (
    <div>
      <p className="text-sm text-slate-700">{m.wo.startHint}</p>
      {start.error && !isApiError(start.error, 409) ? <ErrorAlert error={start.error} className="mt-2" /> : null}
      <StickyActions>
        <Button
          size="lg"
          className="w-full"
          pending={start.isPending}
          onClick={() => start.mutate(undefined, { onError: onConflict })}
        >
          {start.isPending ? m.start.pending : m.wo.start}
        </Button>
      </StickyActions>
    </div>
  );
}
