'use client';

import type { TDraftVersion } from '@amms/contracts/drafts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ReasonDialog } from '@/components/reason-dialog';
import { FormActions } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { draftMessages } from './messages';
import { shortHash } from './queries';

/**
 * Confirm exactly the current version: its number and full content hash are shown before the
 * click. For someone who may also execute, "confirm and execute" does both in one step (the
 * confirmation still names this version + hash; the execution carries one Idempotency-Key, so a
 * retry or double click executes once). `confirmed`: the confirmation went through, the
 * execution did not start (retry it here).
 */
export function ConfirmDialog({
  version,
  pending,
  error,
  onConfirm,
  onClose,
  canExecute = false,
  onConfirmAndExecute,
  confirmed = false,
}: {
  version: TDraftVersion;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  canExecute?: boolean;
  onConfirmAndExecute?: () => void;
  confirmed?: boolean;
}) {
  const m = useMessages(draftMessages);
  const hash = shortHash(version.contentHash);
  return (
    <Dialog title={m.confirmTitle} onClose={onClose}>
      <div className="space-y-3 text-sm">
        <p className="font-semibold text-slate-900">{format(m.confirmBody, { version: version.version, hash })}</p>
        <p className="break-all font-mono text-xs text-slate-600" title={version.contentHash}>
          {version.contentHash}
        </p>
        <p className="text-slate-700">{m.confirmExplain}</p>
        {canExecute && onConfirmAndExecute ? (
          <p className="text-slate-700">{format(m.confirmAndExecuteExplain, { version: version.version, hash })}</p>
        ) : null}
        {confirmed ? (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
            {format(m.confirmedExecuteFailed, { version: version.version })}
          </p>
        ) : null}
        <ErrorAlert error={error} />
        <FormActions cancelLabel={m.cancel} onCancel={onClose}>
          {confirmed ? null : (
            <Button
              variant={canExecute && onConfirmAndExecute ? 'secondary' : 'primary'}
              onClick={onConfirm}
              pending={pending}
            >
              {format(m.confirmAction, { version: version.version })}
            </Button>
          )}
          {canExecute && onConfirmAndExecute ? (
            <Button onClick={onConfirmAndExecute} pending={pending}>
              {format(confirmed ? m.retryExecute : m.confirmAndExecute, { version: version.version })}
            </Button>
          ) : null}
        </FormActions>
      </div>
    </Dialog>
  );
}

/** Reject the draft: a reason is required (checked here), sent trimmed. */
export function RejectDialog({
  pending,
  error,
  onSubmit,
  onClose,
}: {
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const m = useMessages(draftMessages);
  return (
    <ReasonDialog
      title={m.rejectTitle}
      label={m.rejectReason}
      maxLength={1000}
      submitLabel={m.rejectAction}
      submitVariant="danger"
      cancelLabel={m.cancel}
      requiredMessage={m.reasonRequired}
      pending={pending}
      error={error}
      onSubmit={(reason) => onSubmit(reason.trim())}
      onClose={onClose}
    />
  );
}
