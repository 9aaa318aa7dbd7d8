'use client';

import { useRef, useState } from 'react';

/**
 * A form's text fields as one object: `set('name')` is the onChange of the field `name`,
 * `reset()` puts back the values of the first render (after an add that keeps the form open).
 * `onEdit` runs on every field change (e.g. a new idempotency key: a changed form is a new request).
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
  return { form, set, setForm, reset: () => setForm(first.current) };
}
