'use client';

import { MEMBER_SORTS, ZAddMemberResponse, ZMember, ZPasswordResetResponse, type TAddMemberRequest, type TMember, type TMemberSort, type TUpdateMemberRequest } from '@amms/contracts/members';
import { DATA_SCOPES, DEFAULT_SCOPE, ROLE_RANK, ROLES, type TDataScope, type TPermission, type TRole } from '@amms/contracts/permissions';
import type { TTeam } from '@amms/contracts/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form';
import { CursorListStates, HeadRow, SortSelect } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { apiFetch, ApiError } from '@/lib/api-client';
import { useCursorList } from '@/lib/cursor-list';
import { sameOrg } from '@/lib/queries';
import { refreshQueries } from '@/lib/refresh';
import { useQueryChoice } from '@/lib/url-query';
import { useDebounced } from '@/lib/use-debounced';
import { messages, type AdminMessages } from './messages';
import { isConflict, isDefiniteFailure, useActionKey } from './mutations';
import { adminKeys, adminPaths, memberListQuery, teamOptionsQuery, type MemberFilters } from './queries';
import { Checkbox, CheckboxGroup, ConfirmDialog, formErrors, FormDialog, ListSection, SecretDialog, TableFrame, td, th, useNotice, Warning } from './ui';

export type MembersProps = {
  orgId: string;
  myUserId: string;
  myRole: TRole;
  permissions: readonly TPermission[];
};

/** by name: the API's own default (id) is random, uuid v4 */
const DEFAULT_SORT: TMemberSort = 'name';

const STATUS_TONE: Record<TMember['status'], Tone> = { ACTIVE: 'green', SUSPENDED: 'amber', REMOVED: 'neutral' };

/** Roles I may hand out or change: nobody grants a role above their own (the API refuses it too). */
function grantableRoles(myRole: TRole): TRole[] {
  return ROLES.filter((r) => ROLE_RANK[r] <= ROLE_RANK[myRole]);
}

