'use client';

import type { TWriteOffRequest } from '@amms/contracts/inventory';
import { Badge } from '@/components/ui/badge';
import { ErrorAlert } from '@/components/ui/error-alert';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { inventoryMessages } from './messages';
import type { QuantityProblem } from './quantity';

export const primaryButtonClass =
  'inline-flex min-h-10 items-center rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

export const secondaryLinkClass =
  'inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

/** A quantity as the ledger keeps it (up to 3 decimals, no trailing zeros). */
export function useQty(): (n: number) => string {
  const { locale } = useI18n();
  return (n) => formatNumber(n, locale, 3);
}

export function useQuantityWords(): (p: QuantityProblem | null) => string | null {
  const m = useMessages(inventoryMessages).quantity;
  return (p) => (p ? m[p] : null);
}

export function WriteOffBadge({ status }: { status: TWriteOffRequest['status'] }) {
  const m = useMessages(inventoryMessages).writeOffs.status;
  const tone = status === 'PENDING' ? 'amber' : status === 'APPROVED' ? 'green' : 'red';
  return <Badge tone={tone}>{m[status]}</Badge>;
}

type Elsewhere = { locationId: string; locationName: string; available: number };
type InsufficientDetails = {
  partNumber?: string;
  requested?: number;
  available?: number;
  location?: string;
  elsewhere?: Elsewhere[];
};

/** The details of a 409 INSUFFICIENT_STOCK, or null for any other error. */
export function insufficientStock(err: unknown): InsufficientDetails | null {
  if (!isApiError(err, 409) || err.code !== 'INSUFFICIENT_STOCK') return null;
  return err.details && typeof err.details === 'object' ? (err.details as InsufficientDetails) : {};
}

/** "Not enough stock here; available elsewhere: …" (the API names the other locations in the caller's scope). */
export function InsufficientStock({ error }: { error: unknown }) {
  const m = useMessages(inventoryMessages).elsewhere;
  const qty = useQty();
  const d = insufficientStock(error);
  if (!d) return null;
  const others = (d.elsewhere ?? []).filter((e) => e.available > 0);
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">{m.title}</p>
      {d.location !== undefined && d.available !== undefined && d.requested !== undefined ? (
        <p>{format(m.here, { location: d.location, available: qty(d.available), requested: qty(d.requested) })}</p>
      ) : null}
      {others.length > 0 ? (
        <>
          <p className="mt-1">{m.other}</p>
          <ul className="list-disc pl-5" data-testid="stock-elsewhere">
            {others.map((e) => (
              <li key={e.locationId}>{format(m.item, { location: e.locationName, available: qty(e.available) })}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1">{m.none}</p>
      )}
    </div>
  );
}

/** A stock write's error: where else the part is for INSUFFICIENT_STOCK, else the error in words. */
export function StockError({ error }: { error: unknown }) {
  if (!error) return null;
  return insufficientStock(error) ? <InsufficientStock error={error} /> : <ErrorAlert error={error} />;
}
