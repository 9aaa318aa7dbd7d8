'use client';

import { useId, useMemo, useState } from 'react';
import { Checkbox, CheckboxGroup } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { knowledgeMessages } from './messages';

type Model = { id: string; manufacturer: string; name: string };

const nameOf = (x: Model) => `${x.manufacturer} ${x.name}`;

/**
 * The machine models a manual applies to: a searchable multi-select. The chosen models stay in
 * view as removable chips; a search box narrows the catalog (maker or model, any case) to one
 * column of checkboxes that scrolls, so a long catalog is never clipped at any width.
 */
export function ModelChecklist({
  models,
  loading,
  value,
  onChange,
  disabled,
  error,
}: {
  models: Model[];
  loading: boolean;
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  error?: string;
}) {
  const m = useMessages(knowledgeMessages);
  const searchId = useId();
  const [q, setQ] = useState('');
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((x) => x !== id));
  const chosen = value.map((id) => models.find((x) => x.id === id)).filter((x): x is Model => !!x);
  const shown = useMemo(() => {
    const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return models.filter((x) => words.every((w) => nameOf(x).toLowerCase().includes(w)));
  }, [models, q]);

  return (
    <CheckboxGroup legend={m.upload.models} hint={m.upload.modelsHint} error={error}>
      {models.length === 0 ? (
        <p className="text-sm text-slate-600">{loading ? '…' : m.upload.modelsNone}</p>
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-slate-700" aria-live="polite">
            {chosen.length === 0 ? m.upload.modelsNoneSelected : format(m.upload.modelsSelected, { n: chosen.length })}
          </p>
          {chosen.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5">
              {chosen.map((x) => (
                <li key={x.id} className="min-w-0 max-w-full">
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => toggle(x.id, false)}
                    aria-label={format(m.upload.modelsRemove, { name: nameOf(x) })}
                    className="inline-flex max-w-full items-center gap-1 rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-1 text-sm text-emerald-950 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
                  >
                    <span className="truncate">{nameOf(x)}</span>
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="text-sm text-slate-800">
              {m.upload.modelsSearch}
            </label>
            <input
              id={searchId}
              type="search"
              value={q}
              disabled={disabled}
              onChange={(e) => setQ(e.target.value)}
              aria-describedby={`${searchId}-count`}
              className="min-h-10 w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700"
            />
            <p id={`${searchId}-count`} className="text-xs text-slate-600" aria-live="polite">
              {shown.length === 0
                ? format(m.upload.modelsNoMatch, { q: q.trim() })
                : format(m.upload.modelsShown, { shown: shown.length, total: models.length })}
            </p>
          </div>
          {shown.length > 0 ? (
            <div
              className="max-h-56 overflow-y-auto overflow-x-hidden rounded-md border border-slate-200 p-1"
              data-testid="model-options"
            >
              {shown.map((x) => (
                <Checkbox
                  key={x.id}
                  label={<span className="break-words">{nameOf(x)}</span>}
                  checked={value.includes(x.id)}
                  onChange={(on) => toggle(x.id, on)}
                  disabled={disabled}
                />
              ))}
            </div>
          ) : null}
        </div>
      )}
    </CheckboxGroup>
  );
}
