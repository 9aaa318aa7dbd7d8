'use client';

import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PlainTable, rowLinkClass } from '@/components/ui/data-table';
import { SelectField, TextField } from '@/components/ui/form';
import { ClearFilters, CursorListStates, ListCard } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { orgPath } from '@/lib/nav';
import { sameOrg, teamsQuery } from '@/lib/queries';
import { setQueryParams, useQueryChoice, useQueryId } from '@/lib/url-query';
import { useSearchParams } from 'next/navigation';
import { AreaText } from '@/features/map/area-text';
import { plotMessages } from './messages';
import { plotListQuery, type PlotFilters } from './queries';
import { TeamOptions } from '@/components/teams-card';

const BOUNDARY = ['', 'with', 'without'] as const;

/**
 * The org's fields (in my data scope), by name: measured area (the entered one beside it when
 * they differ by more than 5 %), whether a boundary is drawn, the team. Search by name; filters
 * by team and boundary kept in the URL.
 */
export function PlotList({ orgId }: { orgId: string }) {
  const m = useMessages(plotMessages).list;
  const qParam = (useSearchParams().get('q') ?? '').trim().slice(0, 100);
  const [teamId, setTeamId] = useQueryId('teamId');
  const [boundary, setBoundary] = useQueryChoice('boundary', BOUNDARY, '');
  const [search, setSearch] = useState(qParam);
  useEffect(() => setSearch((s) => (s.trim() === qParam ? s : qParam)), [qParam]);
  // search as you type, debounced
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === qParam) return;
    const timer = setTimeout(() => setQueryParams({ q: trimmed || null }), 300);
    return () => clearTimeout(timer);
  }, [search, qParam]);

  const filters: PlotFilters = {
    ...(qParam ? { q: qParam } : {}),
    ...(teamId ? { teamId } : {}),
    ...(boundary ? { boundary } : {}),
  };
  const filtered = Object.keys(filters).length > 0;
  const teams = useQuery(teamsQuery(orgId, { limit: 200 }));
  const teamById = useMemo(() => new Map((teams.data?.items ?? []).map((t) => [t.id, t.name])), [teams.data]);
  const { query: list, rows } = useCursorList({
    ...plotListQuery(orgId, { ...filters, sort: 'name' }),
    placeholderData: sameOrg(orgId),
  });

  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label={m.filters}
        onSubmit={(e) => e.preventDefault()}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextField
          label={m.search}
          type="search"
          value={search}
          maxLength={100}
          placeholder={m.searchPlaceholder}
          onChange={(e) => setSearch(e.target.value)}
          className="lg:col-span-2"
        />
        <SelectField label={m.team} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
          <option value="">{m.allTeams}</option>
          <TeamOptions teams={teams.data?.items} />
        </SelectField>
        <SelectField
          label={m.boundary}
          value={boundary}
          onChange={(e) => setBoundary(e.target.value as (typeof BOUNDARY)[number])}
        >
          <option value="">{m.anyBoundary}</option>
          <option value="with">{m.withBoundary}</option>
          <option value="without">{m.withoutBoundary}</option>
        </SelectField>
        {filtered ? (
          <ClearFilters
            onClick={() => {
              setSearch('');
              setQueryParams({ q: null, teamId: null, boundary: null });
            }}
          >
            {m.clearFilters}
          </ClearFilters>
        ) : null}
      </form>

      <ListCard
        id="plot-list-title"
        heading={m.heading}
        busy={list.isFetching}
        count={list.data ? format(list.hasNextPage ? m.countMore : m.count, { count: rows.length }) : null}
      >
        <CursorListStates query={list} count={rows.length} empty={filtered ? m.emptyFiltered : m.empty} keepRowsOnError>
          <PlainTable caption={m.heading} caps head={[m.name, m.area, m.hasBoundary, m.team, m.crop]}>
            {rows.map((f) => (
              <tr key={f.id} data-field-id={f.id}>
                <th scope="row" className="py-2 pr-4 font-medium">
                  <Link href={orgPath(orgId, `fields/${f.id}`)} className={rowLinkClass}>
                    {f.name}
                  </Link>
                </th>
                <td className="py-2 pr-4 text-slate-700">
                  <AreaText measuredM2={f.measuredAreaM2} enteredM2={f.areaM2} />
                </td>
                <td className="py-2 pr-4 text-slate-700">{f.measuredAreaM2 === null ? m.no : m.yes}</td>
                <td className="py-2 pr-4 text-slate-700">{f.teamId ? (teamById.get(f.teamId) ?? '—') : m.noTeam}</td>
                <td className="py-2 text-slate-700">{f.crop ?? '—'}</td>
              </tr>
            ))}
          </PlainTable>
        </CursorListStates>
      </ListCard>
    </div>
  );
}
