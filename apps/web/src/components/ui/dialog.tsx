'use client';

import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { Button, type ButtonProps } from './button';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form';
import { LineIcon } from './line-icon';
import { uiMessages } from './messages';

/**
 * The dialog kit: `Dialog` (the frame), `FormDialog` (fields, error, cancel / submit),
 * `ConfirmDialog` ("are you sure?"), `SecretDialog` (a secret shown once) and `Warning`.
 */

/**
 * A modal on the native <dialog>: the browser traps focus and Escape closes it. Render it
 * only while open (`open && <Dialog …/>`). The element is unmounted rather than closed, so the
 * browser's own focus return does not happen: focus goes back by hand to what had it before
 * (the button that opened the dialog), if that is still on the page.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal();
    return () => {
      el?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100vw-1.5rem)] ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40`}
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id="dialog-title" className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t.app.closeDialog}
          className="grid size-9 place-items-center rounded-md text-slate-600 hover:bg-slate-100"
        >
          <LineIcon d="M6 6l12 12M18 6L6 18" />
        </button>
      </div>
      <div className="max-h-[75dvh] overflow-y-auto px-4 py-4">{children}</div>
    </dialog>
  );
}

type Common = {
  title: string;
  pending: boolean;
  /** the last request's error, shown above the buttons */
  error: unknown;
  /** the cancel button's words (default: 取消 / Cancel) */
  cancelLabel?: string;
  onClose: () => void;
  children: ReactNode;
};

/**
 * A form in a dialog: the fields (children), the error of the last submit (or `alert` in its
 * place), cancel and submit. The browser's own submit is always prevented (onSubmit does the
 * request); while the request runs the dialog cannot be closed.
 */
export function FormDialog({
  title,
  wide = false,
  pending,
  error,
  alert,
  submitLabel,
  submitVariant = 'primary',
  cancelLabel,
  onSubmit,
  onClose,
  children,
}: Common & {
  wide?: boolean;
  alert?: ReactNode;
  submitLabel: string;
  submitVariant?: ButtonProps['variant'];
  onSubmit: (e: FormEvent) => void;
}) {
  const m = useMessages(uiMessages);
  return (
    <Dialog title={title} onClose={pending ? () => undefined : onClose} wide={wide}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(e);
        }}
        noValidate
        className="space-y-4"
      >
        {children}
        {alert ?? <ErrorAlert error={error} />}
        <FormActions cancelLabel={cancelLabel ?? m.cancel} onCancel={onClose} cancelDisabled={pending}>
          <Button type="submit" variant={submitVariant} pending={pending}>
            {submitLabel}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}

/** "Are you sure?" with the consequence in words; the confirm button shows progress and the error stays in the dialog. */
export function ConfirmDialog({
  title,
  confirmLabel,
  onConfirm,
  onClose,
  pending,
  error,
  cancelLabel,
  children,
}: Common & { confirmLabel: string; onConfirm: () => void }) {
  const m = useMessages(uiMessages);
  return (
    <Dialog title={title} onClose={pending ? () => undefined : onClose}>
      <div className="space-y-3 text-sm text-slate-800">{children}</div>
      <ErrorAlert error={error} className="mt-3" />
      <FormActions cancelLabel={cancelLabel ?? m.cancel} onCancel={onClose} cancelDisabled={pending} className="mt-4">
        <Button variant="danger" onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </FormActions>
    </Dialog>
  );
}

/** What a removal dialog of a row is given by its page. */
export type Removal = { orgId: string; onClose: () => void; onRemoved: () => void };

/**
 * The removal of one row asked for once: `remove` (a mutation) runs on confirm, its pending state
 * and error are shown; `words` holds the title and the confirm button's label.
 */
export function RemoveConfirm({
  words,
  body,
  remove,
  onClose,
}: {
  words: { removeTitle: string; removeConfirm: string };
  body: ReactNode;
  remove: { mutate: () => void; isPending: boolean; error: unknown };
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={words.removeTitle}
      confirmLabel={words.removeConfirm}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
      pending={remove.isPending}
      error={remove.error}
    >
      <p>{body}</p>
    </ConfirmDialog>
  );
}

/**
 * A secret shown once (a new API key, a one-time password): read-only text with a copy
 * button. The caller keeps the value in component state only and drops it on close.
 */
export function SecretValue({ label, value }: { label: string; value: string }) {
  const m = useMessages(uiMessages);
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
          {m.copy}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-xs text-slate-700">
        {copyState === 'copied' ? m.copied : copyState === 'failed' ? m.copyFailed : ''}
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
