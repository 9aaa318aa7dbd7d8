'use client';

import { DRAFT_SORTS, ZDraftStatus, type TDraftSort } from '@amms/contracts/drafts';
import Link from 'next/link';
import { useState } from 'react';
import { EnumSelect } from '@/components/ui/enum-select';
import { Badge } from '@/components/ui/badge';
import { CursorListStates, HeadRow, ListCard, listMessages, SortSelect } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { formatDateTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { useQueryChoice } from '@/lib/url-query';
import { draftListQuery } from './queries';
import { labelMessages } from '@/lib/draft-labels';
import { draftMessages } from './messages';
import { draftStatusTone } from './tones';

/** newest first: the draft just produced by the agent is on top */
const DEFAULT_SORT: TDraftSort = '-createdAt';

export function DraftsList({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(draftMessages);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const lm = useMessages(listMessages);
  const [status, setStatus] = useState('');
  const [sort, setSort] = useQueryChoice('sort', DRAFT_SORTS, DEFAULT_SORT);

  const { query: q, rows: items } = useCursorList(draftListQuery(orgId, status, sort));

  return (
    <ListCard
      id="drafts-list-title"
      heading={m.listTitle}
      headerClassName="mb-3 flex flex-wrap items-end justify-between gap-3"
      actions={
        <div className="flex flex-wrap items-end gap-3">
          <EnumSelect
            label={m.filterStatus}
            value={status}
            onChange={(v) => setStatus(v)}
            anyLabel={m.all}
            values={ZDraftStatus.options}
            optionLabel={(s) => l.draftStatus[s]}
            className="w-48"
          />
          <SortSelect
            value={sort}
            options={[
              { value: '-createdAt', label: lm.newestFirst },
              { value: 'createdAt', label: lm.oldestFirst },
            ]}
            onChange={setSort}
            className="w-40"
          />
        </div>
      }
    >
      <CursorListStates query={q} count={items.length} empty={m.noDrafts}>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
              <HeadRow
                className="py-2 pr-3 font-semibold"
                lastClassName="py-2 font-semibold"
                cells={[m.colTitle, m.colKind, m.colStatus, m.colVersion, m.colCreated]}
              />
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((d) => (
                <tr key={d.id}>
                  <th scope="row" className="max-w-xs py-2 pr-3 font-medium">
                    <Link
                      href={orgPath(orgId, `drafts/${d.id}`)}
                      className="break-words text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-700"
                    >
                      {d.title}
                    </Link>
                  </th>
                  <td className="py-2 pr-3 text-slate-700">{l.draftKind[d.kind]}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={draftStatusTone(d.status)}>{l.draftStatus[d.status]}</Badge>
                    {d.status === 'OPEN' && d.confirmedVersion !== null ? (
                      <span className="ml-1 text-xs text-emerald-800">
                        ✓ {format(m.versionN, { n: d.confirmedVersion })}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3 text-slate-700">{format(m.versionN, { n: d.currentVersion })}</td>
                  <td className="whitespace-nowrap py-2 text-slate-700">
                    {formatDateTime(d.createdAt, locale, timeZone)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CursorListStates>
    </ListCard>
  );
}
