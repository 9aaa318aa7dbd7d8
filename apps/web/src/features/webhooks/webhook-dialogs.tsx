'use client';

import { WEBHOOK_EVENT_TYPES, type TWebhookEndpoint, type TWebhookEventType } from '@amms/contracts/webhooks';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, CheckboxGroup, SelectField, TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { messages } from './messages';
import { useCreateWebhook, useRemoveWebhook, useRotateWebhookSecret } from './mutations';
import { ConfirmDialog, FormDialog, RemoveConfirm, SecretDialog, type Removal } from '@/components/ui/dialog';
import { formErrors } from '@/lib/form-errors';

/** Create an endpoint; its signing secret is shown once, here, and never cached. */
export function CreateDialog({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const m = useMessages(messages);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<TWebhookEventType[]>(['job.created', 'job.completed']);
  const [local, setLocal] = useState<Record<string, string>>({});
  /** the secret lives only here, never in the query cache, and goes when the dialog closes */
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);

  const create = useCreateWebhook(orgId, (res) => setSecret({ url: res.endpoint.url, value: res.secret }));
  const errors = {
    ...formErrors(create.error, { top: true, codes: { WEBHOOK_URL_REFUSED: ['url', m.fieldUrlHint] } }),
    ...local,
  };

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
    return <WebhookSecretDialog url={secret.url} value={secret.value} onClose={onClose} />;
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

export function RotateDialog({
  orgId,
  endpoint,
  onClose,
}: {
  orgId: string;
  endpoint: TWebhookEndpoint;
  onClose: () => void;
}) {
  const m = useMessages(messages);
  const [overlap, setOverlap] = useState<keyof typeof OVERLAPS>('24h');
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useRotateWebhookSecret(orgId, endpoint.id, (res) => setSecret(res.secret));
  if (secret) {
    return <WebhookSecretDialog url={endpoint.url} value={secret} onClose={onClose} />;
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

export function RemoveDialog({ orgId, endpoint, onClose, onRemoved }: Removal & { endpoint: TWebhookEndpoint }) {
  const m = useMessages(messages);
  const remove = useRemoveWebhook(orgId, endpoint.id, onRemoved);
  return (
    <RemoveConfirm words={m} body={format(m.removeBody, { url: endpoint.url })} remove={remove} onClose={onClose} />
  );
}

/** An endpoint's new signing secret (on create, on rotation), shown once. */
function WebhookSecretDialog({ url, value, onClose }: { url: string; value: string; onClose: () => void }) {
  const m = useMessages(messages);
  return (
    <SecretDialog
      title={m.secretTitle}
      intro={format(m.secretIntro, { url })}
      label={m.secretLabel}
      value={value}
      warning={m.secretWarning}
      doneLabel={m.secretDone}
      onClose={onClose}
    />
  );
}
