'use client';

import type { TCostDocumentDetailView } from '@amms/contracts/costs';
import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { PersonName } from '@/components/person';
import { ConfirmWithCommentDialog } from '@/components/confirm-with-comment';
import { ReasonDialog } from '@/components/reason-dialog';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ActionBar, BackLink, DetailHeading } from '@/components/detail';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AttachmentPanel } from '@/components/attachments/attachment-panel';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { ApiError, isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime, formatNumber } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { formatFenExact } from '@/lib/money';
import { DataTable, numTdClass, rightHead, tdClass } from '@/components/ui/data-table';
import { Fact, Facts } from '@/components/ui/facts';
import { useCostAction, useDeleteCostDocument, type CostAction } from './mutations';
import { costDocumentQuery, docNumber } from './queries';
import { CostForm } from './cost-form';
import { CostLinkedFacts } from './cost-linked-facts';
import { costsMessages } from './messages';
import { CostStatusBadge, isOwnDocument } from './ui';
import { useFieldErrors } from '@/lib/form-errors';

type Props = { orgId: string; documentId: string; timeZone: string; permissions: TPermission[]; myUserId: string };
export function CostDetail({ orgId, documentId, timeZone, permissions, myUserId }: Props) {
  const m = useMessages(costsMessages);
  const { locale } = useI18n();
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<null | 'approve' | 'reject' | 'delete'>(null);
  const q = useQuery(costDocumentQuery(orgId, documentId));
  const action = useCostAction(orgId, documentId);

  if (q.isPending) return <Loading />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const doc = q.data;
  const can = (p: TPermission) => permissions.includes(p);
  const dt = (iso: string | null) => formatDateTime(iso, locale, timeZone);
  const mine = isOwnDocument(doc, myUserId);
  const selfNote = errorMessage(locale, new ApiError(403, 'SELF_APPROVAL', ''));
  const pending = action.isPending ? action.variables?.action : null;
  const run = (a: CostAction, body: object = {}) =>
    action.mutate({ action: a, body: { version: doc.version, ...body } });

  if (editing) {
    return (
      <div className="space-y-4">
        <h2 className="text-xl font-semibold text-slate-900">
          {format(m.form.editTitle, { number: docNumber(doc.number) })}
        </h2>
        <CostForm orgId={orgId} timeZone={timeZone} existing={doc} onDone={() => setEditing(false)} />
      </div>
    );
  }

  const buttons = [
    can('cost.write') && doc.status === 'DRAFT' ? (
      <Button key="submit" pending={pending === 'submit'} disabled={action.isPending} onClick={() => run('submit')}>
        {m.actions.submit}
      </Button>
    ) : null,
    can('cost.write') && doc.status === 'DRAFT' ? (
      <Button key="edit" variant="secondary" disabled={action.isPending} onClick={() => setEditing(true)}>
        {m.actions.edit}
      </Button>
    ) : null,
    can('cost.approve') && doc.status === 'SUBMITTED' ? (
      <Button
        key="approve"
        pending={pending === 'approve'}
        disabled={action.isPending || mine}
        aria-describedby={mine ? 'cost-self-approval' : undefined}
        onClick={() => setDialog('approve')}
      >
        {m.actions.approve}
      </Button>
    ) : null,
    can('cost.approve') && doc.status === 'SUBMITTED' ? (
      <Button
        key="reject"
        variant="secondary"
        disabled={action.isPending || mine}
        aria-describedby={mine ? 'cost-self-approval' : undefined}
        onClick={() => setDialog('reject')}
      >
        {m.actions.reject}
      </Button>
    ) : null,
    can('cost.write') && doc.status === 'REJECTED' ? (
      <Button key="reopen" pending={pending === 'reopen'} disabled={action.isPending} onClick={() => run('reopen')}>
        {m.actions.reopen}
      </Button>
    ) : null,
    can('cost.write') && doc.status === 'DRAFT' ? (
      <Button key="delete" variant="danger" disabled={action.isPending} onClick={() => setDialog('delete')}>
        {m.actions.delete}
      </Button>
    ) : null,
  ].filter(Boolean);

  return (
    <div className="space-y-4">
      <BackLink href={orgPath(orgId, 'costs')}>{m.detail.back}</BackLink>
      <DetailHeading title={format(m.detail.title, { number: docNumber(doc.number) })}>
        <CostStatusBadge status={doc.status} />
        <span className="text-lg font-semibold tabular-nums text-slate-900">
          {formatFenExact(doc.totalMinor, locale)}
        </span>
      </DetailHeading>

      <ActionBar
        id="cost-actions"
        title={m.detail.actions}
        actions={buttons}
        noActions={m.detail.noActions}
        note={
          mine && doc.status === 'SUBMITTED' && can('cost.approve')
            ? { id: 'cost-self-approval', text: selfNote }
            : null
        }
        refreshed={action.refreshed ? m.detail.refreshed : null}
        error={action.error}
      />

      <Card id="cost-overview" title={m.detail.overview}>
        <Facts>
          <Fact term={m.detail.category}>{m.category[doc.category]}</Fact>
          <Fact term={m.detail.date}>{doc.documentDate}</Fact>
          {doc.supplier ? <Fact term={m.detail.supplier}>{doc.supplier}</Fact> : null}
          {doc.description ? <Fact term={m.detail.description}>{doc.description}</Fact> : null}
          <Fact term={m.detail.total}>
            <strong className="tabular-nums">{formatFenExact(doc.totalMinor, locale)}</strong>
          </Fact>
          <Fact term={m.detail.createdAt}>
            {dt(doc.createdAt)} · <PersonName person={doc.people.createdBy} />{' '}
            {doc.createdByUserId === myUserId ? m.detail.mine : null}
          </Fact>
          {doc.submittedAt ? (
            <Fact term={m.detail.submittedAt}>
              {dt(doc.submittedAt)} · <PersonName person={doc.people.submittedBy} />{' '}
              {doc.submittedByUserId === myUserId ? m.detail.mine : null}
            </Fact>
          ) : null}
          {doc.decidedAt ? (
            <Fact term={m.detail.decidedAt}>
              {dt(doc.decidedAt)} · <PersonName person={doc.people.decidedBy} />{' '}
              {doc.decidedByUserId === myUserId ? m.detail.mine : null}
            </Fact>
          ) : null}
          {doc.rejectionReason ? <Fact term={m.detail.rejection}>{doc.rejectionReason}</Fact> : null}
          {doc.decisionComment ? <Fact term={m.detail.decisionComment}>{doc.decisionComment}</Fact> : null}
          <CostLinkedFacts orgId={orgId} doc={doc} permissions={permissions} />
        </Facts>
      </Card>

      <Card id="cost-lines" title={m.detail.lines}>
        <Lines doc={doc} />
      </Card>

      <AttachmentPanel
        orgId={orgId}
        ownerType="COST_DOCUMENT"
        ownerId={doc.id}
        canUpload={can('cost.write')}
        canDelete={can('cost.write') && doc.status !== 'APPROVED'}
      />

      {/* a decided document closes its dialog at once: the new status is shown while the lists refresh */}
      {dialog === 'approve' && doc.status === 'SUBMITTED' ? (
        <ConfirmWithCommentDialog
          title={m.approve.title}
          summary={format(m.approve.summary, {
            number: docNumber(doc.number),
            total: formatFenExact(doc.totalMinor, locale),
          })}
          commentLabel={m.approve.comment}
          confirmLabel={m.approve.confirm}
          cancelLabel={m.actions.close}
          pending={action.isPending}
          error={action.error}
          onConfirm={(comment) =>
            action.mutate(
              { action: 'approve', body: { version: doc.version, ...(comment ? { comment } : {}) } },
              { onSuccess: () => setDialog(null), onError: (err) => isApiError(err, 409, 403) && setDialog(null) },
            )
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'reject' && doc.status === 'SUBMITTED' ? (
        <RejectDialog doc={doc} action={action} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'delete' ? <DeleteDialog orgId={orgId} doc={doc} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

function Lines({ doc }: { doc: TCostDocumentDetailView }) {
  const m = useMessages(costsMessages);
  const { locale } = useI18n();
  if (doc.lines.length === 0) return <p className="text-sm text-slate-600">{m.detail.noLines}</p>;
  return (
    <DataTable
      caption={m.form.linesCaption}
      className="min-w-[36rem]"
      head={[m.form.lineDescription, rightHead(m.form.quantity), rightHead(m.form.unitPrice), rightHead(m.form.amount)]}
      foot={
        <tfoot>
          <tr className="border-t border-slate-300">
            <th scope="row" colSpan={3} className={`${tdClass} text-right font-semibold`}>
              {m.form.total}
            </th>
            <td className={`${numTdClass} font-bold`}>{formatFenExact(doc.totalMinor, locale)}</td>
          </tr>
        </tfoot>
      }
    >
      {doc.lines.map((l) => (
        <tr key={l.id}>
          <th scope="row" className={`${tdClass} text-left font-normal`}>
            {l.description}
          </th>
          <td className={numTdClass}>
            {formatNumber(l.quantity, locale, 3)} {l.unit ?? ''}
          </td>
          <td className={numTdClass}>{formatFenExact(l.unitPriceMinor, locale)}</td>
          <td className={numTdClass}>{formatFenExact(l.amountMinor, locale)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function RejectDialog({
  doc,
  action,
  onClose,
}: {
  doc: TCostDocumentDetailView;
  action: ReturnType<typeof useCostAction>;
  onClose: () => void;
}) {
  const m = useMessages(costsMessages);
  const errs = useFieldErrors(action.error);
  return (
    <ReasonDialog
      title={m.reject.title}
      label={m.reject.reason}
      maxLength={1000}
      submitLabel={m.reject.confirm}
      cancelLabel={m.actions.close}
      pending={action.isPending}
      error={action.error}
      fieldError={errs.reason}
      onSubmit={(reason) =>
        action.mutate(
          { action: 'reject', body: { version: doc.version, reason } },
          { onSuccess: onClose, onError: (err) => isApiError(err, 409, 403) && onClose() },
        )
      }
      onClose={onClose}
    />
  );
}

function DeleteDialog({ orgId, doc, onClose }: { orgId: string; doc: TCostDocumentDetailView; onClose: () => void }) {
  const m = useMessages(costsMessages);
  const router = useRouter();
  const remove = useDeleteCostDocument(orgId, doc.id, () => router.push(orgPath(orgId, 'costs')));
  return (
    <Dialog title={m.remove.title} onClose={onClose}>
      <div className="space-y-4">
        <p className="text-sm text-slate-800">{m.remove.confirm}</p>
        <ErrorAlert error={remove.error} />
        <FormActions cancelLabel={m.actions.close} onCancel={onClose}>
          <Button variant="danger" pending={remove.isPending} onClick={() => remove.mutate()}>
            {m.remove.submit}
          </Button>
        </FormActions>
      </div>
    </Dialog>
  );
}
