'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { PlainTable, rowLinkClass } from '@/components/ui/data-table';
import { Empty, Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { enumLabels, JOB_STATUS_TONE } from '@/lib/labels';
import { orgPath } from '@/lib/nav';
import { teamsQuery } from '@/lib/queries';
import { AreaText } from '@/features/map/area-text';
import type { BasemapConfig } from '@/features/map/map-style';
import { plotMessages } from './messages';
import { PlotMap } from './plot-map';
import { plotJobsQuery, plotQuery } from './queries';

/** A field's page: its details, its boundary on a map (draw / edit, navigate), and its jobs. */
export function PlotPage(props: {
  orgId: string;
  fieldId: string;
  timeZone: string;
  basemap: BasemapConfig;
  canEdit: boolean;
  canReadJobs: boolean;
}) {
  const p = useMessages(plotMessages).page;
  const { orgId, fieldId } = props;
  const field = useQuery(plotQuery(orgId, fieldId));
  const teams = useQuery(teamsQuery(orgId, { limit: 200 }));
  if (field.isPending) return <Loading />;
  if (field.isError) return <QueryError error={field.error} onRetry={() => void field.refetch()} />;
  const f = field.data;
  const team = f.teamId ? teams.data?.items.find((t) => t.id === f.teamId)?.name : null;
  const rows: [string, React.ReactNode][] = [
    [p.area, <AreaText key="a" measuredM2={f.measuredAreaM2} enteredM2={f.areaM2} />],
    [p.team, team ?? p.none],
    [p.crop, f.crop ?? p.none],
    [p.location, f.locationText ?? p.none],
    [p.notes, f.notes ?? p.none],
  ];
  return (
    <div className="space-y-4">
      <Card id="field-details" title={p.details}>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-slate-600">{k}</dt>
              <dd className="break-words text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <PlotMap orgId={orgId} field={f} basemap={props.basemap} canEdit={props.canEdit} />
      {props.canReadJobs ? <PlotJobs orgId={orgId} fieldId={fieldId} timeZone={props.timeZone} /> : null}
    </div>
  );
}

function PlotJobs({ orgId, fieldId, timeZone }: { orgId: string; fieldId: string; timeZone: string }) {
  const p = useMessages(plotMessages).page;
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const jobs = useQuery(plotJobsQuery(orgId, fieldId));
  return (
    <Card id="field-jobs" title={p.jobs}>
      <div aria-busy={jobs.isFetching}>
        {jobs.isPending ? (
          <Loading />
        ) : jobs.isError ? (
          <QueryError error={jobs.error} onRetry={() => void jobs.refetch()} />
        ) : jobs.data.items.length === 0 ? (
          <Empty>{p.noJobs}</Empty>
        ) : (
          <PlainTable caption={p.jobs} caps head={[p.operation, p.window, p.status]}>
            {jobs.data.items.map((j) => (
              <tr key={j.id}>
                <th scope="row" className="py-2 pr-4 font-medium">
                  <Link href={orgPath(orgId, `jobs/${j.id}`)} className={rowLinkClass}>
                    {j.title ?? l.operation[j.operationType]}
                  </Link>
                </th>
                <td className="py-2 pr-4 text-slate-700">
                  {formatDateTime(j.windowStart, locale, timeZone)} – {formatDateTime(j.windowEnd, locale, timeZone)}
                </td>
                <td className="py-2">
                  <Badge tone={JOB_STATUS_TONE[j.status]}>{l.jobStatus[j.status]}</Badge>
                </td>
              </tr>
            ))}
          </PlainTable>
        )}
      </div>
    </Card>
  );
}
