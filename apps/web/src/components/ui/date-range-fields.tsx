'use client';

import type { DateRange } from '@/lib/url-query';
import { TextField } from './form';

/** A from/to pair of date inputs; each bounds the other (from ≤ to) in the browser's picker. */
export function DateRangeFields({
  fromLabel,
  toLabel,
  range,
}: {
  fromLabel: string;
  toLabel: string;
  range: DateRange;
}) {
  const { from, to, setFrom, setTo } = range;
  const ends = [
    { key: 'from', label: fromLabel, value: from, set: setFrom, bound: { max: to || undefined } },
    { key: 'to', label: toLabel, value: to, set: setTo, bound: { min: from || undefined } },
  ];
  return (
    <>
      {ends.map((end) => (
        <TextField
          key={end.key}
          type="date"
          label={end.label}
          value={end.value}
          {...end.bound}
          onChange={(e) => end.set(e.target.value)}
        />
      ))}
    </>
  );
}
