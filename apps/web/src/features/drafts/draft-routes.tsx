'use client';

import { ZDraftTravel, type TDraftTravel } from '@amms/contracts/geo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Loading, QueryError } from '@/components/ui/states';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { apiFetch } from '@/lib/api-client';
import { orgApi, qs, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';
import { routeShapes, ROUTE_COLORS } from '@/features/map/route-shapes';
import { MiniMap } from '@/features/map/mini-map';
import { routeMessages } from './route-messages';

const travelQuery = (orgId: string, draftId: string, version: number) =>
  queryOptions({
    queryKey: orgKey(orgId, 'drafts', 'travel', draftId, version),
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, `drafts/${seg(draftId)}/travel${qs({ version })}`), ZDraftTravel, { signal }),
    staleTime: 60_000,
  });

/**
 * The draft's routes for one day: a map with each machine's fields joined in order, and the
 * same as text — per machine the day's order, each leg (from, to, road km, minutes, the time
 * left between the items) and the day's and the whole draft's totals.
 */
export function DraftRoutes(props: { orgId: string; draftId: string; version: number }) {
  const m = useMessages(routeMessages);
  const q = useQuery(travelQuery(props.orgId, props.draftId, props.version));
  const dates = useMemo(
    () => [...new Set((q.data?.machines ?? []).flatMap((x) => x.days.map((d) => d.date)))].sort(),
    [q.data],
  );
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked && dates.includes(picked) ? picked : (dates[0] ?? null);
  const shapes = useMemo(() => (q.data && date ? routeShapes(q.data, date) : []), [q.data, date]);

  return (
    <Card id="draft-routes" title={m.title}>
      {q.isPending ? (
        <Loading label={m.loading} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : !date ? (
        <p className="text-sm">{m.none}</p>
      ) : (
        <div className="space-y-3">
          <label className="text-sm">
            {m.day}
            <select
              className="ml-2 rounded border border-slate-300 px-2 py-1"
              value={date}
              onChange={(e) => setPicked(e.target.value)}
            >
              {dates.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
          <MiniMap shapes={shapes} label={fill(m.mapLabel, { d: date })} />
          <RouteTables travel={q.data} date={date} />
        </div>
      )}
    </Card>
  );
}

function RouteTables({ travel, date }: { travel: TDraftTravel; date: string }) {
  const m = useMessages(routeMessages);
  const num = (x: number | null) => (x === null ? m.unknown : String(x));
  return (
    <div className="space-y-4" data-testid="route-tables">
      {travel.machines.map((mc, i) => {
        const day = mc.days.find((d) => d.date === date);
        if (!day) return null;
        return (
          <section key={mc.assetId} aria-label={mc.name ?? mc.assetId} className="text-sm">
            <h3 className="flex items-center gap-2 font-medium">
              <span
                aria-hidden
                className="inline-block h-3 w-3 rounded-full"
                style={{ background: ROUTE_COLORS[i % ROUTE_COLORS.length] }}
              />
              {mc.name ?? mc.assetId}
            </h3>
            <p>
              {fill(m.dayTotal, { km: day.km, min: day.minutes })} ·{' '}
              {fill(m.total, { km: mc.totalKm, min: mc.totalMinutes })}
            </p>
            <p>{fill(m.stops, { s: day.stops.map((s, n) => `${n + 1}. ${s.fieldName}`).join(' → ') })}</p>
            {day.legs.length === 0 ? (
              <p className="text-slate-600">{m.noLegs}</p>
            ) : (
              <table className="mt-1 w-full text-left" aria-label={fill(m.legs, { m: mc.name ?? '' })}>
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col">{m.from}</th>
                    <th scope="col">{m.to}</th>
                    <th scope="col">{m.km}</th>
                    <th scope="col">{m.minutes}</th>
                    <th scope="col">{m.gap}</th>
                  </tr>
                </thead>
                <tbody>
                  {day.legs.map((l) => (
                    <tr key={`${l.fromItemIndex}-${l.toItemIndex}`} className="border-b border-slate-100">
                      <td>{l.fromFieldName}</td>
                      <td>{l.toFieldName}</td>
                      <td>{num(l.km)}</td>
                      <td>{num(l.minutes)}</td>
                      <td>{l.gapMinutes}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
