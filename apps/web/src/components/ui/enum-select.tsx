'use client';

import type { ReactNode } from 'react';
import { SelectField } from './form';

/**
 * A filter over a fixed set of values: "any" (the empty value) first, then `extra` options
 * (e.g. a group such as "open"), then one option per value in the given order.
 */
export function EnumSelect<V extends string>({
  label,
  value,
  values,
  optionLabel,
  anyLabel,
  onChange,
  extra,
  className,
}: {
  label: string;
  value: string;
  values: readonly V[];
  optionLabel: (v: V) => ReactNode;
  anyLabel: string;
  /** the chosen value, '' for "any" (an `extra` option's value as it is) */
  onChange: (v: V | '') => void;
  extra?: ReactNode;
  className?: string;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value as V | '')} className={className}>
      <option value="">{anyLabel}</option>
      {extra}
      {values.map((v) => (
        <option key={v} value={v}>
          {optionLabel(v)}
        </option>
      ))}
    </SelectField>
  );
}
