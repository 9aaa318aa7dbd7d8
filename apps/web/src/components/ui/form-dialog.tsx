'use client';

import type { FormEvent, ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Dialog } from './dialog';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form';

type Common = {
  title: string;
  pending: boolean;
  /** the last request's error, shown above the buttons */
  error: unknown;
  cancelLabel: string;
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
        <FormActions cancelLabel={cancelLabel} onCancel={onClose} cancelDisabled={pending}>
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
  return (
    <Dialog title={title} onClose={pending ? () => undefined : onClose}>
      <div className="space-y-3 text-sm text-slate-800">{children}</div>
      <ErrorAlert error={error} className="mt-3" />
      <FormActions cancelLabel={cancelLabel} onCancel={onClose} cancelDisabled={pending} className="mt-4">
        <Button variant="danger" onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </FormActions>
    </Dialog>
  );
}
