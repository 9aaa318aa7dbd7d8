'use client';

import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime, formatNumber } from '@/lib/format';
import { ASSET_STATUS_TONE, enumLabels } from '@/lib/labels';
import { formatFen } from '@/lib/money';
import { orgPath } from '@/lib/nav';
import { teamsQuery } from '@/lib/queries';
import { BookingsCard, CostsCard, MaintenanceCard } from './asset-history';
import { StatusActions } from './asset-status-actions';
import { assetMessages } from './messages';
import { MeterCard } from './meter-card';
import { assetDetailQuery } from './queries';

type Props = {
  orgId: string;
  assetId: string;
  timeZone: string;
  permissions: TPermission[];
  /** the manuals card (features/knowledge), given by the page: assets imports no knowledge */
  manuals?: ReactNode;
};

/** A machine's page: status actions, facts, the meter, then bookings, maintenance, costs and manuals (one card each). */
export function AssetDetail({ orgId, assetId, timeZone, permissions, manuals }: Props) {
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

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
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
        <MeterCard
          orgId={orgId}
          asset={a}
          timeZone={timeZone}
          canWrite={can('meter.write')}
          canVoid={can('meter.void')}
        />
      </div>

      {can('job.read') ? <BookingsCard orgId={orgId} assetId={a.id} timeZone={timeZone} /> : null}
      {can('maintenance.read') ? <MaintenanceCard orgId={orgId} assetId={a.id} timeZone={timeZone} /> : null}
      {can('cost.read') ? <CostsCard orgId={orgId} assetId={a.id} /> : null}
      {manuals}
    </div>
  );
}
