'use client';

import { canApplyWorkOrderAction, type TWorkOrderAction } from '@amms/contracts/maintenance';
import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { ActionBar, BackLink, DetailHeading } from '@/components/detail';
import { Button } from '@/components/ui/button';
import { PersonName } from '@/components/person';
import { ConfirmWithCommentDialog } from '@/components/confirm-with-comment';
import { Card } from '@/components/ui/card';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { ApiError, isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime, formatNumber } from '@/lib/format';
import { enumLabels, priorityText } from '@/lib/labels';
import { formatFenExact } from '@/lib/money';
import { orgPath } from '@/lib/nav';
import { Fact, Facts } from '@/components/ui/facts';
import { maintenanceMessages } from './messages';
import { useWorkOrderAction } from './mutations';
import { workOrderQuery } from './queries';
import { WorkOrderStatusBadge, WorkOrderTypeBadge, woNumber } from './ui';
import { Checklist } from './work-order-checklist';
import { ReasonDialog, SubmitDialog } from './work-order-dialogs';
import { Labour } from './work-order-labour';
import { Parts } from './work-order-parts';
import { AttachmentPanel } from '@/components/attachments/attachment-panel';

type Props = {
  orgId: string;
  workOrderId: string;
  timeZone: string;
  permissions: TPermission[];
  myMembershipId: string;
  /** the order's parts from stock (features/inventory, given by the page: maintenance does not import inventory) */
  stockParts?: ReactNode;
};
type Open = null | 'submit' | 'accept' | 'reject' | 'cancel';

