'use client';

import type { TWebhookEndpoint } from '@amms/contracts/webhooks';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CursorListStates } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { formatDateTime } from '@/lib/format';
import { ListSection, ListTable, td, useNotice } from '../admin/ui';
import { DeliveriesDialog } from './deliveries';
import { messages } from './messages';
import { useToggleWebhook } from './mutations';
import { webhookListQuery } from './queries';
import { CreateDialog, RemoveDialog, RotateDialog } from './webhook-dialogs';

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
        <CursorListStates query={list} count={rows.length} empty={m.empty} busy>
          <ListTable
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
                  <details>
                    <summary className="cursor-pointer whitespace-nowrap rounded text-sm text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700">
                      {format(m.eventCount, { count: ep.eventTypes.length })}
                    </summary>
                    <ul className="mt-1 flex max-w-xs flex-wrap gap-1">
                      {ep.eventTypes.map((t) => (
                        <li key={t}>
                          <Badge>{m.events[t]}</Badge>
                        </li>
                      ))}
                    </ul>
                  </details>
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
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(ep.createdAt, locale, timeZone)}</td>
                <td className={`${td} whitespace-nowrap`}>
                  <div className="flex flex-wrap gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setViewing(ep)}>
                      {m.deliveries}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => toggle.mutate(ep)}
                      pending={toggle.isPending && toggle.variables?.id === ep.id}
                    >
                      {ep.enabled ? m.disable : m.enable}
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setRotating(ep)}>
                      {m.rotate}
                    </Button>
                    <Button variant="ghost" size="sm" className="text-red-800" onClick={() => setRemoving(ep)}>
                      {m.remove}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </ListTable>
        </CursorListStates>
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
