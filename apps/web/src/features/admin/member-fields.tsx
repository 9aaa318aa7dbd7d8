'use client';

import { DATA_SCOPES, ROLE_RANK, ROLES, type TDataScope, type TRole } from '@amms/contracts/permissions';
import type { TTeam } from '@amms/contracts/teams';
import { Checkbox, CheckboxGroup, SelectField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { messages } from './messages';
import { SecretDialog } from '@/components/ui/dialog';

/** Pieces of the member dialogs: the roles one may grant, the team picker, the data-scope select. */

/** Roles I may hand out or change: nobody grants a role above their own (the API refuses it too). */
export function grantableRoles(myRole: TRole): TRole[] {
  return ROLES.filter((r) => ROLE_RANK[r] <= ROLE_RANK[myRole]);
}

export function TeamPicker({
  teams,
  pending,
  value,
  onChange,
  error,
  disabled,
}: {
  teams: TTeam[] | undefined;
  pending: boolean;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const m = useMessages(messages);
  return (
    <CheckboxGroup legend={m.members.fieldTeams} error={error}>
      {pending ? (
        <p className="text-sm text-slate-600">{m.members.teamsLoading}</p>
      ) : !teams || teams.length === 0 ? (
        <p className="text-sm text-slate-600">{m.members.teamsNone}</p>
      ) : (
        <div className="grid max-h-48 gap-x-3 overflow-y-auto sm:grid-cols-2">
          {teams.map((t) => (
            <Checkbox
              key={t.id}
              label={t.name}
              checked={value.includes(t.id)}
              disabled={disabled}
              onChange={(on) => onChange(on ? [...value, t.id] : value.filter((id) => id !== t.id))}
            />
          ))}
        </div>
      )}
    </CheckboxGroup>
  );
}

export function ScopeSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: TDataScope;
  onChange: (s: TDataScope) => void;
  error?: string;
  disabled?: boolean;
}) {
  const m = useMessages(messages);
  return (
    <SelectField
      label={m.members.fieldScope}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as TDataScope)}
      error={error}
      hint={m.scopeHints[value]}
      disabled={disabled}
    >
      {DATA_SCOPES.map((s) => (
        <option key={s} value={s}>
          {m.scopes[s]}
        </option>
      ))}
    </SelectField>
  );
}

/** What the add and edit dialogs of a member take from the members page. */
export type MemberDialogProps = {
  orgId: string;
  myRole: TRole;
  teams: TTeam[] | undefined;
  teamsPending: boolean;
  onClose: () => void;
};

/** A new member's (`reset`: a reset) one-time password, shown once. */
export function OneTimePasswordDialog({
  email,
  password,
  reset = false,
  onClose,
}: {
  email: string;
  password: string;
  reset?: boolean;
  onClose: () => void;
}) {
  const m = useMessages(messages).members;
  return (
    <SecretDialog
      title={reset ? m.resetOtpTitle : m.otpTitle}
      intro={format(reset ? m.resetOtpIntro : m.otpIntro, { email })}
      label={m.otpLabel}
      value={password}
      warning={reset ? m.resetOtpWarning : m.otpWarning}
      doneLabel={m.otpDone}
      onClose={onClose}
    />
  );
}
