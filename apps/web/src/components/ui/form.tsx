'use client';

import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { Button } from './button';

type FieldShell = { label: ReactNode; error?: string | null; hint?: ReactNode; className?: string };

function Shell({ id, label, error, hint, className = '', children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const control = (error?: string | null) =>
  `w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700 disabled:bg-slate-100 ${
    error ? 'border-red-600' : 'border-slate-300'
  }`;

function describedBy(id: string, error?: string | null, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

export function TextField({
  label,
  error,
  hint,
  className,
  id: idProp,
  ...input
}: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const id = idProp ?? auto;
  return (
    <Shell id={id} label={label} error={error} hint={hint} className={className}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={control(error)}
        {...input}
      />
    </Shell>
  );
}

/** A decimal number (meter hours, hectares, litres): the numeric keyboard on phones, 0 or more unless `min` says otherwise. */
export function NumberField(props: FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'>) {
  return <TextField type="number" inputMode="decimal" min="0" {...props} />;
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  id: idProp,
  ...input
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const id = idProp ?? auto;
  return (
    <Shell id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={control(error)}
        {...input}
      />
    </Shell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  id: idProp,
  children,
  ...select
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const auto = useId();
  const id = idProp ?? auto;
  return (
    <Shell id={id} label={label} error={error} hint={hint} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={control(error)}
        {...select}
      >
        {children}
      </select>
    </Shell>
  );
}

/**
 * The buttons under a form or a dialog's form: "cancel / close" (secondary) first, then the
 * form's own action(s) (children), right-aligned and wrapping.
 */
export function FormActions({
  cancelLabel,
  onCancel,
  cancelDisabled,
  className,
  children,
}: {
  cancelLabel: string;
  onCancel: () => void;
  cancelDisabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `${className} flex flex-wrap justify-end gap-2` : 'flex flex-wrap justify-end gap-2'}>
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}
