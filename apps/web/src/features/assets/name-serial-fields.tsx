'use client';

import { TextField } from '@/components/ui/form';
import { useMessages } from '@/i18n/messages';
import type { Values } from './asset-values';
import { assetMessages } from './messages';

/** A machine's name and serial number inputs (the dashboard's asset form and the field app's "add a machine"). */
export function NameSerialFields({
  values,
  set,
  errors,
}: {
  values: Pick<Values, 'name' | 'serialNumber'>;
  set: (key: 'name' | 'serialNumber') => (e: { target: { value: string } }) => void;
  errors: Partial<Record<string, string>>;
}) {
  const m = useMessages(assetMessages);
  const field = (key: 'name' | 'serialNumber') => ({
    name: key,
    value: values[key],
    onChange: set(key),
    error: errors[key],
    'aria-required': 'true' as const,
    maxLength: 200,
    autoComplete: 'off',
  });
  return (
    <>
      <TextField label={m.fields.name} {...field('name')} />
      <TextField label={m.fields.serialNumber} {...field('serialNumber')} className="[&_input]:font-mono" />
    </>
  );
}
