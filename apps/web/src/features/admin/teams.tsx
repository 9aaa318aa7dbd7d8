'use client';

import type { TCreateTeamRequest, TTeam, TUpdateTeamRequest } from '@amms/contracts/teams';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { messages } from './messages';
import { isDefiniteFailure, useActionKey } from '@/lib/idempotency';
import { useDeleteTeam, useSaveTeam } from './mutations';
import { teamListQuery } from './queries';
import { CursorListTable, DateTimeCell, ListSection, RowActions, td, th } from '@/components/ui/data-table';
import { ConfirmDialog, FormDialog, Warning } from '@/components/ui/dialog';
import { formErrors } from '@/lib/form-errors';
import { useNotice } from '@/components/ui/states';

export function TeamsAdmin({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(messages);
  const { query: list, rows } = useCursorList(teamListQuery(orgId));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TTeam | null>(null);
  const [deleting, setDeleting] = useState<TTeam | null>(null);
  const [notice, setNotice] = useNotice();

  return (
    <>
      {notice}
      <ListSection
        id="teams-list-title"
        title={m.teams.listTitle}
        action={<Button onClick={() => setCreating(true)}>{m.teams.create}</Button>}
      >
        <CursorListTable
          query={list}
          count={rows.length}
          empty={m.teams.empty}
          label={m.teams.listTitle}
          head={[
            m.teams.colName,
            m.teams.colDescription,
            { label: m.teams.colMembers, className: `${th} text-right` },
            m.teams.colCreated,
            m.common.actions,
          ]}
        >
          {rows.map((team) => (
            <tr key={team.id}>
              <th scope="row" className={`${td} font-medium text-slate-900`}>
                {team.name}
              </th>
              <td className={`${td} max-w-md text-slate-700`}>{team.description || m.common.none}</td>
              <td className={`${td} text-right tabular-nums`}>{team.memberCount}</td>
              <DateTimeCell at={team.createdAt} timeZone={timeZone} />
              <RowActions
                name={team.name}
                actions={[
                  { label: m.common.edit, of: m.teams.editOf, kind: 'secondary', onClick: () => setEditing(team) },
                  { label: m.common.delete, of: m.teams.deleteOf, kind: 'danger', onClick: () => setDeleting(team) },
                ]}
              />
            </tr>
          ))}
        </CursorListTable>
      </ListSection>

      {creating ? (
        <TeamDialog
          orgId={orgId}
          onClose={() => setCreating(false)}
          onDone={(t) => {
            setCreating(false);
            setNotice(format(m.teams.created, { name: t.name }));
          }}
        />
      ) : null}
      {editing ? (
        <TeamDialog
          orgId={orgId}
          team={editing}
          onClose={() => setEditing(null)}
          onDone={(t) => {
            setEditing(null);
            setNotice(format(m.teams.saved, { name: t.name }));
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteTeamDialog
          orgId={orgId}
          team={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setNotice(format(m.teams.deleted, { name: deleting.name }));
            setDeleting(null);
          }}
        />
      ) : null}
    </>
  );
}

/** Create (no `team`) or rename / describe an existing team. */
function TeamDialog({
  orgId,
  team,
  onClose,
  onDone,
}: {
  orgId: string;
  team?: TTeam;
  onClose: () => void;
  onDone: (t: TTeam) => void;
}) {
  const m = useMessages(messages);
  const idem = useActionKey();
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');

  const save = useSaveTeam(orgId, {
    onSaved: (t) => {
      idem.reset();
      onDone(t);
    },
    onError: (err) => {
      if (isDefiniteFailure(err)) idem.reset();
    },
  });

  const errors = formErrors(save.error, { top: true, codes: { TEAM_NAME_TAKEN: ['name', m.teams.nameTaken] } });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (team && name.trim() === team.name && (description.trim() || null) === team.description) return onClose();
    if (!team) {
      const create: TCreateTeamRequest = { name: name.trim(), description: description.trim() || undefined };
      return save.mutate({ create, idempotencyKey: idem.keyFor(create) });
    }
    const update: TUpdateTeamRequest = {};
    if (name.trim() !== team.name) update.name = name.trim();
    if ((description.trim() || null) !== team.description) update.description = description.trim() || null;
    save.mutate({ id: team.id, update });
  }

  return (
    <FormDialog
      title={team ? format(m.teams.editTitle, { name: team.name }) : m.teams.createTitle}
      pending={save.isPending}
      error={save.error}
      submitLabel={team ? m.common.save : m.teams.submitCreate}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={m.teams.fieldName}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
        maxLength={80}
        autoComplete="off"
      />
      <TextAreaField
        label={m.teams.fieldDescription}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
        maxLength={500}
        rows={3}
      />
    </FormDialog>
  );
}

function DeleteTeamDialog({
  orgId,
  team,
  onClose,
  onDeleted,
}: {
  orgId: string;
  team: TTeam;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const m = useMessages(messages);
  const del = useDeleteTeam(orgId, team.id, onDeleted);
  return (
    <ConfirmDialog
      title={m.teams.deleteTitle}
      confirmLabel={m.teams.deleteConfirm}
      onConfirm={() => del.mutate()}
      onClose={onClose}
      pending={del.isPending}
      error={del.error}
    >
      <p>{format(m.teams.deleteBody, { name: team.name })}</p>
      <Warning>{m.teams.deleteWarning}</Warning>
    </ConfirmDialog>
  );
}
