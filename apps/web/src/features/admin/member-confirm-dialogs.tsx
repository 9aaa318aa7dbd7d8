'use client';

import { type TMember } from '@amms/contracts/members';
import { useState } from 'react';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { messages } from './messages';
import { OneTimePasswordDialog } from './member-fields';
import { useRemoveMember, useResetMemberPassword } from './mutations';
import { ConfirmDialog } from '@/components/ui/dialog';

export function RemoveMemberDialog({
  orgId,
  member,
  onClose,
  onRemoved,
}: {
  orgId: string;
  member: TMember;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const m = useMessages(messages);
  const remove = useRemoveMember(orgId, member.id, onRemoved);
  return (
    <ConfirmDialog
      title={m.members.removeTitle}
      confirmLabel={m.members.removeConfirm}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
      pending={remove.isPending}
      error={remove.error}
    >
      <p>{format(m.members.removeBody, { name: member.name || member.email, email: member.email })}</p>
    </ConfirmDialog>
  );
}

/**
 * Confirm, then show the new one-time password once (it lives in this dialog's state only). No
 * Idempotency-Key: a repeat issues a newer password, and no stored answer should keep it.
 */
export function ResetPasswordDialog({
  orgId,
  member,
  onClose,
}: {
  orgId: string;
  member: TMember;
  onClose: () => void;
}) {
  const m = useMessages(messages);
  /** the one-time password lives here only, and goes when the dialog closes */
  const [password, setPassword] = useState<string | null>(null);
  const reset = useResetMemberPassword(orgId, member.id, setPassword);
  if (password) return <OneTimePasswordDialog email={member.email} password={password} reset onClose={onClose} />;
  return (
    <ConfirmDialog
      title={m.members.resetTitle}
      confirmLabel={m.members.resetConfirm}
      onConfirm={() => reset.mutate()}
      onClose={onClose}
      pending={reset.isPending}
      error={reset.error}
    >
      <p>{format(m.members.resetBody, { name: member.name || member.email, email: member.email })}</p>
    </ConfirmDialog>
  );
}
