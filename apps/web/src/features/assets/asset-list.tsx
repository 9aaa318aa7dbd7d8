'use client';

import {
  ASSET_SORTS,
  ASSET_STATUSES,
  MACHINE_KINDS,
  type TAsset,
  type TAssetSort,
  type TAssetStatus,
  type TMachineKind,
} from '@amms/contracts/assets';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { EnumSelect } from '@/components/ui/enum-select';
import { Badge } from '@/components/ui/badge';
import { SelectField, TextField } from '@/components/ui/form';
import { PlainTable } from '@/components/ui/data-table';
import { ClearFilters, ListCard, listMessages, SortSelect } from '@/components/ui/list';
import { Empty, LoadMore, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { sameOrg, teamsQuery } from '@/lib/queries';
import { replaceQuery, useQueryChoice } from '@/lib/url-query';
import { isUuid } from '@/lib/uuid';
import { ASSET_STATUS_TONE, enumLabels } from '@/lib/labels';
import { assetMessages } from './messages';
import { assetListQuery, machineModelsQuery, type AssetFilters } from './queries';
import { ExportButton } from '@/components/export-button';
import { TeamOptions } from '@/components/teams-card';

const isStatus = (v: string | null): v is TAssetStatus => !!v && (ASSET_STATUSES as readonly string[]).includes(v);
const isKind = (v: string | null): v is TMachineKind => !!v && (MACHINE_KINDS as readonly string[]).includes(v);
/** by name: how people look a machine up */
const DEFAULT_SORT: TAssetSort = 'name';
export function AssetList({ orgId }: { orgId: string }) {
  const m = useMessages(assetMessages);
  const l = useMessages(enumLabels);
  const lm = useMessages(listMessages);
  const params = useSearchParams();
  const [sort, setSort] = useQueryChoice('sort', ASSET_SORTS, DEFAULT_SORT);
  const sortOptions = [
    { value: 'name', label: lm.nameAsc },
    { value: '-name', label: lm.nameDesc },
    { value: 'serialNumber', label: m.list.serialAsc },
    { value: '-serialNumber', label: m.list.serialDesc },
    { value: '-createdAt', label: lm.newestFirst },
    { value: 'createdAt', label: lm.oldestFirst },
  ] as const satisfies readonly { value: TAssetSort; label: string }[];

  const status = params.get('status');
  const teamId = params.get('teamId');
  const modelId = params.get('modelId');
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : null;
  const qParam = (params.get('q') ?? '').trim().slice(0, 100);

  const filters: AssetFilters = {
    ...(qParam ? { q: qParam } : {}),
    ...(isStatus(status) ? { status } : {}),
    ...(kind ? { kind } : {}),
    ...(teamId && isUuid(teamId) ? { teamId } : {}),
    ...(modelId && isUuid(modelId) ? { modelId } : {}),
  };
  const filtered = Object.keys(filters).length > 0;
  // the order is not a filter ("clear filters" keeps it) but is part of the query key
  const query: AssetFilters = { ...filters, sort };

  const [search, setSearch] = useState(qParam);
  // the URL changes under us (back button, org switch): follow it
  useEffect(() => setSearch((s) => (s.trim() === qParam ? s : qParam)), [qParam]);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'kind') next.delete('modelId');
    replaceQuery(next);
  };

  // search as you type, debounced
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === qParam) return;
    const timer = setTimeout(() => setParam('q', trimmed || null), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const models = useQuery(machineModelsQuery(orgId));
  const teams = useQuery(teamsQuery(orgId, { limit: 200 }));
  const list = useInfiniteQuery({
    ...assetListQuery(orgId, query),
    // keep the rows while a filter changes, but never another org's rows
    placeholderData: sameOrg(orgId),
  });

  const modelById = useMemo(() => new Map((models.data ?? []).map((x) => [x.id, x])), [models.data]);
  const teamById = useMemo(() => new Map((teams.data?.items ?? []).map((x) => [x.id, x])), [teams.data]);
  const rows: TAsset[] = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const modelOptions = (models.data ?? []).filter((x) => !kind || x.kind === kind);

  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label={m.list.filters}
        onSubmit={(e) => e.preventDefault()}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <TextField
          label={m.list.search}
          type="search"
          value={search}
          maxLength={100}
          placeholder={m.list.searchPlaceholder}
          onChange={(e) => setSearch(e.target.value)}
          className="lg:col-span-2"
        />
        <EnumSelect
          label={m.list.kind}
          value={kind ?? ''}
          onChange={(v) => setParam('kind', v || null)}
          anyLabel={m.list.allKinds}
          values={MACHINE_KINDS}
          optionLabel={(k) => l.kind[k]}
        />
        <EnumSelect
          label={m.list.status}
          value={filters.status ?? ''}
          onChange={(v) => setParam('status', v || null)}
          anyLabel={m.list.allStatuses}
          values={ASSET_STATUSES}
          optionLabel={(s) => l.assetStatus[s]}
        />
        <SelectField
          label={m.list.team}
          value={filters.teamId ?? ''}
          onChange={(e) => setParam('teamId', e.target.value || null)}
        >
          <option value="">{m.list.allTeams}</option>
          <TeamOptions teams={teams.data?.items} />
        </SelectField>
        <SelectField
          label={m.list.model}
          value={filters.modelId ?? ''}
          onChange={(e) => setParam('modelId', e.target.value || null)}
          className="sm:col-span-2 lg:col-span-2"
        >
          <option value="">{m.list.allModels}</option>
          {modelOptions.map((x) => (
            <option key={x.id} value={x.id}>
              {x.manufacturer} {x.name}
            </option>
          ))}
        </SelectField>
        <SortSelect value={sort} options={sortOptions} onChange={setSort} />
        {filtered ? (
          <ClearFilters
            onClick={() => {
              setSearch('');
              replaceQuery(new URLSearchParams(sort === DEFAULT_SORT ? {} : { sort }));
            }}
          >
            {m.list.clearFilters}
          </ClearFilters>
        ) : null}
      </form>

      <ListCard
        id="asset-list-title"
        heading={m.list.heading}
        busy={list.isFetching}
        actions={<ExportButton orgId={orgId} list="assets" query={query} />}
        count={list.data ? format(list.hasNextPage ? m.list.countMore : m.list.count, { count: rows.length }) : null}
      >
        {kind ? <p className="mb-2 text-xs text-slate-600">{m.list.kindFilterNote}</p> : null}
        {list.isPending ? (
          <Loading />
        ) : list.isError && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <Empty>{filtered ? m.list.emptyFiltered : m.list.empty}</Empty>
        ) : (
          <PlainTable
            caption={m.list.heading}
            caps
            head={[
              m.fields.name,
              m.fields.model,
              m.fields.kind,
              m.fields.team,
              m.fields.serialNumber,
              m.fields.plateNumber,
              m.fields.status,
            ]}
          >
            {rows.map((a) => {
              const model = modelById.get(a.modelId);
              return (
                <tr key={a.id}>
                  <th scope="row" className="py-2 pr-4 font-medium">
                    <Link
                      href={orgPath(orgId, `assets/${a.id}`)}
                      className="text-emerald-800 underline-offset-2 hover:underline"
                    >
                      {a.name}
                    </Link>
                  </th>
                  <td className="py-2 pr-4 text-slate-700">{model ? `${model.manufacturer} ${model.name}` : '—'}</td>
                  <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{model ? l.kind[model.kind] : '—'}</td>
                  <td className="py-2 pr-4 text-slate-700">
                    {a.teamId ? (teamById.get(a.teamId)?.name ?? '—') : m.list.noTeam}
                  </td>
                  <td className="py-2 pr-4 font-mono text-xs text-slate-700">{a.serialNumber}</td>
                  <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{a.plateNumber ?? '—'}</td>
                  <td className="py-2">
                    <Badge tone={ASSET_STATUS_TONE[a.status]}>{l.assetStatus[a.status]}</Badge>
                  </td>
                </tr>
              );
            })}
          </PlainTable>
        )}
        {list.isError && list.data ? <QueryError error={list.error} onRetry={() => void list.fetchNextPage()} /> : null}
        <LoadMore
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        />
      </ListCard>
    </div>
  );
}
