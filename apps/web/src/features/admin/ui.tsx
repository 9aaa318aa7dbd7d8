'use client';

import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ConfirmDialog as BaseConfirmDialog, FormDialog as BaseFormDialog } from '@/components/ui/form-dialog';
import { useMessages } from '@/i18n/messages';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-messages';
import { messages } from './messages';

type WithoutCancel<P> = Omit<P, 'cancelLabel'>;

/** components/ui/form-dialog's ConfirmDialog with the admin pages' "cancel". */
export function ConfirmDialog(props: WithoutCancel<ComponentProps<typeof BaseConfirmDialog>>) {
  const m = useMessages(messages);
  return <BaseConfirmDialog cancelLabel={m.common.cancel} {...props} />;
}

/** components/ui/form-dialog's FormDialog with the admin pages' "cancel". */
export function FormDialog(props: WithoutCancel<ComponentProps<typeof BaseFormDialog>>) {
  const m = useMessages(messages);
  return <BaseFormDialog cancelLabel={m.common.cancel} {...props} />;
}

/**
 * A secret shown once (a new API key, a one-time password): read-only text with a copy
 * button. The caller keeps the value in component state only and drops it on close.
 */
export function SecretValue({ label, value }: { label: string; value: string }) {
  const m = useMessages(messages);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopyState('copied');
    } catch {
      inputRef.current?.select();
      setCopyState('failed');
    }
  }

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
          autoComplete="off"
          data-secret=""
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700"
        />
        <Button variant="secondary" onClick={copy}>
          {m.common.copy}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-xs text-slate-700">
        {copyState === 'copied' ? m.common.copied : copyState === 'failed' ? m.common.copyFailed : ''}
      </p>
    </div>
  );
}

/** A one-time secret (a new API key, a one-time password) in its own dialog: read it, copy it, done. */
export function SecretDialog({
  title,
  intro,
  label,
  value,
  warning,
  doneLabel,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  label: string;
  value: string;
  warning: ReactNode;
  doneLabel: string;
  onClose: () => void;
}) {
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="space-y-3">
        <p className="text-sm text-slate-800">{intro}</p>
        <SecretValue label={label} value={value} />
        <Warning>{warning}</Warning>
        <div className="flex justify-end">
          <Button onClick={onClose}>{doneLabel}</Button>
        </div>
      </div>
    </Dialog>
  );
}

export function Warning({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">{children}</p>;
}

/** A short success note after a mutation, read out politely; disappears after a while. */
export function useNotice(): [ReactNode, (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    const t = setTimeout(() => setText(null), 6000);
    return () => clearTimeout(t);
  }, [text]);
  const node = (
    <p
      role="status"
      aria-live="polite"
      className={
        text ? 'mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900' : 'sr-only'
      }
    >
      {text ?? ''}
    </p>
  );
  return [node, setText];
}

/**
 * VALIDATION_FAILED details → field messages, with better words for the paths this
 * page knows (the API's own message otherwise). Other codes go to `codeFields`
 * (e.g. TEAM_NAME_TAKEN → the name field).
 */
export function formErrors(
  err: unknown,
  known: Record<string, string>,
  codeFields: Record<string, [string, string]> = {},
): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  if (err.code === 'VALIDATION_FAILED') {
    const raw = fieldErrors(err);
    const out: Record<string, string> = {};
    for (const [path, msg] of Object.entries(raw)) {
      const top = path.split('.')[0] ?? path;
      out[top] ??= known[path] ?? known[top] ?? msg;
    }
    return out;
  }
  const mapped = codeFields[err.code];
  return mapped ? { [mapped[0]]: mapped[1] } : {};
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

export function Checkbox({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-1 text-sm text-slate-800 hover:bg-slate-50">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        className="size-4 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      />
      <span>{label}</span>
    </label>
  );
}
