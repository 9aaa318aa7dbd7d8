'use client';

import { useState, type ReactNode } from 'react';
import type { ButtonProps } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/dialog';

type Props = {
  title: string;
  /** what is about to happen, in a sentence above the text box */
  summary?: ReactNode;
  label: string;
  maxLength: number;
  submitLabel: string;
  submitVariant?: ButtonProps['variant'];
  cancelLabel: string;
  pending: boolean;
  error: unknown;
  /** the server's message for the text field (e.g. useFieldErrors(error).reason) */
  fieldError?: string | null;
  /** an optional comment rather than a required reason */
  optional?: boolean;
  /** checked here before any request: an empty (blank) reason is refused with this message */
  requiredMessage?: string;
  /** the text as typed (the caller trims it if it should) */
  onSubmit: (text: string) => void;
  onClose: () => void;
};

/** A decision with a reason (reject, cancel) or an optional comment (approve, accept) kept on the record. */
export function ReasonDialog({
  title,
  summary,
  label,
  maxLength,
  submitLabel,
  submitVariant,
  cancelLabel,
  pending,
  error,
  fieldError,
  optional = false,
  requiredMessage,
  onSubmit,
  onClose,
}: Props) {
  const [text, setText] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const submit = () => {
    if (requiredMessage && !text.trim()) return setLocal(requiredMessage);
    setLocal(null);
    onSubmit(text);
  };
  return (
    <FormDialog
      title={title}
      cancelLabel={cancelLabel}
      submitLabel={submitLabel}
      submitVariant={submitVariant}
      pending={pending}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      {summary ? <p className="text-sm text-slate-700">{summary}</p> : null}
      <TextAreaField
        label={label}
        rows={3}
        required={!optional}
        maxLength={maxLength}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={local ?? fieldError}
      />
    </FormDialog>
  );
}
