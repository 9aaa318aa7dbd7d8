'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions, TextAreaField } from '@/components/ui/form';

type Props = {
  title: string;
  /** what is about to happen, in a sentence the person confirms */
  summary: ReactNode;
  commentLabel: string;
  confirmLabel: string;
  cancelLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: (comment: string | undefined) => void;
  onClose: () => void;
};

/** A decision (approve, accept) asked once more, with an optional comment kept on the record. */
export function ConfirmWithCommentDialog({
  title,
  summary,
  commentLabel,
  confirmLabel,
  cancelLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: Props) {
  const [comment, setComment] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm(comment.trim() ? comment.trim() : undefined);
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">{summary}</p>
        <TextAreaField
          label={commentLabel}
          rows={3}
          maxLength={500}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
        <ErrorAlert error={error} />
        <FormActions cancelLabel={cancelLabel} onCancel={onClose}>
          <Button type="submit" pending={pending}>
            {confirmLabel}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
