'use client';

import { ZListDocumentsResponse, type TDocumentVersion, type TUploadResponse } from '@amms/contracts/knowledge';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form';
import { CursorListStates } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { apiFetch } from '@/lib/api-client';
import { orgApi } from '@/lib/org-api';
import { documentsQuery, isPending, knowledgeKeys, type DocumentFilter } from './api';
import { knowledgePaths } from './links';
import { knowledgeMessages, type KnowledgeMessages } from './messages';
import { useModelNames, VersionStatus } from './ui';
import { UploadDialog } from './upload-dialog';
import { DateTimeCell, ListSection, ListTable, td } from '@/components/ui/data-table';

type Source = '' | 'ORG' | 'PLATFORM';

/** The org's manuals and the platform library: status refreshing while any is processed; upload for admins. */
export function DocumentList({ orgId, timeZone, canManage }: { orgId: string; timeZone: string; canManage: boolean }) {
  const m = useMessages(knowledgeMessages);
  const { name } = useModelNames(orgId);
  const [q, setQ] = useState('');
  const [source, setSource] = useState<Source>('');
  const [filter, setFilter] = useState<DocumentFilter>({});
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<ReactNode>(null);
  const { query, rows } = useCursorList(documentsQuery(orgId, filter));
  const processing = rows.some((d) => isPending(d.latestVersion.status));

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...(q.trim() ? { q: q.trim() } : {}), ...(source ? { source } : {}) });
  };

  return (
    <>
      <p
        role="status"
        aria-live="polite"
        className={
          notice
            ? 'mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900'
            : 'sr-only'
        }
      >
        {notice}
      </p>
      <ListSection
        id="kb-docs-title"
        title={m.docs.heading}
        intro={m.docs.intro}
        action={canManage ? <Button onClick={() => setUploading(true)}>{m.docs.upload}</Button> : null}
      >
        <form onSubmit={apply} className="flex flex-wrap items-end gap-3">
          <TextField
            label={m.docs.search}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            maxLength={200}
            className="w-64"
          />
          <SelectField
            label={m.docs.source}
            value={source}
            onChange={(e) => setSource(e.target.value as Source)}
            className="w-44"
          >
            <option value="">{m.docs.allSources}</option>
            <option value="ORG">{m.docs.sourceOrg}</option>
            <option value="PLATFORM">{m.docs.sourcePlatform}</option>
          </SelectField>
          <Button type="submit" variant="secondary">
            {m.docs.apply}
          </Button>
        </form>
        <NoOwnManuals orgId={orgId} canManage={canManage} platformShown={rows.some((d) => d.organizationId === null)} />
        {processing ? <p className="text-sm text-sky-900">{m.docs.processingNote}</p> : null}
        <CursorListStates
          query={query}
          count={rows.length}
          empty={filter.q || filter.source ? m.docs.emptyFiltered : m.docs.empty}
          keepRowsOnError
        >
          <ListTable
            label={m.docs.caption}
            head={[
              m.docs.cols.title,
              m.docs.cols.models,
              m.docs.cols.language,
              ...versionColumns(m),
              m.docs.cols.versions,
              m.docs.cols.updated,
            ]}
          >
            {rows.map((d) => {
              const v = d.latestVersion;
              return (
                <tr key={d.id}>
                  <th scope="row" className={`${td} font-medium`}>
                    <Link
                      href={knowledgePaths.document(orgId, d.id)}
                      className="text-emerald-800 underline-offset-2 hover:underline"
                    >
                      {d.title}
                    </Link>
                    {d.organizationId === null ? (
                      <span className="ml-2">
                        <Badge tone="violet">{m.docs.platformBadge}</Badge>
                      </span>
                    ) : null}
                  </th>
                  <td className={`${td} max-w-56 text-slate-700`}>
                    {d.machineModelIds.length > 0 ? d.machineModelIds.map(name).join('、') : m.docs.noModels}
                  </td>
                  <td className={td}>{m.language[d.language]}</td>
                  <VersionCells version={v} />
                  <td className={`${td} tabular-nums`}>{v.versionNumber}</td>
                  <DateTimeCell at={d.updatedAt} timeZone={timeZone} />
                </tr>
              );
            })}
          </ListTable>
        </CursorListStates>
      </ListSection>
      {uploading ? (
        <UploadDialog
          orgId={orgId}
          target={{ kind: 'new' }}
          onClose={() => setUploading(false)}
          onDone={(result) => {
            setUploading(false);
            setNotice(<UploadNotice orgId={orgId} result={result} />);
          }}
        />
      ) : null}
    </>
  );
}

/** "2 pages: 3, 7" → the pages read by OCR, listed when few */
function ocrText(pages: number[], m: KnowledgeMessages): string {
  if (pages.length === 0) return '0';
  return pages.length <= 3 ? pages.join(', ') : format(m.docs.ocrCount, { n: pages.length });
}

/** The titles of VersionCells' columns. */
export const versionColumns = (m: KnowledgeMessages) => [m.docs.cols.status, m.docs.cols.pages, m.docs.cols.ocr];

/** A version's cells in a documents or versions table: its state, its pages, the pages read by OCR. */
export function VersionCells({ version }: { version: TDocumentVersion }) {
  const m = useMessages(knowledgeMessages);
  return (
    <>
      <td className={td}>
        <VersionStatus version={version} />
      </td>
      <td className={`${td} tabular-nums`}>{version.pageCount ?? '—'}</td>
      <td className={`${td} tabular-nums`}>{ocrText(version.ocrPages, m)}</td>
    </>
  );
}

/** What an upload did: stored and processing, or recognised as a file already there. */
export function UploadNotice({ orgId, result }: { orgId: string; result: TUploadResponse }) {
  const m = useMessages(knowledgeMessages);
  const text = format(result.duplicate ? m.upload.duplicate : m.upload.done, {
    title: result.document.title,
    n: result.version.versionNumber,
  });
  return (
    <>
      {text}{' '}
      <Link
        href={knowledgePaths.document(orgId, result.document.id)}
        className="font-semibold underline underline-offset-2"
      >
        {m.upload.openDocument}
      </Link>
    </>
  );
}

/** No manual of the org's own yet: what manuals do here, and the next step (the admin's, or asking one). */
function NoOwnManuals({
  orgId,
  canManage,
  platformShown,
}: {
  orgId: string;
  canManage: boolean;
  platformShown: boolean;
}) {
  const m = useMessages(knowledgeMessages);
  const own = useQuery({
    queryKey: [...knowledgeKeys.documents(orgId), 'own-any'],
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, 'documents?source=ORG&limit=1'), ZListDocumentsResponse, { signal }),
  });
  if (!own.data || own.data.items.length > 0) return null;
  const t = m.docs.noOwn;
  return (
    <section
      aria-label={t.title}
      className="space-y-1 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
    >
      <h3 className="font-semibold">{t.title}</h3>
      <p>{t.what}</p>
      {platformShown ? <p>{t.platform}</p> : null}
      <p className="font-medium">{canManage ? t.nextAdmin : t.nextOther}</p>
    </section>
  );
}
