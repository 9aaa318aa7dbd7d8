'use client';

import {
  COST_CATEGORIES,
  lineAmountMinor,
  quantityToMilli,
  type TCostCategory,
  type TCostDocumentDetailView,
} from '@amms/contracts/costs';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions, SelectField, TextAreaField, TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useIdempotencyKey } from '@/lib/idempotency';
import { orgPath } from '@/lib/nav';
import { todayIn } from '@/lib/zoned-time';
import { fenToYuanInput, formatFenExact, yuanToFen } from '@/lib/money';
import { costsMessages } from './messages';
import { CostLinkFields, type CostLinks } from './cost-links';
import { useSaveCostDocument } from './mutations';
import { useFieldErrors } from '@/lib/form-errors';

type Line = { key: string; description: string; quantity: string; unit: string; price: string };

let lineSeq = 0;
const newLine = (l: Partial<Line> = {}): Line => ({
  key: `l${++lineSeq}`,
  description: '',
  quantity: '1',
  unit: '',
  price: '',
  ...l,
});

/** The exact amount of a line as typed, or null while it cannot be computed. */
function lineFen(l: Line): bigint | null {
  const q = Number(l.quantity);
  const fen = yuanToFen(l.price);
  if (!l.quantity.trim() || !Number.isFinite(q) || q <= 0 || quantityToMilli(q) === null || fen === null) return null;
  return lineAmountMinor(q, fen);
}

/**
 * Create a cost document (a DRAFT) or edit a DRAFT: header and lines, amounts typed in yuan
 * and sent as integer fen; the total is previewed with the API's own arithmetic.
 */
