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
  return (
    <>
      <TextField
        label={m.fields.name}
        name="name"
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        aria-required="true"
        maxLength={200}
        autoComplete="off"
      />
      <TextField
        label={m.fields.serialNumber}
        name="serialNumber"
        value={values.serialNumber}
        onChange={set('serialNumber')}
        error={errors.serialNumber}
        aria-required="true"
        maxLength={200}
        autoComplete="off"
        className="[&_input]:font-mono"
      />
    </>
  );
}
