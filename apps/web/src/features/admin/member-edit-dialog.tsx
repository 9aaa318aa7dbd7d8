'use client';

import { ZMember, type TMember, type TUpdateMemberRequest } from '@amms/contracts/members';
import { type TRole } from '@amms/contracts/permissions';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { SelectField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { ApiError } from '@/lib/api-client';
import { messages } from './messages';
import { useUpdateMember } from './mutations';
import { grantableRoles, ScopeSelect, TeamPicker, type MemberDialogProps } from './member-fields';
import { formErrors } from '@/lib/form-errors';
import { FormDialog, Warning } from '@/components/ui/dialog';

const ZVersionConflict = z.object({ current: ZMember });

/** Change a member's role, data scope, teams or status (a 409 shows the current state to decide again). */
export function EditMemberDialog({
  orgId,
  member: initial,
  self,
  myRole,
  teams,
  teamsPending,
  onClose,
  onSaved,
}: MemberDialogProps & { member: TMember; self: boolean; onSaved: (m: TMember) => void }) {
  const m = useMessages(messages);
  const { t } = useI18n();
  /** what the server last told us; the form diffs against it */
  const [base, setBase] = useState(initial);
  const [role, setRole] = useState(initial.role);
  const [scope, setScope] = useState(initial.dataScope);
  const [teamIds, setTeamIds] = useState(initial.teamIds);
  const [status, setStatus] = useState<'ACTIVE' | 'SUSPENDED'>(initial.status === 'SUSPENDED' ? 'SUSPENDED' : 'ACTIVE');
  const [conflict, setConflict] = useState(false);
  const roles = grantableRoles(myRole);

  const save = useUpdateMember(
    orgId,
    base.id,
    {
      onSaved: (saved) => onSaved(saved),
      onConflict: (err) => {
        const current = err instanceof ApiError ? ZVersionConflict.safeParse(err.details) : null;
        if (current?.success) {
          const c = current.data.current;
          setBase(c);
          setRole(c.role);
          setScope(c.dataScope);
          setTeamIds(c.teamIds);
          setStatus(c.status === 'SUSPENDED' ? 'SUSPENDED' : 'ACTIVE');
          setConflict(true);
        }
      },
    },
    base.teamIds,
  );

  const errors = formErrors(save.error, { top: true });

  function submit(e: FormEvent) {
    e.preventDefault();
    setConflict(false);
    const body: TUpdateMemberRequest = { version: base.version };
    if (role !== base.role) body.role = role;
    if (scope !== base.dataScope) body.dataScope = scope;
    if ([...teamIds].sort().join() !== [...base.teamIds].sort().join()) body.teamIds = teamIds;
    if (status !== base.status) body.status = status;
    if (Object.keys(body).length === 1) return onClose(); // nothing changed
    save.mutate(body);
  }

  const name = base.name || base.email;
  return (
    <FormDialog
      title={format(m.members.editTitle, { name })}
      wide
      pending={save.isPending}
      error={save.error}
      alert={
        conflict ? (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            {m.common.conflictRefreshed}
          </div>
        ) : undefined
      }
      submitLabel={m.common.save}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="break-all text-sm text-slate-700">{base.email}</p>
      {self ? <Warning>{m.members.selfHint}</Warning> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={m.members.fieldRole}
          value={role}
          onChange={(e) => setRole(e.currentTarget.value as TRole)}
          disabled={self}
          error={errors.role}
        >
          {(roles.includes(role) ? roles : [role, ...roles]).map((r) => (
            <option key={r} value={r}>
              {t.roles[r]}
            </option>
          ))}
        </SelectField>
        <ScopeSelect value={scope} onChange={setScope} error={errors.dataScope} disabled={self} />
        <SelectField
          label={m.members.fieldStatus}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as 'ACTIVE' | 'SUSPENDED')}
          disabled={self}
          error={errors.status}
        >
          <option value="ACTIVE">{m.memberStatus.ACTIVE}</option>
          <option value="SUSPENDED">{m.memberStatus.SUSPENDED}</option>
        </SelectField>
      </div>
      {/* under TEAM scope my own teams decide what I see: the API refuses that change too */}
      <TeamPicker
        teams={teams}
        pending={teamsPending}
        value={teamIds}
        onChange={setTeamIds}
        error={errors.teamIds}
        disabled={self && base.dataScope === 'TEAM'}
      />
    </FormDialog>
  );
}
