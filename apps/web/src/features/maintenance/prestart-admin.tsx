'use client';

import {
  PRESTART_KINDS,
  ZListPrestartListsResponse,
  type TListPrestartListsResponse,
  type TPrestartList,
  type TPutPrestartListRequest,
} from '@amms/contracts/prestart';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Checkbox, SelectField, TextField } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { apiFetch } from '@/lib/api-client';
import { enumLabels } from '@/lib/labels';
import { fetchAllPages, orgApi } from '@/lib/org-api';
import { ZListMachineModelsResponse } from '@amms/contracts/assets';
import { orgKey } from '@/lib/query-keys';
import { prestartAdminMessages } from './prestart-admin-messages';

/** The models the org can see (platform and its own), for the scope picker. */
const modelsQuery = (orgId: string) =>
  queryOptions({
    queryKey: orgKey(orgId, 'maintenance', 'prestart-models'),
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (await fetchAllPages(orgApi(orgId, 'machine-models'), ZListMachineModelsResponse, signal)).items.sort((a, b) =>
        `${a.manufacturer} ${a.name}`.localeCompare(`${b.manufacturer} ${b.name}`),
      ),
  });

const listsQuery = (orgId: string) =>
  queryOptions({
    queryKey: orgKey(orgId, 'maintenance', 'prestart-lists'),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, 'prestart-lists'), ZListPrestartListsResponse, { signal }),
  });

type Row = { label: string; blocksStart: boolean; sourceTitle: string; sourcePage: string };
const scopeKey = (l: Pick<TPrestartList, 'modelId' | 'kind'>) => (l.modelId ? `m:${l.modelId}` : `k:${l.kind}`);

