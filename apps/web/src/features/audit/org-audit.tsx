'use client';

import { AUDIT_EVENT_SORTS, type TAuditEventSort } from '@amms/contracts/audit';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { EnumSelect } from '@/components/ui/enum-select';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form';
import { PlainTable } from '@/components/ui/data-table';
import { CursorListStates, SortSelect } from '@/components/ui/list';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { cursorListQuery, useCursorList } from '@/lib/cursor-list';
import { formatDateTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { useQueryChoice } from '@/lib/url-query';
import { auditKeys, fetchAuditPage } from './queries';
import { useDescribeActor, useDescribeEvent } from './describe';
import { auditMessages } from './messages';
import { VerifyChain } from './verify-chain';

const ENTITY_TYPES = [
  'draft',
  'agent_run',
  'execution',
  'job',
  'asset',
  'field',
  'work_order',
  'cost_document',
  'membership',
  'team',
  'api_key',
  'machine_model',
] as const;

/** newest first: people open the log to see what just happened; the chain order is one choice away */
const DEFAULT_SORT: TAuditEventSort = '-createdAt';

/** The org's audit log (newest first or chain order, paginated) and the chain verification on demand. */
export function OrgAudit({ orgId, timeZone, myUserId }: { orgId: string; timeZone: string; myUserId: string }) {
  const m = useMessages(auditMessages);
  const { locale } = useI18n();
  const describe = useDescribeEvent(orgId);
  const actorOf = useDescribeActor(myUserId);
  const [entityType, setEntityType] = useState('');
  const [action, setAction] = useState('');
  const [filter, setFilter] = useState({ entityType: '', action: '' });
  const [sort, setSort] = useQueryChoice('sort', AUDIT_EVENT_SORTS, DEFAULT_SORT);
  const listFilter = { ...filter, sort };

  const { query: q, rows: items } = useCursorList(
    cursorListQuery(auditKeys.list(orgId, listFilter), (cursor, signal) =>
      fetchAuditPage(orgId, listFilter, cursor, signal),
    ),
  );

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ entityType, action: action.trim() });
  };

  return (
    <div className="space-y-5">
      <VerifyChain orgId={orgId} auto={false} />
      <section aria-labelledby="audit-list-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="audit-list-title" className="mb-3 text-base font-semibold text-slate-900">
          {m.orgTitle}
        </h2>
        <form onSubmit={apply} className="mb-4 flex flex-wrap items-end gap-3">
          <EnumSelect
            label={m.filterEntity}
            value={entityType}
            onChange={(v) => setEntityType(v)}
            anyLabel={m.allTypes}
            values={ENTITY_TYPES}
            optionLabel={(t) => m.entityTypes[t] ?? t}
            className="w-44"
          />
          <TextField
            label={m.filterAction}
            value={action}
            onChange={(e) => setAction(e.target.value)}
            maxLength={100}
            className="w-64"
          />
          <Button type="submit" variant="secondary">
            {m.apply}
          </Button>
          <SortSelect
            value={sort}
            options={[
              { value: '-createdAt', label: m.newestFirst },
              { value: 'seq', label: m.chainOrder },
            ]}
            onChange={setSort}
            className="w-52"
          />
        </form>
        <CursorListStates query={q} count={items.length} empty={m.noEvents}>
          <PlainTable className="w-full min-w-[48rem]" head={[m.colSeq, m.colTime, m.colWhat, m.colActor, m.colEntity]}>
            {items.map((e) => {
              const d = describe(e);
              return (
                <tr key={e.id}>
                  <th scope="row" className="py-2 pr-4 font-mono text-xs font-normal text-slate-700">
                    {e.seq}
                  </th>
                  <td className="whitespace-nowrap py-2 pr-4 text-slate-700">
                    {formatDateTime(e.createdAt, locale, timeZone)}
                  </td>
                  <td className="py-2 pr-4">
                    <span className="break-words text-slate-900">{d.text}</span>
                    {d.text !== e.action ? (
                      <span className="block font-mono text-xs text-slate-500">{e.action}</span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-4 text-slate-700">{actorOf(e)}</td>
                  <td className="py-2 text-xs text-slate-700">
                    {e.entityType === 'draft' && e.entityId ? (
                      <Link
                        href={orgPath(orgId, `drafts/${e.entityId}/audit`)}
                        className="text-emerald-800 underline underline-offset-2"
                      >
                        {m.entityTypes.draft} {e.entityId.slice(0, 8)}
                      </Link>
                    ) : (
                      <span>
                        <span>{e.entityType ? (m.entityTypes[e.entityType] ?? e.entityType) : '—'}</span>{' '}
                        <span className="font-mono">{e.entityId?.slice(0, 8) ?? ''}</span>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </PlainTable>
        </CursorListStates>
      </section>
    </div>
  );
}
