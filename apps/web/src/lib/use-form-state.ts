'use client';

import { useRef, useState } from 'react';

/**
 * A form's text fields as one object: `set('name')` is the onChange of the field `name`,
 * `reset()` puts back the values of the first render (after an add that keeps the form open).
 * `onEdit` runs on every field change (e.g. a new idempotency key: a changed form is a new request).
 * `bind('name', errors)` is what a field component takes for `name`: its value, onChange and error.
 */
export function useFormState<F extends Record<string, string>>(initial: F, onEdit?: () => void) {
  const first = useRef(initial);
  const [form, setForm] = useState<F>(initial);
  const set =
    (k: keyof F) =>
    (e: { target: { value: string } }): void => {
      onEdit?.();
      setForm((f) => ({ ...f, [k]: e.target.value }));
    };
  const bind = (k: keyof F & string, errors?: Record<string, string>) => ({
    value: form[k],
    onChange: set(k),
    error: errors?.[k],
  });
  return { form, set, bind, setForm, reset: () => setForm(first.current) };
}