/** Every list of the org, and an editor for one model's or kind's list (the whole list is saved at once). */
export function PrestartAdmin({ orgId, canEdit }: { orgId: string; canEdit: boolean }) {
  const p = useMessages(prestartAdminMessages);
  const e = useMessages(enumLabels);
  const lists = useQuery(listsQuery(orgId));
  const models = useQuery({ ...modelsQuery(orgId), enabled: canEdit });
  const [scope, setScope] = useState('');
  if (lists.isPending) return <Loading />;
  if (lists.isError) return <QueryError error={lists.error} onRetry={() => void lists.refetch()} />;
  const title = (l: TPrestartList) => l.modelName ?? fill(p.kind, { kind: e.kind[l.kind!] });
  const current = lists.data.items.find((l) => scopeKey(l) === scope);
  return (
    <section aria-labelledby="prestart-heading" className="mt-4 space-y-4">
      <h2 id="prestart-heading" className="text-lg font-semibold text-slate-900">
        {p.heading}
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">{p.intro}</p>
      {lists.data.items.length === 0 ? <p className="text-sm text-slate-600">{p.empty}</p> : null}
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {lists.data.items.map((l) => (
          <li key={scopeKey(l)} className="rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="min-w-0 break-words font-semibold text-slate-900">{title(l)}</h3>
              <span className="flex items-center gap-2">
                <Badge>{fill(p.count, { n: l.items.length })}</Badge>
                {canEdit ? (
                  <Button size="sm" variant="secondary" onClick={() => setScope(scopeKey(l))}>
                    {p.edit}
                  </Button>
                ) : null}
              </span>
            </div>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800">
              {l.items.map((i) => (
                <li key={i.id} className="break-words">
                  {i.label} {i.blocksStart ? <Badge tone="amber">{p.mustPass}</Badge> : null}
                  {i.sourceTitle ? (
                    <span className="block text-xs text-slate-600">
                      {fill(p.source, { title: i.sourceTitle, page: i.sourcePage ?? '—' })}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
      {canEdit ? (
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <SelectField label={p.scope} value={scope} onChange={(ev) => setScope(ev.target.value)}>
            <option value="">{p.pick}</option>
            {PRESTART_KINDS.map((k) => (
              <option key={k} value={`k:${k}`}>
                {fill(p.kind, { kind: e.kind[k] })}
              </option>
            ))}
            {(models.data ?? []).map((mm) => (
              <option key={mm.id} value={`m:${mm.id}`}>
                {`${p.model}: ${mm.manufacturer} ${mm.name}`}
              </option>
            ))}
          </SelectField>
          {scope ? <ListEditor key={scope} orgId={orgId} scope={scope} list={current} /> : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{p.readOnly}</p>
      )}
    </section>
  );
}

function ListEditor({ orgId, scope, list }: { orgId: string; scope: string; list: TPrestartList | undefined }) {
  const p = useMessages(prestartAdminMessages);
  const qc = useQueryClient();
  const [rows, setRows] = useState<Row[]>(
    (list?.items ?? []).map((i) => ({
      label: i.label,
      blocksStart: i.blocksStart,
      sourceTitle: i.sourceTitle ?? '',
      sourcePage: i.sourcePage ?? '',
    })),
  );
  const save = useMutation({
    mutationFn: () => {
      const body: TPutPrestartListRequest = {
        ...(scope.startsWith('m:')
          ? { modelId: scope.slice(2) }
          : { kind: scope.slice(2) as (typeof PRESTART_KINDS)[number] }),
        items: rows
          .filter((r) => r.label.trim())
          .map((r) => ({
            label: r.label.trim(),
            blocksStart: r.blocksStart,
            ...(r.sourceTitle.trim() ? { sourceTitle: r.sourceTitle.trim() } : {}),
            ...(r.sourcePage.trim() ? { sourcePage: r.sourcePage.trim() } : {}),
          })),
      };
      return apiFetch(orgApi(orgId, 'prestart-lists'), ZListPrestartListsResponse, { method: 'PUT', body });
    },
    onSuccess: (data: TListPrestartListsResponse) => qc.setQueryData(listsQuery(orgId).queryKey, data),
  });
  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={(ev) => {
        ev.preventDefault();
        save.mutate();
      }}
    >
      <h3 className="font-semibold text-slate-900">{p.items}</h3>
      <ol className="space-y-3">
        {rows.map((r, i) => (
          <li key={i} className="grid gap-2 rounded-md border border-slate-200 p-3 md:grid-cols-[2fr_1fr_6rem_auto]">
            <TextField
              label={fill(p.label, { n: i + 1 })}
              value={r.label}
              maxLength={200}
              onChange={(ev) => set(i, { label: ev.target.value })}
            />
            <TextField
              label={p.sourceTitle}
              value={r.sourceTitle}
              maxLength={200}
              onChange={(ev) => set(i, { sourceTitle: ev.target.value })}
            />
            <TextField
              label={p.sourcePage}
              value={r.sourcePage}
              maxLength={20}
              onChange={(ev) => set(i, { sourcePage: ev.target.value })}
            />
            <div className="flex flex-wrap items-end gap-2">
              <Button
                size="sm"
                variant="ghost"
                disabled={i === 0}
                aria-label={fill(p.up, { n: i + 1 })}
                onClick={() => setRows((rs) => [...rs.slice(0, i - 1), rs[i]!, rs[i - 1]!, ...rs.slice(i + 1)])}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={fill(p.remove, { n: i + 1 })}
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
              >
                ✕
              </Button>
            </div>
            <Checkbox
              label={p.blocks}
              checked={r.blocksStart}
              onChange={(checked) => set(i, { blocksStart: checked })}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() => setRows((rs) => [...rs, { label: '', blocksStart: false, sourceTitle: '', sourcePage: '' }])}
        >
          {p.add}
        </Button>
        <Button type="submit" pending={save.isPending}>
          {save.isPending ? p.saving : p.save}
        </Button>
      </div>
      {save.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800">
          {p.saved}
        </p>
      ) : null}
      {save.error ? <ErrorAlert error={save.error} /> : null}
    </form>
  );
}
