'use client';

import type { TCreateApiKeyRequest } from '@amms/contracts/api-keys';
import { PERMISSIONS, type TPermission } from '@amms/contracts/permissions';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, CheckboxGroup, SelectField, TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { dayKey } from '@/lib/format';
import { isDefiniteFailure, useActionKey } from '@/lib/idempotency';
import { zonedToInstant } from '@/lib/zoned-time';
import { messages, type AdminMessages } from './messages';
import { useCreateApiKey } from './mutations';
import { formErrors } from '@/lib/form-errors';
import { FormDialog, SecretDialog } from '@/components/ui/dialog';

type Expiry = '30' | '90' | '365' | 'never' | 'date';

/** 23:59:59 of a calendar day (YYYY-MM-DD) in the org's time zone, as an instant. */
function endOfDay(date: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  return new Date(zonedToInstant(Number(m[1]), Number(m[2]), Number(m[3]), 23, 59, timeZone, 59));
}

function groupScopes(scopes: readonly TPermission[]): [keyof AdminMessages['groups'], TPermission[]][] {
  const groups = new Map<keyof AdminMessages['groups'], TPermission[]>();
  for (const s of scopes) {
    const g = s.split('.')[0] as keyof AdminMessages['groups'];
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  return [...groups.entries()];
}

/** Create a key: name, scopes (only what the creator holds), expiry; the key is shown once, here. */
export function CreateKeyDialog({
  orgId,
  timeZone,
  grantable,
  onClose,
}: {
  orgId: string;
  timeZone: string;
  grantable: readonly TPermission[];
  onClose: () => void;
}) {
  const m = useMessages(messages);
  const idem = useActionKey();
  /** the body last sent for a given form input: "90 days from now" must not move on a retry */
  const lastBody = useRef<{ sig: string; body: TCreateApiKeyRequest } | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TPermission[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [date, setDate] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  /** the secret lives only here, never in the query cache, and goes when the dialog closes */
  const [secret, setSecret] = useState<{ name: string; key: string } | null>(null);

  const create = useCreateApiKey(orgId, {
    onCreated: (res) => {
      idem.reset();
      lastBody.current = null;
      setSecret({ name: res.apiKey.name, key: res.key });
    },
    onError: (err) => {
      if (isDefiniteFailure(err)) {
        idem.reset();
        lastBody.current = null;
      }
    },
  });

  const server = formErrors(create.error, { top: true, fields: { expiresAt: m.apiKeys.expiryDateInvalid } });
  const errors = { ...server, ...local };

  function submit(e: FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (scopes.length === 0) problems.scopes = m.apiKeys.scopesRequired;
    // in the contract's order, so the same choice is the same body
    const ordered = PERMISSIONS.filter((p) => scopes.includes(p));
    const sig = JSON.stringify({ name: name.trim(), ordered, expiry, date });
    let body = lastBody.current?.sig === sig ? lastBody.current.body : null;
    if (!body) {
      let expiresAt: string | undefined;
      if (expiry === 'date') {
        const end = endOfDay(date, timeZone);
        if (!end || end.getTime() <= Date.now()) problems.expiresAt = m.apiKeys.expiryDateInvalid;
        else expiresAt = end.toISOString();
      } else if (expiry !== 'never') {
        expiresAt = new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
      }
      body = { name: name.trim(), scopes: ordered, ...(expiresAt ? { expiresAt } : {}) };
    }
    setLocal(problems);
    if (Object.keys(problems).length) return;
    lastBody.current = { sig, body };
    create.mutate({ body, idempotencyKey: idem.keyFor(body) });
  }

  if (secret) {
    return (
      <SecretDialog
        title={m.apiKeys.secretTitle}
        intro={format(m.apiKeys.secretIntro, { name: secret.name })}
        label={m.apiKeys.secretLabel}
        value={secret.key}
        warning={m.apiKeys.secretWarning}
        doneLabel={m.apiKeys.secretDone}
        onClose={onClose}
      />
    );
  }

  const today = dayKey(new Date(), timeZone);
  return (
    <FormDialog
      title={m.apiKeys.createTitle}
      wide
      pending={create.isPending}
      error={create.error}
      submitLabel={m.apiKeys.submitCreate}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={m.apiKeys.fieldName}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          hint={m.apiKeys.fieldNameHint}
          maxLength={80}
          autoComplete="off"
        />
        <div className="grid gap-4">
          <SelectField
            label={m.apiKeys.fieldExpiry}
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value as Expiry)}
            error={expiry === 'date' ? undefined : errors.expiresAt}
          >
            <option value="30">{m.apiKeys.expiry30}</option>
            <option value="90">{m.apiKeys.expiry90}</option>
            <option value="365">{m.apiKeys.expiry365}</option>
            <option value="never">{m.apiKeys.expiryNever}</option>
            <option value="date">{m.apiKeys.expiryCustom}</option>
          </SelectField>
          {expiry === 'date' ? (
            <TextField
              label={format(m.apiKeys.fieldExpiryDate, { tz: timeZone })}
              type="date"
              min={today}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.expiresAt}
              required
            />
          ) : null}
        </div>
      </div>
      <CheckboxGroup legend={m.apiKeys.fieldScopes} hint={m.apiKeys.scopesHint} error={errors.scopes}>
        <div className="mb-2 flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setScopes([...grantable])}>
            {m.apiKeys.selectAll}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setScopes([])}>
            {m.apiKeys.selectNone}
          </Button>
        </div>
        <div className="max-h-72 space-y-3 overflow-y-auto rounded-md border border-slate-200 p-3">
          {groupScopes(grantable).map(([group, items]) => (
            <div key={group}>
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{m.groups[group]}</p>
              <div className="grid gap-x-3 sm:grid-cols-2">
                {items.map((p) => (
                  <Checkbox
                    key={p}
                    label={
                      <>
                        {m.permissions[p]} <span className="font-mono text-xs text-slate-500">{p}</span>
                      </>
                    }
                    checked={scopes.includes(p)}
                    onChange={(on) => setScopes((cur) => (on ? [...cur, p] : cur.filter((x) => x !== p)))}
                  />
                ))}
              </div>
            </div>
          ))}
        </div>
      </CheckboxGroup>
    </FormDialog>
  );
}
