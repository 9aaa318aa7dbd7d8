'use client';

import { TextField } from './form';

/** A from/to pair of date inputs; each bounds the other (from ≤ to) in the browser's picker. */
export function DateRangeFields({
  fromLabel,
  toLabel,
  from,
  to,
  onFromChange,
  onToChange,
}: {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onFromChange: (v: string) => void;
  onToChange: (v: string) => void;
}) {
  return (
    <>
      <TextField
        type="date"
        label={fromLabel}
        value={from}
        max={to || undefined}
        onChange={(e) => onFromChange(e.target.value)}
      />
      <TextField
        type="date"
        label={toLabel}
        value={to}
        min={from || undefined}
        onChange={(e) => onToChange(e.target.value)}
      />
    </>
  );
}
