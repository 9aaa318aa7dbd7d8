'use client';

import type { TDocumentDetail } from '@amms/contracts/knowledge';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { documentQuery, isPending } from './api';
import { UploadNotice, VersionCells, versionColumns } from './document-list';
import { knowledgePaths } from './links';
import { knowledgeMessages } from './messages';
import { useDeleteDocument, useUpdateDocument } from './mutations';
import { failureText, useModelNames, VersionStatus } from './ui';
import { formatBytes } from './upload';
import { ModelChecklist } from './model-picker';
import { UploadDialog } from './upload-dialog';
import { DateTimeCell, ListTable, td } from '@/components/ui/data-table';
import { ConfirmDialog, FormDialog, Warning } from '@/components/ui/dialog';
import { formErrors } from '@/lib/form-errors';

type Open = 'edit' | 'version' | 'delete' | null;

/** One manual: what it is, its versions (status refreshing while one is processed), and for admins edit / new version / delete. */
export function DocumentDetail({
  orgId,
  documentId,
  timeZone,
  canManage,
}: {
  orgId: string;
  documentId: string;
  timeZone: string;
  canManage: boolean;
}) {
  const m = useMessages(knowledgeMessages);
  const { locale } = useI18n();
  const { name } = useModelNames(orgId);
  const q = useQuery(documentQuery(orgId, documentId));
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<ReactNode>(null);
  const router = useRouter();

  if (q.isPending) return <Loading />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  const latest = d.latestVersion;
  const current = d.versions.find((v) => v.id === d.currentVersionId) ?? null;
  const editable = canManage && d.organizationId !== null;

  return (
    <div className="space-y-6">
      <p
        role="status"
        aria-live="polite"
        className={
          notice ? 'rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900' : 'sr-only'
        }
      >
        {notice}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <VersionStatus version={latest} showReason={false} />
        {d.organizationId === null ? <Badge tone="violet">{m.docs.platformBadge}</Badge> : null}
        <span className="text-sm text-slate-700">{format(m.docs.versionN, { n: latest.versionNumber })}</span>
      </div>

      {isPending(latest.status) ? (
        <p className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
          {m.detail.processing}
        </p>
      ) : null}
      {latest.status === 'FAILED' ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">{m.detail.failed}</p>
          <p>{failureText(latest, m)}</p>
        </div>
      ) : null}
      {latest.warnings.length > 0 ? (
        <Warning>
          <span className="font-semibold">{m.detail.warnings}: </span>
          {latest.warnings.join('；')}
        </Warning>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card id="kb-doc-facts" title={m.detail.facts}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">{m.detail.source}</dt>
            <dd className="text-slate-900">{d.organizationId === null ? m.docs.sourcePlatform : m.docs.sourceOrg}</dd>
            <dt className="text-slate-600">{m.detail.language}</dt>
            <dd className="text-slate-900">{m.language[d.language]}</dd>
            <dt className="text-slate-600">{m.detail.models}</dt>
            <dd className="text-slate-900">
              {d.machineModelIds.length ? d.machineModelIds.map(name).join('、') : m.docs.noModels}
            </dd>
            <dt className="text-slate-600">{m.detail.current}</dt>
            <dd className="text-slate-900">
              {current ? format(m.docs.versionN, { n: current.versionNumber }) : m.detail.noCurrent}
            </dd>
          </dl>
          {current ? (
            <Link
              href={knowledgePaths.page(orgId, { documentId: d.id, versionId: current.id, page: 1 })}
              className="mt-3 inline-flex min-h-10 items-center text-sm font-semibold text-emerald-800 underline underline-offset-2"
            >
              {m.detail.view}
            </Link>
          ) : null}
        </Card>
        <Card id="kb-doc-actions" title={m.detail.actions}>
          {editable ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setOpen('edit')}>
                {m.detail.edit}
              </Button>
              <Button variant="secondary" onClick={() => setOpen('version')}>
                {m.detail.newVersion}
              </Button>
              <Button variant="danger" onClick={() => setOpen('delete')}>
                {m.detail.delete}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{d.organizationId === null ? m.detail.readOnly : '—'}</p>
          )}
        </Card>
      </div>

      <section aria-labelledby="kb-versions-title" className="space-y-3">
        <h2 id="kb-versions-title" className="text-lg font-semibold text-slate-900">
          {m.detail.versionsTitle}
        </h2>
        <ListTable
          label={m.detail.versionsCaption}
          head={[
            m.detail.cols.version,
            m.detail.cols.file,
            m.detail.cols.size,
            ...versionColumns(m),
            m.detail.cols.uploaded,
            m.detail.cols.ready,
            m.detail.cols.view,
          ]}
        >
          {[...d.versions]
            .sort((a, b) => b.versionNumber - a.versionNumber)
            .map((v) => (
              <tr key={v.id}>
                <th scope="row" className={`${td} whitespace-nowrap font-medium`}>
                  {format(m.docs.versionN, { n: v.versionNumber })}
                  {v.id === d.currentVersionId ? (
                    <span className="ml-2">
                      <Badge tone="green">{m.detail.currentBadge}</Badge>
                    </span>
                  ) : null}
                </th>
                <td className={`${td} max-w-56 break-all`}>{v.fileName}</td>
                <td className={`${td} whitespace-nowrap tabular-nums`}>{formatBytes(v.sizeBytes, locale)}</td>
                <VersionCells version={v} />
                <DateTimeCell at={v.createdAt} timeZone={timeZone} />
                <DateTimeCell at={v.readyAt} timeZone={timeZone} empty="—" />
                <td className={td}>
                  {v.status === 'READY' && v.pageCount ? (
                    <Link
                      href={knowledgePaths.page(orgId, { documentId: d.id, versionId: v.id, page: 1 })}
                      aria-label={`${format(m.docs.versionN, { n: v.versionNumber })}: ${m.detail.view}`}
                      className="text-emerald-800 underline underline-offset-2"
                    >
                      {m.detail.view}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
        </ListTable>
      </section>

      {open === 'edit' ? (
        <EditDialog
          orgId={orgId}
          document={d}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            setNotice(m.detail.saved);
            router.refresh(); // the page header shows the title
          }}
        />
      ) : null}
      {open === 'version' ? (
        <UploadDialog
          orgId={orgId}
          target={{ kind: 'version', document: d }}
          onClose={() => setOpen(null)}
          onDone={(result) => {
            setOpen(null);
            setNotice(<UploadNotice orgId={orgId} result={result} />);
          }}
        />
      ) : null}
      {open === 'delete' ? <DeleteDialog orgId={orgId} document={d} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function EditDialog({
  orgId,
  document: d,
  onClose,
  onSaved,
}: {
  orgId: string;
  document: TDocumentDetail;
  onClose: () => void;
  onSaved: () => void;
}) {
  const m = useMessages(knowledgeMessages);
  const { models, query: modelsQuery } = useModelNames(orgId);
  const [title, setTitle] = useState(d.title);
  const [modelIds, setModelIds] = useState(d.machineModelIds);
  const [local, setLocal] = useState<string | null>(null);
  const save = useUpdateDocument(orgId, d.id, onSaved);
  const errors = formErrors(save.error, { top: true, fields: { title: m.upload.titleRequired } });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setLocal(m.upload.titleRequired);
    setLocal(null);
    save.mutate({ title: title.trim(), machineModelIds: modelIds });
  };
  return (
    <FormDialog
      title={m.detail.editTitle}
      wide
      pending={save.isPending}
      error={Object.keys(errors).length ? null : save.error}
      submitLabel={m.detail.save}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={m.upload.titleField}
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
        error={local ?? errors.title}
      />
      <ModelChecklist
        models={models}
        loading={modelsQuery.isPending}
        value={modelIds}
        onChange={setModelIds}
        error={errors.machineModelIds}
      />
    </FormDialog>
  );
}

function DeleteDialog({
  orgId,
  document: d,
  onClose,
}: {
  orgId: string;
  document: TDocumentDetail;
  onClose: () => void;
}) {
  const m = useMessages(knowledgeMessages);
  const router = useRouter();
  // leave first: the page's own query would only fetch a 404 now
  const remove = useDeleteDocument(orgId, d.id, () => router.push(knowledgePaths.documents(orgId)));
  return (
    <ConfirmDialog
      title={m.detail.deleteTitle}
      confirmLabel={m.detail.deleteConfirm}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
      pending={remove.isPending}
      error={remove.error}
    >
      <p>{format(m.detail.deleteBody, { title: d.title })}</p>
    </ConfirmDialog>
  );
}