export function CostForm({
  orgId,
  timeZone,
  existing,
  initialLinks,
  onDone,
}: {
  orgId: string;
  timeZone: string;
  existing?: TCostDocumentDetailView;
  /** a new document started from a machine or a work order (?assetId=…&workOrderId=…) */
  initialLinks?: Partial<CostLinks>;
  onDone?: () => void;
}) {
  const m = useMessages(costsMessages);
  const { locale } = useI18n();
  const router = useRouter();
  const idem = useIdempotencyKey();
  const [head, setHead] = useState({
    category: (existing?.category ?? 'FUEL') as TCostCategory,
    documentDate: existing?.documentDate ?? todayIn(timeZone),
    supplier: existing?.supplier ?? '',
    description: existing?.description ?? '',
  });
  const [links, setLinks] = useState<CostLinks>({
    assetId: existing?.assetId ?? initialLinks?.assetId ?? '',
    workOrderId: existing?.workOrderId ?? initialLinks?.workOrderId ?? '',
    jobId: existing?.jobId ?? initialLinks?.jobId ?? '',
  });
  const [lines, setLines] = useState<Line[]>(() =>
    existing
      ? existing.lines.map((l) =>
          newLine({
            description: l.description,
            quantity: String(l.quantity),
            unit: l.unit ?? '',
            price: fenToYuanInput(l.unitPriceMinor),
          }),
        )
      : [newLine()],
  );
  const [priceErrors, setPriceErrors] = useState<Record<string, boolean>>({});
  const touch = () => idem.reset(); // a changed form is a new request, not a retry

  const save = useSaveCostDocument(orgId, existing, (doc) => {
    idem.reset();
    if (onDone) onDone();
    else router.push(orgPath(orgId, `costs/${doc.id}`));
  });
  const send = () => {
    const body = {
      category: head.category,
      documentDate: head.documentDate,
      supplier: head.supplier.trim() || (existing ? null : undefined),
      description: head.description.trim() || (existing ? null : undefined),
      assetId: links.assetId || (existing ? null : undefined),
      workOrderId: links.workOrderId || (existing ? null : undefined),
      jobId: links.jobId || (existing ? null : undefined),
      lines: lines.map((l) => ({
        description: l.description,
        quantity: l.quantity.trim() === '' ? undefined : Number(l.quantity),
        unit: l.unit.trim() || undefined,
        unitPriceMinor: yuanToFen(l.price) ?? undefined,
      })),
    };
    save.mutate({ body, idempotencyKey: idem.key() });
  };
  const errs = useFieldErrors(save.error);

  const total = lines.reduce<bigint | null>((sum, l) => {
    const a = lineFen(l);
    return sum === null || a === null ? null : sum + a;
  }, 0n);

  const setLine = (key: string, patch: Partial<Line>) => {
    touch();
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const bad: Record<string, boolean> = {};
    for (const l of lines) if (yuanToFen(l.price) === null) bad[l.key] = true;
    setPriceErrors(bad);
    if (Object.keys(bad).length) return;
    send();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <SelectField
          label={m.form.category}
          value={head.category}
          onChange={(e) => {
            touch();
            setHead((h) => ({ ...h, category: e.target.value as TCostCategory }));
          }}
          error={errs.category}
        >
          {COST_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {m.category[c]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={m.form.date}
          type="date"
          required
          value={head.documentDate}
          onChange={(e) => {
            touch();
            setHead((h) => ({ ...h, documentDate: e.target.value }));
          }}
          error={errs.documentDate}
        />
        <CostLinkFields
          orgId={orgId}
          value={links}
          onChange={(v) => {
            touch();
            setLinks(v);
          }}
          errors={errs}
        />
        <TextField
          label={m.form.supplier}
          maxLength={200}
          value={head.supplier}
          onChange={(e) => {
            touch();
            setHead((h) => ({ ...h, supplier: e.target.value }));
          }}
          error={errs.supplier}
        />
        <TextAreaField
          label={m.form.description}
          rows={2}
          maxLength={2000}
          value={head.description}
          onChange={(e) => {
            touch();
            setHead((h) => ({ ...h, description: e.target.value }));
          }}
          error={errs.description}
        />
      </div>

      <section aria-labelledby="cost-lines-title" className="space-y-3">
        <h2 id="cost-lines-title" className="text-base font-semibold text-slate-900">
          {m.form.lines}
        </h2>
        {errs.lines ? <p className="text-sm text-red-700">{errs.lines}</p> : null}
        {lines.length === 0 ? <p className="text-sm text-slate-600">{m.form.noLines}</p> : null}
        <ol className="space-y-3">
          {lines.map((l, i) => {
            const amount = lineFen(l);
            const n = i + 1;
            return (
              <li key={l.key}>
                <fieldset className="rounded-xl border border-slate-200 bg-white p-3">
                  <legend className="px-1 text-sm font-medium text-slate-700">{format(m.form.line, { n })}</legend>
                  <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-start">
                    <TextField
                      label={m.form.lineDescription}
                      required
                      maxLength={200}
                      value={l.description}
                      onChange={(e) => setLine(l.key, { description: e.target.value })}
                      error={errs[`lines.${i}.description`]}
                    />
                    <TextField
                      label={m.form.quantity}
                      type="number"
                      inputMode="decimal"
                      step="0.001"
                      min="0"
                      required
                      value={l.quantity}
                      onChange={(e) => setLine(l.key, { quantity: e.target.value })}
                      error={errs[`lines.${i}.quantity`]}
                    />
                    <TextField
                      label={m.form.unit}
                      maxLength={20}
                      value={l.unit}
                      onChange={(e) => setLine(l.key, { unit: e.target.value })}
                      error={errs[`lines.${i}.unit`]}
                    />
                    <TextField
                      label={m.form.unitPrice}
                      inputMode="decimal"
                      required
                      placeholder="0.00"
                      value={l.price}
                      onChange={(e) => {
                        setPriceErrors((p) => ({ ...p, [l.key]: false }));
                        setLine(l.key, { price: e.target.value });
                      }}
                      error={priceErrors[l.key] ? m.form.invalidAmount : errs[`lines.${i}.unitPriceMinor`]}
                    />
                    <div className="flex items-end justify-between gap-3 lg:flex-col lg:items-end">
                      <p className="text-sm">
                        <span className="text-slate-600">{m.form.amount}: </span>
                        <output className="font-semibold tabular-nums text-slate-900">
                          {amount === null ? '—' : formatFenExact(amount, locale)}
                        </output>
                      </p>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={format(m.form.removeLine, { n })}
                        onClick={() => {
                          touch();
                          setLines((ls) => ls.filter((x) => x.key !== l.key));
                        }}
                      >
                        ✕
                      </Button>
                    </div>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              touch();
              setLines((ls) => [...ls, newLine()]);
            }}
          >
            + {m.form.addLine}
          </Button>
          <p className="text-base">
            <span className="text-slate-700">{m.form.total}: </span>
            <output className="font-bold tabular-nums text-slate-900">
              {total === null ? '—' : formatFenExact(total, locale)}
            </output>
          </p>
        </div>
      </section>

      <ErrorAlert error={save.error} />
      <FormActions
        cancelLabel={m.form.cancel}
        onCancel={() => (onDone ? onDone() : router.push(orgPath(orgId, 'costs')))}
      >
        <Button type="submit" pending={save.isPending}>
          {existing ? m.form.saveChanges : m.form.save}
        </Button>
      </FormActions>
    </form>
  );
}
