'use client';

import type { TApiKey, TCreateApiKeyRequest } from '@amms/contracts/api-keys';
import { PERMISSIONS, type TPermission } from '@amms/contracts/permissions';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form';
import { CursorListStates, HeadRow } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { dayKey, formatDateTime } from '@/lib/format';
import { zonedToInstant } from '@/lib/zoned-time';
import { messages, type AdminMessages } from './messages';
import { isDefiniteFailure, useActionKey, useCreateApiKey, useRevokeApiKey } from './mutations';
import { apiKeyListQuery } from './queries';
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
} from './ui';

/**
 * Never grantable to a key (the API refuses them with SCOPE_NOT_GRANTABLE). Mirrors
 * NON_GRANTABLE_KEY_SCOPES in apps/api/src/tenancy/api-keys.service.ts, which is not
 * exported by @amms/contracts.
 */
const NEVER_FOR_KEYS: readonly TPermission[] = ['member.manage', 'apikey.manage', 'draft.confirm'];

type Expiry = '30' | '90' | '365' | 'never' | 'date';

/** 23:59:59 of a calendar day (YYYY-MM-DD) in the org's time zone, as an instant. */
function endOfDay(date: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  return new Date(zonedToInstant(Number(m[1]), Number(m[2]), Number(m[3]), 23, 59, timeZone, 59));
}

function keyState(k: TApiKey, now: number): 'revoked' | 'expired' | 'active' {
  if (k.revokedAt) return 'revoked';
  if (k.expiresAt && new Date(k.expiresAt).getTime() <= now) return 'expired';
  return 'active';
}

export function ApiKeysAdmin({
  orgId,
  timeZone,
  permissions,
}: {
  orgId: string;
  timeZone: string;
  permissions: readonly TPermission[];
}) {
  const m = useMessages(messages);
  const { locale } = useI18n();
  const { query: list, rows } = useCursorList(apiKeyListQuery(orgId));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const [notice, setNotice] = useNotice();
  const grantable = useMemo(
    () => PERMISSIONS.filter((p) => permissions.includes(p) && !NEVER_FOR_KEYS.includes(p)),
    [permissions],
  );
  const now = list.dataUpdatedAt || 0;

  return (
    <>
      {notice}
      <ListSection
        id="api-keys-list-title"
        title={m.apiKeys.listTitle}
        intro={m.apiKeys.intro}
        action={
          <Button onClick={() => setCreating(true)} disabled={grantable.length === 0}>
            {m.apiKeys.create}
          </Button>
        }
      >
        <CursorListStates query={list} count={rows.length} empty={m.apiKeys.empty} busy>
          <TableFrame label={m.apiKeys.listTitle}>
            <thead>
              <HeadRow
                className={th}
                cells={[
                  m.apiKeys.colName,
                  m.apiKeys.colPrefix,
                  m.apiKeys.colScopes,
                  m.apiKeys.colStatus,
                  m.apiKeys.colExpires,
                  m.apiKeys.colLastUsed,
                  m.apiKeys.colCreated,
                  m.common.actions,
                ]}
              />
            </thead>
            <tbody>
              {rows.map((k) => {
                const state = keyState(k, now);
                return (
                  <tr key={k.id} className={state === 'active' ? undefined : 'bg-slate-50/60'}>
                    <th scope="row" className={`${td} font-medium text-slate-900`}>
                      {k.name}
                    </th>
                    <td className={`${td} whitespace-nowrap font-mono text-xs`}>{k.prefix}…</td>
                    <td className={td}>
                      <details>
                        <summary className="cursor-pointer whitespace-nowrap rounded text-sm text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700">
                          {format(m.apiKeys.scopeCount, { count: k.scopes.length })}
                        </summary>
                        <ul className="mt-1 flex max-w-xs flex-wrap gap-1">
                          {k.scopes.map((s) => (
                            <li key={s}>
                              <Badge>{m.permissions[s]}</Badge>
                            </li>
                          ))}
                        </ul>
                      </details>
                      {/* a key sees at most its creator's data: the API caps it and narrows it on every request */}
                      <div className="mt-1 whitespace-nowrap text-xs text-slate-600">{m.scopes[k.dataScope]}</div>
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      {state === 'revoked' ? (
                        <Badge tone="red">
                          {format(m.apiKeys.statusRevoked, { at: formatDateTime(k.revokedAt, locale, timeZone) })}
                        </Badge>
                      ) : state === 'expired' ? (
                        <Badge tone="amber">{m.apiKeys.statusExpired}</Badge>
                      ) : (
                        <Badge tone="green">{m.apiKeys.statusActive}</Badge>
                      )}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      {k.expiresAt ? formatDateTime(k.expiresAt, locale, timeZone) : m.apiKeys.noExpiry}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      {k.lastUsedAt ? formatDateTime(k.lastUsedAt, locale, timeZone) : m.apiKeys.never}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(k.createdAt, locale, timeZone)}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {state === 'revoked' ? null : (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-800"
                          onClick={() => setRevoking(k)}
                          aria-label={format(m.apiKeys.revokeOf, { name: k.name })}
                        >
                          {m.apiKeys.revoke}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </TableFrame>
        </CursorListStates>
      </ListSection>

      {creating ? (
        <CreateKeyDialog orgId={orgId} timeZone={timeZone} grantable={grantable} onClose={() => setCreating(false)} />
      ) : null}
      {revoking ? (
        <RevokeKeyDialog
          orgId={orgId}
          apiKey={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={() => {
            setNotice(format(m.apiKeys.revoked, { name: revoking.name }));
            setRevoking(null);
          }}
        />
      ) : null}
    </>
  );
}

/** Permissions grouped by resource ("job.read" → job), in the contract's order. */
function groupScopes(scopes: readonly TPermission[]): [keyof AdminMessages['groups'], TPermission[]][] {
  const groups = new Map<keyof AdminMessages['groups'], TPermission[]>();
  for (const s of scopes) {
    const g = s.split('.')[0] as keyof AdminMessages['groups'];
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  return [...groups.entries()];
}

function CreateKeyDialog({
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

  const server = formErrors(create.error, { expiresAt: m.apiKeys.expiryDateInvalid });
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

function RevokeKeyDialog({
  orgId,
  apiKey,
  onClose,
  onRevoked,
}: {
  orgId: string;
  apiKey: TApiKey;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const m = useMessages(messages);
  const revoke = useRevokeApiKey(orgId, apiKey.id, onRevoked);
  return (
    <ConfirmDialog
      title={m.apiKeys.revokeTitle}
      confirmLabel={m.apiKeys.revokeConfirm}
      onConfirm={() => revoke.mutate()}
      onClose={onClose}
      pending={revoke.isPending}
      error={revoke.error}
    >
      <p>{format(m.apiKeys.revokeBody, { name: apiKey.name, prefix: apiKey.prefix })}</p>
    </ConfirmDialog>
  );
}
