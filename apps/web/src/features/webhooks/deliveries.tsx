'use client';

import type { TWebhookEndpoint } from '@amms/contracts/webhooks';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { formatDateTime } from '@/lib/format';
import { messages, type WebhookMessages } from './messages';
import { useRedeliver } from './mutations';
import { webhookDeliveriesQuery } from './queries';
import { CursorListTable, DateTimeCell, RowActions, td } from '@/components/ui/data-table';

const TONE = { PENDING: 'neutral', RETRYING: 'amber', SUCCEEDED: 'green', FAILED: 'red', SKIPPED: 'amber' } as const;

const reasonText = (m: WebhookMessages, reason: string | null) =>
  reason ? ((m.reasons as Record<string, string>)[reason] ?? reason) : null;

/** The delivery log of one endpoint (newest first): status, attempts, the last response; redeliver. */
export function DeliveriesDialog({
  orgId,
  endpoint,
  timeZone,
  onClose,
}: {
  orgId: string;
  endpoint: TWebhookEndpoint;
  timeZone: string;
  onClose: () => void;
}) {
  const m = useMessages(messages);
  const { locale } = useI18n();
  const { query, rows } = useCursorList(webhookDeliveriesQuery(orgId, endpoint.id));
  const [done, setDone] = useState<string | null>(null);
  const redeliver = useRedeliver(orgId, endpoint.id, () => setDone(m.redelivered));

  return (
    <Dialog title={format(m.deliveriesTitle, { url: endpoint.url })} onClose={onClose} wide>
      {done ? (
        <p className="mb-2 text-sm text-emerald-800" role="status">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={redeliver.error} className="mb-2" />
      <CursorListTable
        query={query}
        count={rows.length}
        empty={m.deliveriesEmpty}
        label={format(m.deliveriesTitle, { url: endpoint.url })}
        head={[m.colEvent, m.colOccurred, m.colStatus, m.colAttempts, m.colLast, m.actions]}
      >
        {rows.map((d) => {
          const last = d.log[0];
          return (
            <tr key={d.id}>
              <th scope="row" className={`${td} text-left font-medium`}>
                {m.events[d.eventType]}
                <div className="font-mono text-xs font-normal text-slate-500">{d.eventType}</div>
              </th>
              <DateTimeCell at={d.occurredAt} timeZone={timeZone} />
              <td className={`${td} whitespace-nowrap`}>
                <Badge tone={TONE[d.status]}>{m.deliveryStatus[d.status]}</Badge>
                {reasonText(m, d.reason) ? (
                  <div className="mt-1 text-xs text-slate-600">{reasonText(m, d.reason)}</div>
                ) : null}
              </td>
              <td className={`${td} whitespace-nowrap`}>{d.attempts}</td>
              <td className={td}>
                {last ? (
                  <details>
                    <summary className="cursor-pointer whitespace-nowrap text-sm">
                      {last.statusCode ?? m.noResponse} · {format(m.latency, { ms: last.latencyMs })} ·{' '}
                      {formatDateTime(last.at, locale, timeZone)}
                    </summary>
                    <ol className="mt-1 space-y-1 text-xs">
                      {d.log.map((a) => (
                        <li key={a.attempt}>
                          #{a.attempt} {a.statusCode ?? m.noResponse} · {format(m.latency, { ms: a.latencyMs })}
                          {a.error ? <span className="text-red-800"> · {a.error}</span> : null}
                          {a.responseExcerpt ? (
                            <pre className="mt-0.5 max-w-md overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-1">
                              {a.responseExcerpt}
                            </pre>
                          ) : null}
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </td>
              <RowActions
                actions={[
                  {
                    label: m.redeliver,
                    onClick: () => redeliver.mutate(d),
                    pending: redeliver.isPending && redeliver.variables?.id === d.id,
                  },
                ]}
              />
            </tr>
          );
        })}
      </CursorListTable>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {m.close}
        </Button>
      </div>
    </Dialog>
  );
}
