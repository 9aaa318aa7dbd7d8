'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { pageImageUrl, pageQuery } from './api';
import { highlightParts } from './highlight';
import { knowledgeMessages } from './messages';

const linkClass =
  'font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

type Props = {
  orgId: string;
  documentId: string;
  versionId: string;
  page: number;
  /** the cited snippet(s) to highlight on this page */
  highlight: string[];
  /** the link to another page of the same version (highlight not carried over) */
  pageHref: (page: number) => string;
  /** the dashboard's document page (the field app has none) */
  documentHref?: string;
  /** the field app: one column, and the manual's title is the page's h1 */
  compact?: boolean;
};

/**
 * One physical page of a manual's version, as a citation opens it: the page's text with the cited
 * snippet highlighted (scrolled to), the rendered page image, previous / next, and a warning when
 * the version is no longer the current one (old citations still open the page they cited).
 */
export function PageViewer({
  orgId,
  documentId,
  versionId,
  page,
  highlight,
  pageHref,
  documentHref,
  compact = false,
}: Props) {
  const m = useMessages(knowledgeMessages);
  const q = useQuery(pageQuery(orgId, documentId, versionId, page));
  const [imageFailed, setImageFailed] = useState(false);
  const parts = useMemo(() => (q.data ? highlightParts(q.data.text, highlight) : []), [q.data, highlight]);
  const marked = parts.some((p) => p.mark);

  useEffect(() => {
    if (marked) document.getElementById('kb-mark-0')?.scrollIntoView({ block: 'center' });
  }, [marked]);
  useEffect(() => setImageFailed(false), [documentId, versionId, page]);

  if (q.isPending) return <Loading />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const p = q.data;
  const Sub = compact ? 'h2' : 'h3';
  let markIndex = 0;

  const pager = (landmark: boolean) => {
    const Box = landmark ? 'nav' : 'div';
    return (
      <Box aria-label={landmark ? m.viewer.pagesNav : undefined} className="flex items-center justify-between gap-2">
        {p.page > 1 ? (
          <Link href={pageHref(p.page - 1)} rel="prev" className={`${linkClass} inline-flex min-h-12 items-center`}>
            ← {m.viewer.prev}
          </Link>
        ) : (
          <span />
        )}
        <span className="text-sm text-slate-700">
          {format(m.viewer.pageOf, { label: p.pageLabel, page: p.page, count: p.pageCount })}
        </span>
        {p.page < p.pageCount ? (
          <Link href={pageHref(p.page + 1)} rel="next" className={`${linkClass} inline-flex min-h-12 items-center`}>
            {m.viewer.next} →
          </Link>
        ) : (
          <span />
        )}
      </Box>
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        {compact ? (
          <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-slate-900">{p.title}</h1>
        ) : (
          <h2 className="min-w-0 break-words text-lg font-semibold text-slate-900">{p.title}</h2>
        )}
        {p.ocr ? <Badge tone="amber">{m.viewer.ocr}</Badge> : null}
      </div>
      {!p.current ? (
        <div role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p>{m.viewer.notCurrent}</p>
          {documentHref ? (
            <Link href={documentHref} className={linkClass}>
              {m.viewer.openDocument}
            </Link>
          ) : null}
        </div>
      ) : null}
      {pager(true)}

      <div className={compact ? 'space-y-4' : 'grid gap-4 lg:grid-cols-2'}>
        <section aria-labelledby="kb-page-text" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
          <Sub id="kb-page-text" className="mb-2 text-base font-semibold text-slate-900">
            {m.viewer.textTitle}
          </Sub>
          {p.ocr ? <p className="mb-2 text-xs text-slate-700">{m.viewer.ocrNote}</p> : null}
          {highlight.length > 0 && marked ? (
            <p className="mb-2 text-xs text-slate-700">{m.viewer.highlighted}</p>
          ) : null}
          {highlight.length > 0 && !marked ? (
            <div className="mb-3 text-sm text-slate-800">
              <p>{m.viewer.snippetNotFound}</p>
              {highlight.map((h, i) => (
                <blockquote key={i} className="mt-1 border-l-4 border-amber-500 bg-amber-50 px-3 py-1">
                  {h}
                </blockquote>
              ))}
            </div>
          ) : null}
          {p.text.trim() ? (
            <div className="whitespace-pre-wrap break-words text-sm leading-7 text-slate-900">
              {parts.map((part, i) =>
                part.mark ? (
                  <mark key={i} id={`kb-mark-${markIndex++}`} className="rounded bg-yellow-200 px-0.5 text-slate-950">
                    {part.text}
                  </mark>
                ) : (
                  <span key={i}>{part.text}</span>
                ),
              )}
            </div>
          ) : (
            <p className="text-sm text-slate-600">{m.viewer.noText}</p>
          )}
        </section>

        <section aria-labelledby="kb-page-image" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
          <Sub id="kb-page-image" className="mb-2 text-base font-semibold text-slate-900">
            {m.viewer.imageTitle}
          </Sub>
          {imageFailed ? (
            <p className="text-sm text-slate-700">{m.viewer.imageFailed}</p>
          ) : (
            <img
              src={pageImageUrl(orgId, documentId, versionId, p.page)}
              alt={format(m.viewer.imageAlt, { title: p.title, label: p.pageLabel })}
              onError={() => setImageFailed(true)}
              className="h-auto min-h-40 w-full rounded border border-slate-200 bg-slate-50"
            />
          )}
        </section>
      </div>
      {pager(false)}
    </div>
  );
}
