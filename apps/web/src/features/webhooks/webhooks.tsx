'use client';

import {
  WEBHOOK_EVENT_TYPES,
  ZListWebhooksResponse,
  ZWebhookEndpoint,
  ZWebhookSecretResponse,
  type TCreateWebhookRequest,
  type TWebhookEndpoint,
  type TWebhookEventType,
} from '@amms/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form';
import { CursorListStates, HeadRow } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch, ApiError } from '@/lib/api-client';
import { cursorListQuery, useCursorList } from '@/lib/cursor-list';
import { formatDateTime } from '@/lib/format';
import { refreshQueries } from '@/lib/refresh';
import { isDefiniteFailure, useActionKey } from '../admin/mutations';
import {
  Checkbox,
  CheckboxGroup,
  ConfirmDialog,
  formErrors,
  FormDialog,
  ListSection,
  SecretDialog,
  TableFrame,
  td,
  th,
  useNotice,
} from '../admin/ui';
import { DeliveriesDialog } from './deliveries';
import { messages } from './messages';
import { webhookKeys, webhookPaths } from './paths';

const listQuery = (orgId: string) =>
  cursorListQuery(webhookKeys.list(orgId), (cursor, signal) =>
    apiFetch(
      `${webhookPaths.list(orgId)}?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ZListWebhooksResponse,
      { signal },
    ),
  );

/** Admin page: endpoints, their signing secret (shown once), rotation, enable / disable, delivery log. */
export function WebhooksAdmin({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(messages);
  const { locale } = useI18n();
  const qc = useQueryClient();
  const { query: list, rows } = useCursorList(listQuery(orgId));
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<TWebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<TWebhookEndpoint | null>(null);
  const [viewing, setViewing] = useState<TWebhookEndpoint | null>(null);
  const [notice, setNotice] = useNotice();

  const toggle = useMutation({
    mutationFn: (ep: TWebhookEndpoint) =>
      apiFetch(webhookPaths.one(orgId, ep.id), ZWebhookEndpoint, {
        method: 'PATCH',
        body: { version: ep.version, enabled: !ep.enabled },
      }),
    onSuccess: () => {
      setNotice(m.toggled);
      void refreshQueries(qc, webhookKeys.all(orgId));
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409))
        void refreshQueries(qc, webhookKeys.all(orgId));
    },
  });

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
          <TableFrame label={m.listTitle}>
            <thead>
              <HeadRow
                className={th}
                cells={[m.colUrl, m.colEvents, m.colStatus, m.colSecret, m.colCreated, m.actions]}
              />
            </thead>
            <tbody>
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
            </tbody>
          </TableFrame>
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

function CreateDialog({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const m = useMessages(messages);
  const qc = useQueryClient();
  const idem = useActionKey();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<TWebhookEventType[]>(['job.created', 'job.completed']);
  const [local, setLocal] = useState<Record<string, string>>({});
  /** the secret lives only here, never in the query cache, and goes when the dialog closes */
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);

  const create = useMutation({
    mutationFn: (body: TCreateWebhookRequest) =>
      apiFetch(webhookPaths.list(orgId), ZWebhookSecretResponse, {
        method: 'POST',
        body,
        idempotencyKey: idem.keyFor(body),
      }),
    onSuccess: (res) => {
      idem.reset();
      void refreshQueries(qc, webhookKeys.all(orgId));
      setSecret({ url: res.endpoint.url, value: res.secret });
    },
    onError: (err) => {
      if (isDefiniteFailure(err)) idem.reset();
    },
  });
  const errors = { ...formErrors(create.error, {}, { WEBHOOK_URL_REFUSED: ['url', m.fieldUrlHint] }), ...local };

  function submit(e: FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (events.length === 0) problems.eventTypes = m.eventsRequired;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    const ordered = WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t));
    create.mutate({
      url: url.trim(),
      eventTypes: ordered,
      enabled: true,
      ...(description.trim() ? { description: description.trim() } : {}),
    });
  }

  if (secret) {
    return (
      <SecretDialog
        title={m.secretTitle}
        intro={format(m.secretIntro, { url: secret.url })}
        label={m.secretLabel}
        value={secret.value}
        warning={m.secretWarning}
        doneLabel={m.secretDone}
        onClose={onClose}
      />
    );
  }
  return (
    <FormDialog
      title={m.createTitle}
      wide
      pending={create.isPending}
      error={create.error}
      submitLabel={m.submitCreate}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={m.fieldUrl}
        required
        type="url"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        error={errors.url}
        hint={m.fieldUrlHint}
        maxLength={2000}
        autoComplete="off"
      />
      <TextField
        label={m.fieldDescription}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
        maxLength={500}
      />
      <CheckboxGroup legend={m.fieldEvents} error={errors.eventTypes}>
        <div className="mb-2 flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEvents([...WEBHOOK_EVENT_TYPES])}>
            {m.selectAll}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setEvents([])}>
            {m.selectNone}
          </Button>
        </div>
        <div className="grid max-h-72 gap-x-3 overflow-y-auto rounded-md border border-slate-200 p-3 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((t) => (
            <Checkbox
              key={t}
              label={
                <>
                  {m.events[t]} <span className="font-mono text-xs text-slate-500">{t}</span>
                </>
              }
              checked={events.includes(t)}
              onChange={(on) => setEvents((cur) => (on ? [...cur, t] : cur.filter((x) => x !== t)))}
            />
          ))}
        </div>
      </CheckboxGroup>
    </FormDialog>
  );
}

const OVERLAPS = { none: 0, '1h': 3600, '24h': 86_400, '7d': 604_800 } as const;

function RotateDialog({
  orgId,
  endpoint,
  onClose,
}: {
  orgId: string;
  endpoint: TWebhookEndpoint;
  onClose: () => void;
}) {
  const m = useMessages(messages);
  const qc = useQueryClient();
  const idem = useActionKey();
  const [overlap, setOverlap] = useState<keyof typeof OVERLAPS>('24h');
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: (body: { overlapSeconds: number }) =>
      apiFetch(webhookPaths.rotate(orgId, endpoint.id), ZWebhookSecretResponse, {
        method: 'POST',
        body,
        idempotencyKey: idem.keyFor(body),
      }),
    onSuccess: (res) => {
      idem.reset();
      void refreshQueries(qc, webhookKeys.all(orgId));
      setSecret(res.secret);
    },
    onError: (err) => {
      if (isDefiniteFailure(err)) idem.reset();
    },
  });
  if (secret) {
    return (
      <SecretDialog
        title={m.secretTitle}
        intro={format(m.secretIntro, { url: endpoint.url })}
        label={m.secretLabel}
        value={secret}
        warning={m.secretWarning}
        doneLabel={m.secretDone}
        onClose={onClose}
      />
    );
  }
  return (
    <ConfirmDialog
      title={m.rotateTitle}
      confirmLabel={m.rotateConfirm}
      onConfirm={() => rotate.mutate({ overlapSeconds: OVERLAPS[overlap] })}
      onClose={onClose}
      pending={rotate.isPending}
      error={rotate.error}
    >
      <p>{m.rotateBody}</p>
      <SelectField
        label={m.rotateOverlap}
        value={overlap}
        onChange={(e) => setOverlap(e.currentTarget.value as keyof typeof OVERLAPS)}
      >
        <option value="none">{m.overlapNone}</option>
        <option value="1h">{m.overlap1h}</option>
        <option value="24h">{m.overlap24h}</option>
        <option value="7d">{m.overlap7d}</option>
      </SelectField>
    </ConfirmDialog>
  );
}

function RemoveDialog({
  orgId,
  endpoint,
  onClose,
  onRemoved,
}: {
  orgId: string;
  endpoint: TWebhookEndpoint;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const m = useMessages(messages);
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiFetch(webhookPaths.one(orgId, endpoint.id), ZWebhookEndpoint.optional(), { method: 'DELETE' }),
    onSuccess: () => {
      void refreshQueries(qc, webhookKeys.all(orgId));
      onRemoved();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void refreshQueries(qc, webhookKeys.all(orgId));
    },
  });
  return (
    <ConfirmDialog
      title={m.removeTitle}
      confirmLabel={m.removeConfirm}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
      pending={remove.isPending}
      error={remove.error}
    >
      <p>{format(m.removeBody, { url: endpoint.url })}</p>
    </ConfirmDialog>
  );
}