export function MembersAdmin({ orgId, myUserId, myRole }: MembersProps) {
  const m = useMessages(messages);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<TRole | ''>('');
  const [status, setStatus] = useState<'ACTIVE' | 'SUSPENDED' | ''>('');
  const q = useDebounced(search.trim(), 300);
  // the order lives in the URL (reload, back button, a shared link keep it)
  const [sort, setSort] = useQueryChoice('sort', MEMBER_SORTS, DEFAULT_SORT);
  const sortOptions = [
    { value: 'name', label: m.members.sortNameAsc },
    { value: '-name', label: m.members.sortNameDesc },
    { value: 'email', label: m.members.sortEmailAsc },
    { value: '-email', label: m.members.sortEmailDesc },
    { value: '-createdAt', label: m.members.sortJoinedNewest },
    { value: 'createdAt', label: m.members.sortJoinedOldest },
  ] as const satisfies readonly { value: TMemberSort; label: string }[];
  const filters: MemberFilters = useMemo(() => ({ q: q || undefined, role: role || undefined, status: status || undefined, sort }), [q, role, status, sort]);

  // keep the rows while a filter changes (never another org's)
  const { query: list, rows } = useCursorList({ ...memberListQuery(orgId, filters), placeholderData: sameOrg(orgId) });
  const teams = useQuery(teamOptionsQuery(orgId));
  const teamName = useMemo(() => new Map((teams.data ?? []).map((t) => [t.id, t.name])), [teams.data]);

  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TMember | null>(null);
  const [removing, setRemoving] = useState<TMember | null>(null);
  const [resetting, setResetting] = useState<TMember | null>(null);
  const [notice, setNotice] = useNotice();

  const myRank = ROLE_RANK[myRole];

  return (
    <>
      {notice}
      <ListSection id="members-list-title" title={m.members.listTitle} action={<Button onClick={() => setAdding(true)}>{m.members.add}</Button>}>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <TextField label={m.members.search} type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} maxLength={100} />
          <SelectField label={m.members.filterRole} value={role} onChange={(e) => setRole(e.currentTarget.value as TRole | '')}>
            <option value="">{m.members.all}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {m.roles[r]}
              </option>
            ))}
          </SelectField>
          <SelectField label={m.members.filterStatus} value={status} onChange={(e) => setStatus(e.currentTarget.value as 'ACTIVE' | 'SUSPENDED' | '')}>
            <option value="">{m.members.all}</option>
            <option value="ACTIVE">{m.memberStatus.ACTIVE}</option>
            <option value="SUSPENDED">{m.memberStatus.SUSPENDED}</option>
          </SelectField>
          <SortSelect value={sort} options={sortOptions} onChange={setSort} />
        </div>

        <CursorListStates query={list} count={rows.length} empty={m.members.empty} busy>
          <TableFrame label={m.members.listTitle}>
            <thead>
              <HeadRow className={th} cells={[m.members.colName, m.members.colEmail, m.members.colRole, m.members.colScope, m.members.colTeams, m.members.colStatus, m.common.actions]} />
            </thead>
            <tbody>
              {rows.map((member) => {
                const self = member.userId === myUserId;
                const above = ROLE_RANK[member.role] > myRank;
                const name = member.name || member.email;
                return (
                  <tr key={member.id}>
                    <th scope="row" className={`${td} font-medium text-slate-900`}>
                      {name}
                      {self ? <span className="font-normal text-slate-600">{m.members.you}</span> : null}
                    </th>
                    <td className={`${td} break-all`}>{member.email}</td>
                    <td className={`${td} whitespace-nowrap`}>{m.roles[member.role]}</td>
                    <td className={`${td} whitespace-nowrap`}>{m.scopes[member.dataScope]}</td>
                    <td className={td}>
                      {member.teamIds.length === 0 ? (
                        <span className="text-slate-500">{m.members.noTeams}</span>
                      ) : (
                        <ul className="flex flex-wrap gap-1">
                          {member.teamIds.map((id) => (
                            <li key={id}>
                              <Badge tone="blue">{teamName.get(id) ?? '…'}</Badge>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      <Badge tone={STATUS_TONE[member.status]}>{m.memberStatus[member.status]}</Badge>
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      <div className="flex gap-1">
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setEditing(member)}
                          disabled={above}
                          title={above ? m.members.aboveYouHint : undefined}
                          aria-label={format(m.members.editOf, { name })}
                        >
                          {m.common.edit}
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setResetting(member)}
                          disabled={above || self || member.status === 'REMOVED'}
                          title={self ? m.members.resetSelfHint : above ? m.members.aboveYouHint : undefined}
                          aria-label={format(m.members.resetPasswordOf, { name })}
                        >
                          {m.members.resetPassword}
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-800"
                          onClick={() => setRemoving(member)}
                          disabled={above || self}
                          title={self ? m.members.selfHint : above ? m.members.aboveYouHint : undefined}
                          aria-label={format(m.members.removeOf, { name })}
                        >
                          {m.members.remove}
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </TableFrame>
        </CursorListStates>
      </ListSection>

      {adding ? (
        <AddMemberDialog
          orgId={orgId}
          myRole={myRole}
          teams={teams.data}
          teamsPending={teams.isPending}
          onClose={() => setAdding(false)}
          onAddedExisting={(email) => setNotice(format(m.members.addedExisting, { email }))}
        />
      ) : null}
      {editing ? (
        <EditMemberDialog
          orgId={orgId}
          member={editing}
          self={editing.userId === myUserId}
          myRole={myRole}
          teams={teams.data}
          teamsPending={teams.isPending}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setNotice(format(m.members.saved, { name: saved.name || saved.email }));
          }}
        />
      ) : null}
      {resetting ? <ResetPasswordDialog orgId={orgId} member={resetting} onClose={() => setResetting(null)} /> : null}
      {removing ? (
        <RemoveMemberDialog
          orgId={orgId}
          member={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setNotice(format(m.members.removed, { name: removing.name || removing.email }));
            setRemoving(null);
          }}
        />
      ) : null}
    </>
  );
}

function TeamPicker({
  m,
  teams,
  pending,
  value,
  onChange,
  error,
  disabled,
}: {
  m: AdminMessages;
  teams: TTeam[] | undefined;
  pending: boolean;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
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

function ScopeSelect({ m, value, onChange, error, disabled }: { m: AdminMessages; value: TDataScope; onChange: (s: TDataScope) => void; error?: string; disabled?: boolean }) {
  return (
    <SelectField label={m.members.fieldScope} value={value} onChange={(e) => onChange(e.currentTarget.value as TDataScope)} error={error} hint={m.scopeHints[value]} disabled={disabled}>
      {DATA_SCOPES.map((s) => (
        <option key={s} value={s}>
          {m.scopes[s]}
        </option>
      ))}
    </SelectField>
  );
}

function AddMemberDialog({
  orgId,
  myRole,
  teams,
  teamsPending,
  onClose,
  onAddedExisting,
}: {
  orgId: string;
  myRole: TRole;
  teams: TTeam[] | undefined;
  teamsPending: boolean;
  onClose: () => void;
  onAddedExisting: (email: string) => void;
}) {
  const m = useMessages(messages);
  const qc = useQueryClient();
  const idem = useActionKey();
  const roles = grantableRoles(myRole);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<TRole>(roles.includes('OPERATOR') ? 'OPERATOR' : (roles[roles.length - 1] ?? 'VIEWER'));
  const [scope, setScope] = useState<TDataScope>(DEFAULT_SCOPE[role]);
  const [scopeTouched, setScopeTouched] = useState(false);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  /** the one-time password lives here only, and goes when the dialog closes */
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);

  const add = useMutation({
    mutationFn: (body: TAddMemberRequest) => apiFetch(adminPaths.members(orgId), ZAddMemberResponse, { method: 'POST', body, idempotencyKey: idem.keyFor(body) }),
    onSuccess: (res) => {
      idem.reset();
      void refreshQueries(qc, adminKeys.members(orgId), adminKeys.teams(orgId));
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

  const errors = formErrors(add.error, { email: m.members.emailInvalid, name: m.members.nameRequired });

  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate({ email: email.trim(), name: name.trim() || undefined, role, dataScope: scope, teamIds });
  }

  if (created) {
    return (
      <SecretDialog
        title={m.members.otpTitle}
        intro={format(m.members.otpIntro, { email: created.email })}
        label={m.members.otpLabel}
        value={created.password}
        warning={m.members.otpWarning}
        doneLabel={m.members.otpDone}
        onClose={onClose}
      />
    );
  }

  return (
    <FormDialog title={m.members.add} wide pending={add.isPending} error={add.error} submitLabel={m.members.submitAdd} onSubmit={submit} onClose={onClose}>
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
              {m.roles[r]}
            </option>
          ))}
        </SelectField>
        <ScopeSelect
          m={m}
          value={scope}
          error={errors.dataScope}
          onChange={(s) => {
            setScope(s);
            setScopeTouched(true);
          }}
        />
      </div>
      <TeamPicker m={m} teams={teams} pending={teamsPending} value={teamIds} onChange={setTeamIds} error={errors.teamIds} />
    </FormDialog>
  );
}

const ZVersionConflict = z.object({ current: ZMember });

function EditMemberDialog({
  orgId,
  member: initial,
  self,
  myRole,
  teams,
  teamsPending,
  onClose,
  onSaved,
}: {
  orgId: string;
  member: TMember;
  self: boolean;
  myRole: TRole;
  teams: TTeam[] | undefined;
  teamsPending: boolean;
  onClose: () => void;
  onSaved: (m: TMember) => void;
}) {
  const m = useMessages(messages);
  const qc = useQueryClient();
  /** what the server last told us; the form diffs against it */
  const [base, setBase] = useState(initial);
  const [role, setRole] = useState(initial.role);
  const [scope, setScope] = useState(initial.dataScope);
  const [teamIds, setTeamIds] = useState(initial.teamIds);
  const [status, setStatus] = useState<'ACTIVE' | 'SUSPENDED'>(initial.status === 'SUSPENDED' ? 'SUSPENDED' : 'ACTIVE');
  const [conflict, setConflict] = useState(false);
  const roles = grantableRoles(myRole);

  const save = useMutation({
    mutationFn: (body: TUpdateMemberRequest) => apiFetch(adminPaths.member(orgId, base.id), ZMember, { method: 'PATCH', body }),
    onSuccess: (saved) => {
      void refreshQueries(qc, adminKeys.members(orgId));
      if (saved.teamIds.join() !== base.teamIds.join()) void refreshQueries(qc, adminKeys.teams(orgId));
      onSaved(saved);
    },
    onError: (err) => {
      if (!isConflict(err)) return;
      // someone else changed this member: show the current state, the admin decides again
      void refreshQueries(qc, adminKeys.members(orgId));
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
  });

  const errors = formErrors(save.error, {});

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
        <SelectField label={m.members.fieldRole} value={role} onChange={(e) => setRole(e.currentTarget.value as TRole)} disabled={self} error={errors.role}>
          {(roles.includes(role) ? roles : [role, ...roles]).map((r) => (
            <option key={r} value={r}>
              {m.roles[r]}
            </option>
          ))}
        </SelectField>
        <ScopeSelect m={m} value={scope} onChange={setScope} error={errors.dataScope} disabled={self} />
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
        m={m}
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

function RemoveMemberDialog({ orgId, member, onClose, onRemoved }: { orgId: string; member: TMember; onClose: () => void; onRemoved: () => void }) {
  const m = useMessages(messages);
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiFetch(adminPaths.member(orgId, member.id), z.undefined(), { method: 'DELETE' }),
    onSuccess: () => {
      void refreshQueries(qc, adminKeys.members(orgId), adminKeys.teams(orgId));
      onRemoved();
    },
    onError: (err) => {
      if (isConflict(err) || (err instanceof ApiError && err.status === 404)) void refreshQueries(qc, adminKeys.members(orgId));
    },
  });
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
function ResetPasswordDialog({ orgId, member, onClose }: { orgId: string; member: TMember; onClose: () => void }) {
  const m = useMessages(messages);
  const qc = useQueryClient();
  /** the one-time password lives here only, and goes when the dialog closes */
  const [password, setPassword] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: () => apiFetch(adminPaths.passwordReset(orgId, member.id), ZPasswordResetResponse, { method: 'POST' }),
    // nothing of the answer stays in the mutation cache once the dialog is gone
    gcTime: 0,
    onSuccess: (res) => setPassword(res.oneTimePassword),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void refreshQueries(qc, adminKeys.members(orgId));
    },
  });
  if (password) {
    return (
      <SecretDialog
        title={m.members.resetOtpTitle}
        intro={format(m.members.resetOtpIntro, { email: member.email })}
        label={m.members.otpLabel}
        value={password}
        warning={m.members.resetOtpWarning}
        doneLabel={m.members.otpDone}
        onClose={onClose}
      />
    );
  }
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
