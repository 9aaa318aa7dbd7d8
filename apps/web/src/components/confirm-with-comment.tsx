'use client';

import type { ReactNode } from 'react';
import { ReasonDialog } from './reason-dialog';

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
export function ConfirmWithCommentDialog({ commentLabel, confirmLabel, onConfirm, ...rest }: Props) {
  return (
    <ReasonDialog
      {...rest}
      label={commentLabel}
      submitLabel={confirmLabel}
      maxLength={500}
      optional
      onSubmit={(comment) => onConfirm(comment.trim() ? comment.trim() : undefined)}
    />
  );
}
