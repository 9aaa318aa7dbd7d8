'use client';

import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { ListStates } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { documentsQuery } from './api';
import { knowledgePaths } from './links';
import { knowledgeMessages } from './messages';
import { VersionStatus } from './ui';

const linkClass = 'text-emerald-800 underline-offset-2 hover:underline';

/** The machine page's card: the manuals of this machine's model (the org's and the platform's), and "ask the manual" for it. */
export function AssetManuals({ orgId, assetId }: { orgId: string; assetId: string }) {
  const m = useMessages(knowledgeMessages);
  const { query, rows } = useCursorList(documentsQuery(orgId, { assetId, limit: 20 }));
  return (
    <Card
      id="asset-manuals"
      title={m.asset.title}
      actions={
        <Link
          href={knowledgePaths.ask(orgId, { asset: assetId })}
          className="inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {m.asset.ask}
        </Link>
      }
    >
      <ListStates query={query} count={rows.length} empty={m.asset.empty}>
        <ul className="divide-y divide-slate-100">
          {rows.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 break-words">
                <Link href={knowledgePaths.document(orgId, d.id)} className={`${linkClass} font-medium`}>
                  {d.title}
                </Link>
                <span className="text-slate-600">
                  {' '}
                  · {m.language[d.language]} · {format(m.docs.versionN, { n: d.latestVersion.versionNumber })}
                  {d.latestVersion.pageCount ? ` · ${format(m.docs.pageCount, { n: d.latestVersion.pageCount })}` : ''}
                </span>
              </span>
              <VersionStatus version={d.latestVersion} />
            </li>
          ))}
        </ul>
      </ListStates>
    </Card>
  );
}