export function WorkOrderDetail({ orgId, workOrderId, timeZone, permissions, myMembershipId, stockParts }: Props) {
  const m = useMessages(maintenanceMessages);
  const labels = useMessages(enumLabels);
  const { locale } = useI18n();
  const [open, setOpen] = useState<Open>(null);
  const q = useQuery(workOrderQuery(orgId, workOrderId));
  const action = useWorkOrderAction(orgId, workOrderId);

  if (q.isPending) return <Loading />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const wo = q.data;
  const can = (p: TPermission) => permissions.includes(p);
  const applies = (a: TWorkOrderAction) => canApplyWorkOrderAction(wo.status, a);
  const dt = (iso: string | null) => formatDateTime(iso, locale, timeZone);
  const hours = (n: number | null) => (n === null ? '—' : format(m.detail.hours, { n: formatNumber(n, locale, 2) }));
  const selfAcceptance = wo.submittedByMembershipId === myMembershipId || wo.assigneeMembershipId === myMembershipId;
  const selfNote = errorMessage(locale, new ApiError(403, 'SELF_ACCEPTANCE', ''));
  const pendingAction = action.isPending ? action.variables?.action : null;

  const buttons = [
    can('workorder.work') && applies('start') ? (
      <Button
        key="start"
        pending={pendingAction === 'start'}
        disabled={action.isPending}
        onClick={() => action.mutate({ action: 'start', body: { version: wo.version } })}
      >
        {m.actions.start}
      </Button>
    ) : null,
    can('workorder.work') && applies('submit') ? (
      <Button key="submit" onClick={() => setOpen('submit')}>
        {m.actions.submit}
      </Button>
    ) : null,
    can('workorder.accept') && applies('accept') ? (
      <Button
        key="accept"
        pending={pendingAction === 'accept'}
        disabled={action.isPending || selfAcceptance}
        aria-describedby={selfAcceptance ? 'wo-self-acceptance' : undefined}
        onClick={() => setOpen('accept')}
      >
        {m.actions.accept}
      </Button>
    ) : null,
    can('workorder.accept') && applies('reject') ? (
      <Button
        key="reject"
        variant="secondary"
        disabled={action.isPending || selfAcceptance}
        aria-describedby={selfAcceptance ? 'wo-self-acceptance' : undefined}
        onClick={() => setOpen('reject')}
      >
        {m.actions.reject}
      </Button>
    ) : null,
    can('workorder.write') && applies('cancel') ? (
      <Button key="cancel" variant="danger" onClick={() => setOpen('cancel')}>
        {m.actions.cancel}
      </Button>
    ) : null,
    can('cost.write') ? (
      <Link
        key="cost"
        href={orgPath(orgId, `costs/new?assetId=${wo.assetId}&workOrderId=${wo.id}`)}
        className="inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        {m.actions.recordCost}
      </Link>
    ) : null,
  ].filter(Boolean);

  return (
    <div className="space-y-4">
      <BackLink href={orgPath(orgId, 'maintenance')}>{m.detail.back}</BackLink>
      <DetailHeading
        title={
          <>
            <span className="font-mono text-slate-600">{woNumber(wo.number)}</span> {wo.title}
          </>
        }
      >
        <WorkOrderStatusBadge status={wo.status} />
        <WorkOrderTypeBadge type={wo.type} />
      </DetailHeading>

      <ActionBar
        id="wo-actions"
        title={m.detail.actions}
        actions={buttons}
        noActions={m.detail.noActions}
        note={
          selfAcceptance && wo.status === 'AWAITING_ACCEPTANCE' && can('workorder.accept')
            ? { id: 'wo-self-acceptance', text: selfNote }
            : null
        }
        refreshed={action.refreshed ? m.detail.refreshed : null}
        error={action.error}
      />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card id="wo-overview" title={m.detail.overview}>
          <Facts>
            <Fact term={m.detail.machine}>
              <Link
                href={orgPath(orgId, `assets/${wo.assetId}`)}
                className="text-emerald-800 underline-offset-2 hover:underline"
              >
                {wo.assetName}
              </Link>
            </Fact>
            <Fact term={m.detail.type}>{m.type[wo.type]}</Fact>
            <Fact term={m.detail.priority}>{priorityText(labels, wo.priority)}</Fact>
            {wo.description ? <Fact term={m.detail.description}>{wo.description}</Fact> : null}
            {wo.plannedStart ? (
              <Fact term={m.detail.planned}>
                <span className="tabular-nums">
                  {dt(wo.plannedStart)} – {dt(wo.plannedEnd)}
                </span>
              </Fact>
            ) : null}
            <Fact term={m.detail.downtime}>{wo.causesDowntime ? m.detail.downtimeYes : m.detail.downtimeNo}</Fact>
            {wo.people.reportedBy ? (
              <Fact term={m.detail.reportedBy}>
                <PersonName person={wo.people.reportedBy} />
              </Fact>
            ) : null}
            <Fact term={m.detail.assignee}>
              {wo.people.assignee ? <PersonName person={wo.people.assignee} /> : m.detail.nobody}
            </Fact>
            {wo.startedAt ? <Fact term={m.detail.started}>{dt(wo.startedAt)}</Fact> : null}
            {wo.submittedAt ? (
              <Fact term={m.detail.submitted}>
                {dt(wo.submittedAt)} · <PersonName person={wo.people.submittedBy} />
              </Fact>
            ) : null}
            {wo.acceptedAt ? (
              <Fact term={m.detail.accepted}>
                {dt(wo.acceptedAt)} · <PersonName person={wo.people.acceptedBy} />
              </Fact>
            ) : null}
            {wo.acceptanceComment ? <Fact term={m.detail.acceptanceComment}>{wo.acceptanceComment}</Fact> : null}
            {wo.rejectionReason ? <Fact term={m.detail.rejection}>{wo.rejectionReason}</Fact> : null}
            {wo.cancelledAt ? <Fact term={m.detail.cancelled}>{dt(wo.cancelledAt)}</Fact> : null}
            {wo.cancelReason ? <Fact term={m.detail.cancelReason}>{wo.cancelReason}</Fact> : null}
            {wo.meterHours !== null ? <Fact term={m.detail.meter}>{hours(wo.meterHours)}</Fact> : null}
            {wo.laborHours !== null ? <Fact term={m.detail.labor}>{hours(wo.laborHours)}</Fact> : null}
            {wo.resolution ? <Fact term={m.detail.resolution}>{wo.resolution}</Fact> : null}
            <Fact term={m.detail.laborCost}>{formatFenExact(wo.laborCostMinor, locale)}</Fact>
            <Fact term={m.detail.partsCost}>{formatFenExact(wo.partsCostMinor, locale)}</Fact>
            <Fact term={m.detail.totalCost}>
              <strong>{formatFenExact(wo.totalCostMinor, locale)}</strong>
            </Fact>
          </Facts>
        </Card>
        <Checklist orgId={orgId} wo={wo} canWork={can('workorder.work')} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {/* parts: the assigned mechanic while the work runs, a maintenance manager while the order is open */}
        <Parts
          orgId={orgId}
          wo={wo}
          canWork={
            can('workorder.accept') ||
            (can('workorder.work') && wo.assigneeMembershipId === myMembershipId && wo.status === 'IN_PROGRESS')
          }
        />
        <Labour key={`labour-${wo.version}`} orgId={orgId} wo={wo} permissions={permissions} />
      </div>
      {stockParts}
      <AttachmentPanel
        orgId={orgId}
        ownerType="WORK_ORDER"
        ownerId={wo.id}
        canUpload={can('workorder.write')}
        canDelete={can('workorder.write') && wo.status !== 'CLOSED' && wo.status !== 'CANCELLED'}
      />

      {open === 'accept' ? (
        <ConfirmWithCommentDialog
          title={m.accept.title}
          summary={format(m.accept.summary, { number: woNumber(wo.number), asset: wo.assetName })}
          commentLabel={m.accept.comment}
          confirmLabel={m.accept.confirm}
          cancelLabel={m.actions.close}
          pending={action.isPending}
          error={action.error}
          onConfirm={(comment) =>
            action.mutate(
              { action: 'accept', body: { version: wo.version, ...(comment ? { comment } : {}) } },
              { onSuccess: () => setOpen(null), onError: (err) => isApiError(err, 409, 403) && setOpen(null) },
            )
          }
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'submit' ? <SubmitDialog orgId={orgId} wo={wo} onClose={() => setOpen(null)} /> : null}
      {open === 'reject' ? <ReasonDialog orgId={orgId} wo={wo} kind="reject" onClose={() => setOpen(null)} /> : null}
      {open === 'cancel' ? <ReasonDialog orgId={orgId} wo={wo} kind="cancel" onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
