'use client';

import { ZAsset, type TAssetDetail, type TAssetStatus } from '@amms/contracts/assets';
import type { TPermission } from '@amms/contracts/permissions';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions } from '@/components/ui/form';
import { HeadRow } from '@/components/ui/list';
import { Empty, LoadMore, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch, isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime, formatFen, formatNumber } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { teamsQuery } from '@/lib/queries';
import { refreshQueries } from '@/lib/refresh';
import { addDays, todayIn, zonedDayStart } from '@/lib/zoned-time';
import { ASSET_STATUS_TONE, COST_STATUS_TONE, DUE_STATUS_TONE, JOB_STATUS_TONE, WO_STATUS_TONE, enumLabels } from '@/lib/labels';
import { AssetManuals } from '@/features/knowledge/asset-manuals';
import { assetMessages } from './messages';
import { MeterCard } from './meter-card';
import { assetDetailQuery, assetKeys, bookingsQuery, costDocumentsQuery, dueQuery, workOrdersQuery } from './queries';

type Props = { orgId: string; assetId: string; timeZone: string; permissions: TPermission[] };

const th = 'py-2 pr-4 font-semibold';
const tableHead = 'border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600';

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={tableHead}>
          <HeadRow className={th} cells={head} />
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

const linkClass = 'text-emerald-800 underline-offset-2 hover:underline';

