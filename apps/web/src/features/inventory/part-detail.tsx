'use client';

import type { TPartDetail } from '@amms/contracts/inventory';
import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { BackLink, DetailHeading } from '@/components/detail';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatFenExact } from '@/lib/money';
import { orgPath } from '@/lib/nav';
import { machineModelsQuery } from '../assets/queries';
import { Fact, Facts } from '@/components/ui/facts';
import { knowledgePaths } from '../knowledge/links';
import { inventoryMessages } from './messages';
import { PartMovements } from './part-movements';
import { partQuery } from './queries';
import { StockRows } from './stock-rows';
import { secondaryLinkClass } from './ui';

/** A part: its facts, stock per location, compatible models, suppliers and the manual pages that name it. */
export function PartDetail({
  orgId,
  partId,
  permissions,
  timeZone,
}: {
  orgId: string;
  partId: string;
  permissions: TPermission[];
  timeZone: string;
}) {
  const m = useMessages(inventoryMessages);
  const q = useQuery(partQuery(orgId, partId));
  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <>
        <BackLink href={orgPath(orgId, 'inventory')}>{m.detail.back}</BackLink>
        {isApiError(q.error, 404) ? (
          <p className="mt-4 text-sm text-slate-700">{m.detail.notFound}</p>
        ) : (
          <QueryError error={q.error} onRetry={() => void q.refetch()} />
        )}
      </>
    );
  }
  const p = q.data;
  return (
    <div className="space-y-4">
      <BackLink href={orgPath(orgId, 'inventory')}>{m.detail.back}</BackLink>
      <DetailHeading title={`${p.partNumber} · ${p.nameZh}`}>
        <Badge tone="blue">{m.category[p.category]}</Badge>
        {p.active ? null : <Badge tone="neutral">{m.detail.inactive}</Badge>}
      </DetailHeading>
      {permissions.includes('inventory.write') ? (
        <p>
          <Link href={`${orgPath(orgId, 'inventory/movements')}?partId=${p.id}`} className={secondaryLinkClass}>
            {m.detail.record}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card id="part-facts" title={m.detail.facts}>
          <Facts>
            <Fact term={m.detail.maker}>{p.maker ?? '—'}</Fact>
            <Fact term={m.detail.makerNumber}>
              <span className="font-mono">{p.makerPartNumber ?? '—'}</span>
            </Fact>
            {p.nameEn ? <Fact term={m.detail.nameEn}>{p.nameEn}</Fact> : null}
            <Fact term={m.detail.unit}>{p.unit}</Fact>
            <Fact term={m.detail.pieces}>{p.countedInPieces ? m.detail.yes : m.detail.no}</Fact>
            <Fact term={m.detail.barcode}>
              <span className="font-mono">{p.barcode ?? '—'}</span>
            </Fact>
            {p.notes ? <Fact term={m.detail.notes}>{p.notes}</Fact> : null}
          </Facts>
        </Card>
        <Card id="part-stock" title={m.detail.stock} className="lg:col-span-2">
          {p.stock.length === 0 ? (
            <p className="text-sm text-slate-600">{m.detail.noStock}</p>
          ) : (
            <StockRows orgId={orgId} rows={p.stock} caption={m.detail.stockCaption} showPart={false} />
          )}
        </Card>
        <CompatibleModels orgId={orgId} part={p} />
        <Suppliers part={p} />
        <ManualRefs orgId={orgId} part={p} />
      </div>
      <Card id="part-movements" title={m.detail.movements}>
        <p className="mb-3 text-sm text-slate-700">{m.detail.movementsHint}</p>
        <PartMovements orgId={orgId} partId={p.id} timeZone={timeZone} />
      </Card>
    </div>
  );
}

function CompatibleModels({ orgId, part }: { orgId: string; part: TPartDetail }) {
  const m = useMessages(inventoryMessages).detail;
  const models = useQuery({ ...machineModelsQuery(orgId), enabled: part.compatibleModelIds.length > 0 });
  const byId = new Map((models.data ?? []).map((x) => [x.id, x]));
  return (
    <Card id="part-models" title={m.models}>
      {part.compatibleModelIds.length === 0 ? (
        <p className="text-sm text-slate-600">{m.noModels}</p>
      ) : models.isPending ? (
        <Loading />
      ) : (
        <ul className="flex flex-wrap gap-2 text-sm">
          {part.compatibleModelIds.map((id) => {
            const model = byId.get(id);
            return (
              <li key={id} className="rounded-md bg-slate-100 px-2 py-1 text-slate-800">
                {model ? `${model.manufacturer} ${model.name}` : id.slice(0, 8)}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function Suppliers({ part }: { part: TPartDetail }) {
  const m = useMessages(inventoryMessages).detail;
  const { locale } = useI18n();
  return (
    <Card id="part-suppliers" title={m.suppliers}>
      {part.suppliers.length === 0 ? (
        <p className="text-sm text-slate-600">{m.noSuppliers}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {part.suppliers.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                {s.name}
                {s.preferred ? (
                  <span className="ml-2">
                    <Badge tone="green">{m.preferred}</Badge>
                  </span>
                ) : null}
                {s.supplierPartNumber ? (
                  <span className="block font-mono text-xs text-slate-600">{s.supplierPartNumber}</span>
                ) : null}
              </span>
              <span className="tabular-nums text-slate-800">
                {formatFenExact(s.priceMinor, locale)} · {m.leadTime} {format(m.days, { count: s.leadTimeDays })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ManualRefs({ orgId, part }: { orgId: string; part: TPartDetail }) {
  const m = useMessages(inventoryMessages).detail;
  const back = orgPath(orgId, `inventory/parts/${part.id}`);
  return (
    <Card id="part-manuals" title={m.manuals}>
      {part.manualRefs.length === 0 ? (
        <p className="text-sm text-slate-600">{m.noManuals}</p>
      ) : (
        <ul className="space-y-2 text-sm" data-testid="part-manual-refs">
          {part.manualRefs.map((r) => (
            <li key={`${r.versionId}-${r.page}`}>
              <Link
                href={knowledgePaths.page(orgId, {
                  documentId: r.documentId,
                  versionId: r.versionId,
                  page: r.page,
                  highlight: [part.makerPartNumber ?? part.partNumber],
                  back,
                })}
                className="font-medium text-emerald-800 underline-offset-2 hover:underline"
              >
                {r.title} · {format(m.page, { page: r.page })}
              </Link>
              <p className="break-words text-slate-700">…{r.excerpt}…</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
