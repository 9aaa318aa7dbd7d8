'use client';

import { DEFAULT_SCOPE, type TDataScope, type TRole } from '@amms/contracts/permissions';
import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '@/components/ui/form';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { messages } from './messages';
import { isDefiniteFailure, useActionKey } from '@/lib/idempotency';
import { useAddMember } from './mutations';
import {
  grantableRoles,
  OneTimePasswordDialog,
  ScopeSelect,
  TeamPicker,
  type MemberDialogProps,
} from './member-fields';
import { formErrors } from '@/lib/form-errors';
import { FormDialog } from '@/components/ui/dialog';

/** Add a member: a new user gets a one-time password shown once; an existing user just joins. */
export function AddMemberDialog({
  orgId,
  myRole,
  teams,
  teamsPending,
  onClose,
  onAddedExisting,
}: MemberDialogProps & { onAddedExisting: (email: string) => void }) {
  const m = useMessages(messages);
  const { t } = useI18n();
  const idem = useActionKey();
  const roles = grantableRoles(myRole);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<TRole>(
    roles.includes('OPERATOR') ? 'OPERATOR' : (roles[roles.length - 1] ?? 'VIEWER'),
  );
  const [scope, setScope] = useState<TDataScope>(DEFAULT_SCOPE[role]);
  const [scopeTouched, setScopeTouched] = useState(false);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  /** the one-time password lives here only, and goes when the dialog closes */
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);

  const add = useAddMember(orgId, {
    onAdded: (res) => {
      idem.reset();
      if (res.oneTimePassword) setCreated({ email: res.member.email, password: res.oneTimePassword });
      else {
        onAddedExisting(res.member.email);
        onClose();
      }
    },
    onError: (err) => {
      if (isDefiniteFailure(err)) idem.reset();
    },
  });

  const errors = formErrors(add.error, {
    top: true,
    fields: { email: m.members.emailInvalid, name: m.members.nameRequired },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = { email: email.trim(), name: name.trim() || undefined, role, dataScope: scope, teamIds };
    add.mutate({ body, idempotencyKey: idem.keyFor(body) });
  }

  if (created) return <OneTimePasswordDialog email={created.email} password={created.password} onClose={onClose} />;

  return (
    <FormDialog
      title={m.members.add}
      wide
      pending={add.isPending}
      error={add.error}
      submitLabel={m.members.submitAdd}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={m.members.fieldEmail}
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email || null}
          maxLength={254}
        />
        <TextField
          label={m.members.fieldName}
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          hint={m.members.fieldNameHint}
          maxLength={120}
        />
        <SelectField
          label={m.members.fieldRole}
          value={role}
          error={errors.role}
          onChange={(e) => {
            const r = e.currentTarget.value as TRole;
            setRole(r);
            if (!scopeTouched) setScope(DEFAULT_SCOPE[r]);
          }}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {t.roles[r]}
            </option>
          ))}
        </SelectField>
        <ScopeSelect
          value={scope}
          error={errors.dataScope}
          onChange={(s) => {
            setScope(s);
            setScopeTouched(true);
          }}
        />
      </div>
      <TeamPicker teams={teams} pending={teamsPending} value={teamIds} onChange={setTeamIds} error={errors.teamIds} />
    </FormDialog>
  );
}
