'use client';

import type { TTelematicsSource } from '@amms/contracts/telematics-sources';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListSection, ListTable, RowActions, td } from '@/components/ui/data-table';
import { ListStates } from '@/components/ui/list';
import { useNotice } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { sourceMessages } from './messages';
import { usePollSource, useToggleSource } from './mutations';
import { sourcesQuery } from './queries';
import { EditSourceDialog } from './edit-source-dialog';
import { CreateSourceDialog, RemoveSourceDialog } from './source-dialogs';
import { UnmatchedUnits } from './units';

/** Admin page: the org's AEMP 2.0 sources (status, poll now, pause, delete) and the units nobody is linked to. */
export function TelematicsSourcesAdmin({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(sourceMessages);
  const list = useQuery(sourcesQuery(orgId));
  const rows = list.data?.items ?? [];
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TTelematicsSource | null>(null);
  const [removing, setRemoving] = useState<TTelematicsSource | null>(null);
  const [notice, setNotice] = useNotice();
  const name = (id: string) => rows.find((s) => s.id === id)?.name ?? '';
  const poll = usePollSource(orgId, (r) =>
    setNotice(
      r.ok
        ? format(m.polled, { name: name(r.sourceId), units: r.units, accepted: r.accepted, unmatched: r.unmatched })
        : format(m.pollFailed, { name: name(r.sourceId), error: r.error ?? '' }),
    ),
  );
  const toggle = useToggleSource(orgId, () => setNotice(m.toggled));
  const failure = poll.error ?? toggle.error;

  return (
    <div className="space-y-10">
      {notice}
      <ListSection
        id="telematics-sources-title"
        title={m.listTitle}
        intro={m.intro}
        action={<Button onClick={() => setCreating(true)}>{m.create}</Button>}
      >
        {failure ? (
          <p className="text-sm text-red-800" role="alert">
            {failure.message}
          </p>
        ) : null}
        <ListStates query={list} count={rows.length} empty={m.empty} keepRowsOnError>
          <ListTable label={m.listTitle} head={[m.colName, m.colStatus, m.colLastPoll, m.colUnits, m.actions]}>
            {rows.map((s) => (
              <SourceRow
                key={s.id}
                source={s}
                timeZone={timeZone}
                polling={poll.isPending && poll.variables === s.id}
                toggling={toggle.isPending && toggle.variables?.id === s.id}
                onPoll={() => poll.mutate(s.id)}
                onToggle={() => toggle.mutate(s)}
                onEdit={() => setEditing(s)}
                onRemove={() => setRemoving(s)}
              />
            ))}
          </ListTable>
        </ListStates>
      </ListSection>

      <UnmatchedUnits orgId={orgId} timeZone={timeZone} onNotice={setNotice} />

      {creating ? (
        <CreateSourceDialog orgId={orgId} onClose={() => setCreating(false)} onCreated={() => setCreating(false)} />
      ) : null}
      {editing ? (
        <EditSourceDialog
          orgId={orgId}
          source={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setNotice(m.saved);
            setEditing(null);
          }}
        />
      ) : null}
      {removing ? (
        <RemoveSourceDialog
          orgId={orgId}
          source={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setNotice(m.removed);
            setRemoving(null);
          }}
        />
      ) : null}
    </div>
  );
}

function SourceRow({
  source: s,
  timeZone,
  polling,
  toggling,
  onPoll,
  onToggle,
  onEdit,
  onRemove,
}: {
  source: TTelematicsSource;
  timeZone: string;
  polling: boolean;
  toggling: boolean;
  onPoll: () => void;
  onToggle: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const m = useMessages(sourceMessages);
  const { locale } = useI18n();
  const at = (v: string) => formatDateTime(v, locale, timeZone);
  return (
    <tr className={s.enabled ? undefined : 'bg-slate-50/60'}>
      <th scope="row" className={`${td} text-left font-medium text-slate-900`}>
        {s.name}
        <div className="break-all font-mono text-xs font-normal text-slate-600">{s.baseUrl}</div>
        <div className="text-xs font-normal text-slate-600">
          {s.authKind === 'OAUTH2' ? m.authOauth : m.authBasic} · {format(m.every, { n: s.pollEveryMinutes })}
        </div>
      </th>
      <td className={`${td} whitespace-nowrap`}>
        {s.status === 'FAILING' ? (
          <Badge tone="red">{m.statusFailing}</Badge>
        ) : s.status === 'OK' ? (
          <Badge tone="green">{m.statusOk}</Badge>
        ) : (
          <Badge tone="neutral">{m.statusNew}</Badge>
        )}
        {s.enabled ? null : (
          <span className="ml-1">
            <Badge tone="amber">{m.paused}</Badge>
          </span>
        )}
        {s.status === 'FAILING' ? (
          <div className="mt-1 max-w-xs whitespace-normal text-xs text-red-800">
            {format(m.failures, { n: s.consecutiveFailures })}
            {s.lastError ? `: ${s.lastError}` : null}
          </div>
        ) : null}
      </td>
      <td className={td}>
        {s.lastPolledAt ? at(s.lastPolledAt) : m.never}
        {s.lastSuccessAt && s.lastSuccessAt !== s.lastPolledAt ? (
          <div className="text-xs text-slate-600">{format(m.lastSuccess, { at: at(s.lastSuccessAt) })}</div>
        ) : null}
      </td>
      <td className={td}>{format(m.units, { linked: s.linkedUnits, unmatched: s.unmatchedUnits })}</td>
      <RowActions
        name={s.name}
        actions={[
          { label: m.poll, of: m.pollOf, kind: 'secondary', onClick: onPoll, pending: polling },
          {
            label: s.enabled ? m.pause : m.resume,
            of: s.enabled ? m.pauseOf : m.resumeOf,
            onClick: onToggle,
            pending: toggling,
          },
          { label: m.edit, of: m.editOf, kind: 'secondary', onClick: onEdit },
          { label: m.remove, of: m.removeOf, kind: 'danger', onClick: onRemove },
        ]}
      />
    </tr>
  );
}
