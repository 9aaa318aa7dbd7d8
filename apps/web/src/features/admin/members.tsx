'use client';

import { MEMBER_SORTS, type TMember, type TMemberSort } from '@amms/contracts/members';
import { ROLE_RANK, ROLES, type TPermission, type TRole } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { EnumSelect } from '@/components/ui/enum-select';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form';
import { SortSelect } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { sameOrg } from '@/lib/queries';
import { useQueryChoice } from '@/lib/url-query';
import { useDebounced } from '@/lib/use-debounced';
import { messages } from './messages';
import { memberListQuery, teamOptionsQuery, type MemberFilters } from './queries';
import { AddMemberDialog } from './member-add-dialog';
import { RemoveMemberDialog, ResetPasswordDialog } from './member-confirm-dialogs';
import { EditMemberDialog } from './member-edit-dialog';
import { CursorListTable, ListSection, RowActions, td } from '@/components/ui/data-table';
import { useNotice } from '@/components/ui/states';

export type MembersProps = {
  orgId: string;
  myUserId: string;
  myRole: TRole;
  permissions: readonly TPermission[];
};

/** by name: the API's own default (id) is random, uuid v4 */
const DEFAULT_SORT: TMemberSort = 'name';

const STATUS_TONE: Record<TMember['status'], Tone> = { ACTIVE: 'green', SUSPENDED: 'amber', REMOVED: 'neutral' };

export function MembersAdmin({ orgId, myUserId, myRole }: MembersProps) {
  const m = useMessages(messages);
  const { t } = useI18n();
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
  const filters: MemberFilters = useMemo(
    () => ({ q: q || undefined, role: role || undefined, status: status || undefined, sort }),
    [q, role, status, sort],
  );

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
      <ListSection
        id="members-list-title"
        title={m.members.listTitle}
        action={<Button onClick={() => setAdding(true)}>{m.members.add}</Button>}
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <TextField
            label={m.members.search}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maxLength={100}
          />
          <EnumSelect
            label={m.members.filterRole}
            value={role}
            onChange={(v) => setRole(v)}
            anyLabel={m.members.all}
            values={ROLES}
            optionLabel={(r) => t.roles[r]}
          />
          <SelectField
            label={m.members.filterStatus}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as 'ACTIVE' | 'SUSPENDED' | '')}
          >
            <option value="">{m.members.all}</option>
            <option value="ACTIVE">{m.memberStatus.ACTIVE}</option>
            <option value="SUSPENDED">{m.memberStatus.SUSPENDED}</option>
          </SelectField>
          <SortSelect value={sort} options={sortOptions} onChange={setSort} />
        </div>

        <CursorListTable
          query={list}
          count={rows.length}
          empty={m.members.empty}
          label={m.members.listTitle}
          head={[
            m.members.colName,
            m.members.colEmail,
            m.members.colRole,
            m.members.colScope,
            m.members.colTeams,
            m.members.colStatus,
            m.common.actions,
          ]}
        >
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
                <td className={`${td} whitespace-nowrap`}>{t.roles[member.role]}</td>
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
                <RowActions
                  name={name}
                  actions={[
                    {
                      label: m.common.edit,
                      of: m.members.editOf,
                      kind: 'secondary',
                      onClick: () => setEditing(member),
                      disabled: above,
                      title: above ? m.members.aboveYouHint : undefined,
                    },
                    {
                      label: m.members.resetPassword,
                      of: m.members.resetPasswordOf,
                      kind: 'secondary',
                      onClick: () => setResetting(member),
                      disabled: above || self || member.status === 'REMOVED',
                      title: self ? m.members.resetSelfHint : above ? m.members.aboveYouHint : undefined,
                    },
                    {
                      label: m.members.remove,
                      of: m.members.removeOf,
                      kind: 'danger',
                      onClick: () => setRemoving(member),
                      disabled: above || self,
                      title: self ? m.members.selfHint : above ? m.members.aboveYouHint : undefined,
                    },
                  ]}
                />
              </tr>
            );
          })}
        </CursorListTable>
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
