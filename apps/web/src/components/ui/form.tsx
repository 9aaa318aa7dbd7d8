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

/** What a field gives its control: its id, error state and description. */
type ControlAttrs = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

/**
 * A labelled field around one control (`render`): the label, the hint or the error under it, and
 * the control wired to them (id, aria-invalid, aria-describedby). The field's other props go to the control.
 */
function field<P extends { id?: string }>(render: (attrs: ControlAttrs, rest: Omit<P, 'id'>) => ReactNode) {
  return function Field({ label, error, hint, className, id: idProp, ...rest }: FieldShell & P) {
    const auto = useId();
    const id = idProp ?? auto;
    const attrs: ControlAttrs = {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(id, error, hint),
      className: control(error),
    };
    return (
      <Shell id={id} label={label} error={error} hint={hint} className={className}>
        {render(attrs, rest as unknown as Omit<P, 'id'>)}
      </Shell>
    );
  };
}

export const TextField = field<InputHTMLAttributes<HTMLInputElement>>((attrs, rest) => <input {...attrs} {...rest} />);

/** A decimal number (meter hours, hectares, litres): the numeric keyboard on phones, 0 or more unless `min` says otherwise. */
export function NumberField(props: FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'>) {
  return <TextField type="number" inputMode="decimal" min="0" {...props} />;
}

export const TextAreaField = field<TextareaHTMLAttributes<HTMLTextAreaElement>>((attrs, rest) => (
  <textarea {...attrs} {...rest} />
));

export const SelectField = field<SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }>((attrs, rest) => (
  <select {...attrs} {...rest} />
));

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

/** A fieldset of checkboxes (teams, permissions) with a real legend. */
export function CheckboxGroup({
  legend,
  hint,
  error,
  children,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-err` : hint ? `${id}-hint` : undefined} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-2">{children}</div>
      {error ? (
        <p id={`${id}-err`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A labelled checkbox; `className` and `inputClassName` replace the default look where a page needs its own. */
export function Checkbox({
  label,
  checked,
  onChange,
  disabled,
  name,
  className = 'flex min-h-9 cursor-pointer items-center gap-2 rounded px-1 text-sm text-slate-800 hover:bg-slate-50',
  inputClassName = 'size-4 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700',
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  className?: string;
  inputClassName?: string;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        className={inputClassName}
      />
      <span>{label}</span>
    </label>
  );
}
