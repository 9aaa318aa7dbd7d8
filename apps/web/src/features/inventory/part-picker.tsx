'use client';

import type { TPart } from '@amms/contracts/inventory';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField, TextField } from '@/components/ui/form';
import { useMessages } from '@/i18n/messages';
import { useDebounced } from '@/lib/use-debounced';
import { inventoryMessages } from './messages';
import { partsListQuery, type partsPageQuery } from './queries';

/**
 * Choose a part: a search box (number, maker number, name, barcode) and the matching parts as a
 * select (the first page). `value` is the chosen part; a part chosen elsewhere (a scan, `?partId=`)
 * stays an option even when the search no longer matches it.
 */
export function PartPicker({
  orgId,
  value,
  onChange,
  label,
  searchLabel,
  error,
  size = 'md',
  listQuery = (q) => partsListQuery(orgId, { q: q || undefined }),
}: {
  orgId: string;
  value: TPart | null;
  onChange: (part: TPart | null) => void;
  label: string;
  searchLabel: string;
  error?: string | null;
  size?: 'md' | 'lg';
  /** the list's query for a search text (the field app's keys are kept offline) */
  listQuery?: (q: string) => ReturnType<typeof partsPageQuery>;
}) {
  const m = useMessages(inventoryMessages);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const list = useInfiniteQuery({
    ...listQuery(q),
    select: (d) => d.pages.flatMap((p) => p.items),
  });
  const parts = list.data ?? [];
  const options = value && !parts.some((p) => p.id === value.id) ? [value, ...parts] : parts;
  const big = size === 'lg' ? 'min-h-12 text-base' : '';
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        type="search"
        label={searchLabel}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        maxLength={100}
        className={big}
      />
      <SelectField
        label={label}
        value={value?.id ?? ''}
        error={error}
        onChange={(e) => onChange(options.find((p) => p.id === e.target.value) ?? null)}
        className={big}
      >
        <option value="">{m.move.choosePart}</option>
        {options.map((p) => (
          <option key={p.id} value={p.id}>
            {p.partNumber} · {p.nameZh}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