export function AssetDetail({ orgId, assetId, timeZone, permissions }: Props) {
  const m = useMessages(assetMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const can = (p: TPermission) => permissions.includes(p);
  const detail = useQuery(assetDetailQuery(orgId, assetId));
  const teams = useQuery(teamsQuery(orgId, { limit: 200 }));

  if (detail.isPending) return <Loading />;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  const a = detail.data;
  const teamName = a.teamId ? (teams.data?.items.find((t) => t.id === a.teamId)?.name ?? '—') : m.list.noTeam;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={ASSET_STATUS_TONE[a.status]}>{l.assetStatus[a.status]}</Badge>
          <span className="text-sm text-slate-600">
            {a.model.manufacturer} {a.model.name} · {l.kind[a.model.kind]}
          </span>
        </div>
        {can('asset.write') ? (
          <div className="flex flex-wrap gap-2">
            <Link
              href={orgPath(orgId, `assets/${a.id}/edit`)}
              className="inline-flex min-h-10 items-center rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
            >
              {m.detail.edit}
            </Link>
          </div>
        ) : null}
      </div>

      {can('asset.write') ? <StatusActions orgId={orgId} asset={a} /> : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="asset-info" title={m.detail.info}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">{m.fields.model}</dt>
            <dd className="text-slate-900">
              {a.model.manufacturer} {a.model.name}
            </dd>
            <dt className="text-slate-600">{m.fields.kind}</dt>
            <dd className="text-slate-900">{l.kind[a.model.kind]}</dd>
            <dt className="text-slate-600">{m.detail.operations}</dt>
            <dd className="text-slate-900">{a.model.operationTypes.map((o) => l.operation[o]).join('、') || '—'}</dd>
            {a.model.workingWidthM !== null ? (
              <>
                <dt className="text-slate-600">{m.detail.workingWidth}</dt>
                <dd className="text-slate-900">{formatNumber(a.model.workingWidthM, locale, 2)} m</dd>
              </>
            ) : null}
            {a.model.powerKw !== null ? (
              <>
                <dt className="text-slate-600">{m.detail.power}</dt>
                <dd className="text-slate-900">{a.model.powerKw} kW</dd>
              </>
            ) : null}
            <dt className="text-slate-600">{m.fields.serialNumber}</dt>
            <dd className="break-all font-mono text-slate-900">{a.serialNumber}</dd>
            <dt className="text-slate-600">{m.fields.plateNumber}</dt>
            <dd className="text-slate-900">{a.plateNumber ?? '—'}</dd>
            <dt className="text-slate-600">{m.fields.team}</dt>
            <dd className="text-slate-900">{teamName}</dd>
            <dt className="text-slate-600">{m.fields.purchaseDate}</dt>
            <dd className="text-slate-900">{a.purchaseDate ?? '—'}</dd>
            <dt className="text-slate-600">{m.fields.purchaseCost}</dt>
            <dd className="text-slate-900">{formatFen(a.purchaseCostMinor, locale)}</dd>
            <dt className="text-slate-600">{m.detail.updatedAt}</dt>
            <dd className="text-slate-900">{formatDateTime(a.updatedAt, locale, timeZone)}</dd>
          </dl>
        </Card>
        <MeterCard orgId={orgId} asset={a} timeZone={timeZone} canWrite={can('meter.write')} canVoid={can('meter.void')} />
      </div>

      {can('job.read') ? <BookingsCard orgId={orgId} assetId={a.id} timeZone={timeZone} /> : null}
      {can('maintenance.read') ? <MaintenanceCard orgId={orgId} assetId={a.id} timeZone={timeZone} /> : null}
      {can('cost.read') ? <CostsCard orgId={orgId} assetId={a.id} /> : null}
      {can('knowledge.read') ? <AssetManuals orgId={orgId} assetId={a.id} /> : null}
    </div>
  );
}

// ---------------------------------------------------------------------------

function StatusActions({ orgId, asset }: { orgId: string; asset: TAssetDetail }) {
  const m = useMessages(assetMessages);
  const qc = useQueryClient();
  const router = useRouter();
  const [confirm, setConfirm] = useState<'retire' | 'delete' | null>(null);

  const status = useMutation({
    mutationFn: (to: TAssetStatus) =>
      apiFetch(`orgs/${encodeURIComponent(orgId)}/assets/${encodeURIComponent(asset.id)}`, ZAsset, { method: 'PATCH', body: { version: asset.version, status: to } }),
    onSuccess: async () => {
      setConfirm(null);
      await refreshQueries(qc, assetKeys.all(orgId));
    },
    onError: async (err) => {
      // 409: someone changed it meanwhile; show the current state
      if (isApiError(err, 409)) await refreshQueries(qc, assetKeys.detail(orgId, asset.id));
    },
  });
  const remove = useMutation({
    mutationFn: () => apiFetch(`orgs/${encodeURIComponent(orgId)}/assets/${encodeURIComponent(asset.id)}`, z.unknown(), { method: 'DELETE' }),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: assetKeys.detail(orgId, asset.id) });
      await refreshQueries(qc, assetKeys.lists(orgId));
      router.push(orgPath(orgId, 'assets'));
    },
  });

  return (
    <section aria-labelledby="asset-actions-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="asset-actions-title" className="text-base font-semibold text-slate-900">
        {m.detail.statusTitle}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {asset.status === 'ACTIVE' ? (
          <Button variant="secondary" pending={status.isPending && status.variables === 'IN_MAINTENANCE'} disabled={status.isPending} onClick={() => status.mutate('IN_MAINTENANCE')}>
            {m.detail.setMaintenance}
          </Button>
        ) : null}
        {asset.status === 'IN_MAINTENANCE' ? (
          <Button variant="secondary" pending={status.isPending && status.variables === 'ACTIVE'} disabled={status.isPending} onClick={() => status.mutate('ACTIVE')}>
            {m.detail.setActive}
          </Button>
        ) : null}
        {asset.status !== 'RETIRED' ? (
          <Button variant="secondary" disabled={status.isPending} onClick={() => setConfirm('retire')}>
            {m.detail.retire}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">{m.detail.retiredNote}</p>
        )}
        <Button variant="danger" onClick={() => setConfirm('delete')}>
          {m.detail.delete}
        </Button>
      </div>
      {status.error && !confirm ? <ErrorAlert error={status.error} className="mt-3" /> : null}

      {confirm === 'retire' ? (
        <Dialog title={m.detail.retireTitle} onClose={() => setConfirm(null)}>
          <p className="text-sm text-slate-700">{format(m.detail.retireBody, { name: asset.name })}</p>
          {status.error ? <ErrorAlert error={status.error} className="mt-3" /> : null}
          <FormActions cancelLabel={m.form.cancel} onCancel={() => setConfirm(null)} className="mt-4">
            <Button variant="danger" pending={status.isPending} onClick={() => status.mutate('RETIRED')}>
              {m.detail.retire}
            </Button>
          </FormActions>
        </Dialog>
      ) : null}
      {confirm === 'delete' ? (
        <Dialog title={m.detail.deleteTitle} onClose={() => setConfirm(null)}>
          <p className="text-sm text-slate-700">{format(m.detail.deleteBody, { name: asset.name })}</p>
          {remove.error ? <ErrorAlert error={remove.error} className="mt-3" /> : null}
          <FormActions cancelLabel={m.form.cancel} onCancel={() => setConfirm(null)} className="mt-4">
            <Button variant="danger" pending={remove.isPending} onClick={() => remove.mutate()}>
              {m.detail.delete}
            </Button>
          </FormActions>
        </Dialog>
      ) : null}
    </section>
  );
}

// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------

function BookingsCard({ orgId, assetId, timeZone }: { orgId: string; assetId: string; timeZone: string }) {
  const m = useMessages(assetMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const [range] = useState(() => {
    const today = todayIn(timeZone);
    const fromDay = addDays(today, -7);
    const toDay = addDays(today, 54);
    return { from: zonedDayStart(fromDay, timeZone), to: zonedDayStart(addDays(toDay, 1), timeZone), fromDay, toDay };
  });
  const q = useInfiniteQuery(bookingsQuery(orgId, assetId, range.from, range.to));
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card id="asset-bookings" title={m.bookings.title}>
      <p className="mb-3 text-sm text-slate-600">{format(m.bookings.range, { from: range.fromDay, to: range.toDay })}</p>
      {q.isPending ? (
        <Loading />
      ) : q.isError && !q.data ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>{m.bookings.empty}</Empty>
      ) : (
        <Table caption={m.bookings.title} head={[m.bookings.slot, m.bookings.job, m.bookings.operation, m.bookings.operator, m.bookings.machines, m.fields.status]}>
          {rows.map((b) => (
            <tr key={b.id} className="align-top">
              <td className="whitespace-nowrap py-2 pr-4 text-slate-700">
                {formatDateTime(b.startsAt, locale, timeZone)} – {formatDateTime(b.endsAt, locale, timeZone)}
              </td>
              <td className="py-2 pr-4">
                <Link href={orgPath(orgId, `jobs/${b.job.id}`)} className={linkClass}>
                  {b.job.title ?? b.job.fieldName}
                </Link>
                {b.job.title ? <span className="block text-xs text-slate-600">{b.job.fieldName}</span> : null}
              </td>
              <td className="py-2 pr-4 text-slate-700">{l.operation[b.job.operationType]}</td>
              <td className="py-2 pr-4 text-slate-700">{b.operatorName}</td>
              <td className="py-2 pr-4 text-slate-700">{b.machines.map((x) => x.name).join(' + ')}</td>
              <td className="py-2 pr-4">
                <Badge tone={JOB_STATUS_TONE[b.job.status]}>{l.jobStatus[b.job.status]}</Badge>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <LoadMore hasNextPage={q.hasNextPage} isFetchingNextPage={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()} />
    </Card>
  );
}

// ---------------------------------------------------------------------------

function MaintenanceCard({ orgId, assetId, timeZone }: { orgId: string; assetId: string; timeZone: string }) {
  const m = useMessages(assetMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const due = useQuery(dueQuery(orgId, assetId));
  const wos = useInfiniteQuery(workOrdersQuery(orgId, assetId));
  const rows = wos.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card id="asset-maintenance" title={m.maintenance.title}>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{m.maintenance.plans}</h3>
      {due.isPending ? (
        <Loading />
      ) : due.isError ? (
        <QueryError error={due.error} onRetry={() => void due.refetch()} />
      ) : due.data.items.length === 0 ? (
        <Empty>{m.maintenance.noPlans}</Empty>
      ) : (
        <Table caption={m.maintenance.plans} head={[m.maintenance.plan, m.fields.status, m.maintenance.nextDueAt, m.maintenance.nextDueHours, m.maintenance.openWorkOrder]}>
          {due.data.items.map((d) => (
            <tr key={d.planId}>
              <td className="py-2 pr-4 text-slate-900">{d.planName}</td>
              <td className="py-2 pr-4">
                <Badge tone={DUE_STATUS_TONE[d.status]}>{l.dueStatus[d.status]}</Badge>
              </td>
              <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{formatDate(d.nextDueAt, locale, timeZone)}</td>
              <td className="py-2 pr-4 tabular-nums text-slate-700">{d.nextDueHours !== null ? `${formatNumber(d.nextDueHours, locale, 1)} h` : '—'}</td>
              <td className="py-2 pr-4">
                {d.openWorkOrder ? (
                  <Link href={orgPath(orgId, `maintenance/work-orders/${d.openWorkOrder.id}`)} className={linkClass}>
                    WO-{String(d.openWorkOrder.number).padStart(6, '0')}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}

      <h3 className="mb-2 mt-5 text-sm font-semibold text-slate-900">{m.maintenance.history}</h3>
      {wos.isPending ? (
        <Loading />
      ) : wos.isError && !wos.data ? (
        <QueryError error={wos.error} onRetry={() => void wos.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>{m.maintenance.empty}</Empty>
      ) : (
        <Table caption={m.maintenance.history} head={[m.maintenance.number, m.maintenance.woTitle, m.maintenance.type, m.fields.status, m.maintenance.createdAt, m.maintenance.cost]}>
          {rows.map((w) => (
            <tr key={w.id} className="align-top">
              <td className="whitespace-nowrap py-2 pr-4">
                <Link href={orgPath(orgId, `maintenance/work-orders/${w.id}`)} className={linkClass}>
                  WO-{String(w.number).padStart(6, '0')}
                </Link>
              </td>
              <td className="py-2 pr-4 text-slate-900">{w.title}</td>
              <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{l.woType[w.type]}</td>
              <td className="py-2 pr-4">
                <Badge tone={WO_STATUS_TONE[w.status]}>{l.woStatus[w.status]}</Badge>
              </td>
              <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{formatDate(w.createdAt, locale, timeZone)}</td>
              <td className="whitespace-nowrap py-2 pr-4 tabular-nums text-slate-700">{formatFen(w.totalCostMinor, locale)}</td>
            </tr>
          ))}
        </Table>
      )}
      <LoadMore hasNextPage={wos.hasNextPage} isFetchingNextPage={wos.isFetchingNextPage} onClick={() => void wos.fetchNextPage()} />
    </Card>
  );
}

// ---------------------------------------------------------------------------

function CostsCard({ orgId, assetId }: { orgId: string; assetId: string }) {
  const m = useMessages(assetMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const q = useInfiniteQuery(costDocumentsQuery(orgId, assetId));
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card id="asset-costs" title={m.costs.title}>
      {q.isPending ? (
        <Loading />
      ) : q.isError && !q.data ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>{m.costs.empty}</Empty>
      ) : (
        <Table caption={m.costs.title} head={[m.costs.number, m.costs.date, m.costs.category, m.costs.supplier, m.fields.status, m.costs.total]}>
          {rows.map((d) => (
            <tr key={d.id}>
              <td className="whitespace-nowrap py-2 pr-4">
                <Link href={orgPath(orgId, `costs/${d.id}`)} className={linkClass}>
                  #{d.number}
                </Link>
              </td>
              <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{d.documentDate}</td>
              <td className="py-2 pr-4 text-slate-700">{l.costCategory[d.category]}</td>
              <td className="py-2 pr-4 text-slate-700">{d.supplier ?? '—'}</td>
              <td className="py-2 pr-4">
                <Badge tone={COST_STATUS_TONE[d.status]}>{l.costStatus[d.status]}</Badge>
              </td>
              <td className="whitespace-nowrap py-2 pr-4 text-right tabular-nums text-slate-900">{formatFen(d.totalMinor, locale)}</td>
            </tr>
          ))}
        </Table>
      )}
      <LoadMore hasNextPage={q.hasNextPage} isFetchingNextPage={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()} />
    </Card>
  );
}
