'use client';

import type { TWebhookEndpoint } from '@amms/contracts/webhooks';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { formatDateTime } from '@/lib/format';
import { DeliveriesDialog } from './deliveries';
import { messages } from './messages';
import { useToggleWebhook } from './mutations';
import { webhookListQuery } from './queries';
import { CreateDialog, RemoveDialog, RotateDialog } from './webhook-dialogs';
import { BadgeDetails, CursorListTable, DateTimeCell, ListSection, RowActions, td } from '@/components/ui/data-table';
import { useNotice } from '@/components/ui/states';

/** Admin page: endpoints, their signing secret (shown once), rotation, enable / disable, delivery log. */
export function WebhooksAdmin({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(messages);
  const { locale } = useI18n();
  const { query: list, rows } = useCursorList(webhookListQuery(orgId));
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<TWebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<TWebhookEndpoint | null>(null);
  const [viewing, setViewing] = useState<TWebhookEndpoint | null>(null);
  const [notice, setNotice] = useNotice();

  const toggle = useToggleWebhook(orgId, () => setNotice(m.toggled));

  return (
    <>
      {notice}
      {toggle.error ? (
        <p className="mb-2 text-sm text-red-800" role="alert">
          {toggle.error.message}
        </p>
      ) : null}
      <ListSection
        id="webhooks-list-title"
        title={m.listTitle}
        intro={m.intro}
        action={<Button onClick={() => setCreating(true)}>{m.create}</Button>}
      >
        <CursorListTable
          query={list}
          count={rows.length}
          empty={m.empty}
          label={m.listTitle}
          head={[m.colUrl, m.colEvents, m.colStatus, m.colSecret, m.colCreated, m.actions]}
        >
          {rows.map((ep) => (
            <tr key={ep.id} className={ep.enabled ? undefined : 'bg-slate-50/60'}>
              <th
                scope="row"
                className={`${td} max-w-xs break-all text-left font-mono text-xs font-medium text-slate-900`}
              >
                {ep.url}
                {ep.description ? (
                  <div className="mt-1 font-sans text-xs font-normal text-slate-600">{ep.description}</div>
                ) : null}
              </th>
              <td className={td}>
                <BadgeDetails
                  summary={format(m.eventCount, { count: ep.eventTypes.length })}
                  items={ep.eventTypes.map((t) => ({ key: t, label: m.events[t] }))}
                />
              </td>
              <td className={`${td} whitespace-nowrap`}>
                {ep.enabled ? (
                  <Badge tone="green">{m.statusEnabled}</Badge>
                ) : ep.disabledReason === 'FAILING' ? (
                  <Badge tone="red">{m.statusFailing}</Badge>
                ) : (
                  <Badge tone="amber">{m.statusDisabled}</Badge>
                )}
                {ep.failingSince ? (
                  <div className="mt-1 text-xs text-red-800">
                    {format(m.failingSince, { at: formatDateTime(ep.failingSince, locale, timeZone) })}
                  </div>
                ) : null}
              </td>
              <td className={`${td} whitespace-nowrap font-mono text-xs`}>
                {ep.secretHint}
                {ep.previousSecretExpiresAt ? (
                  <div className="mt-1 font-sans text-xs text-slate-600">
                    {format(m.previousUntil, { at: formatDateTime(ep.previousSecretExpiresAt, locale, timeZone) })}
                  </div>
                ) : null}
              </td>
              <DateTimeCell at={ep.createdAt} timeZone={timeZone} />
              <RowActions
                actions={[
                  { label: m.deliveries, onClick: () => setViewing(ep) },
                  {
                    label: ep.enabled ? m.disable : m.enable,
                    onClick: () => toggle.mutate(ep),
                    pending: toggle.isPending && toggle.variables?.id === ep.id,
                  },
                  { label: m.rotate, onClick: () => setRotating(ep) },
                  { label: m.remove, kind: 'danger', onClick: () => setRemoving(ep) },
                ]}
              />
            </tr>
          ))}
        </CursorListTable>
      </ListSection>

      {creating ? <CreateDialog orgId={orgId} onClose={() => setCreating(false)} /> : null}
      {rotating ? <RotateDialog orgId={orgId} endpoint={rotating} onClose={() => setRotating(null)} /> : null}
      {viewing ? (
        <DeliveriesDialog orgId={orgId} endpoint={viewing} timeZone={timeZone} onClose={() => setViewing(null)} />
      ) : null}
      {removing ? (
        <RemoveDialog
          orgId={orgId}
          endpoint={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setNotice(m.removed);
            setRemoving(null);
          }}
        />
      ) : null}
    </>
  );
}
