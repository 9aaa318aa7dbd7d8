'use client';

import type { TTelematicsSource, TUpdateTelematicsSourceRequest } from '@amms/contracts/telematics-sources';
import { useState, type FormEvent } from 'react';
import { Checkbox } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { sourceMessages } from './messages';
import { useUpdateSource } from './mutations';
import { SourceDialog, useSourceErrors, type SourceForm } from './source-fields';

/**
 * The changes of a source form against the source as shown: only what differs goes to the API
 * (with the version the form was opened at), a blank secret keeps the stored one.
 */
export function sourceChanges(
  s: TTelematicsSource,
  form: SourceForm & { enabled: boolean },
): TUpdateTelematicsSourceRequest | null {
  const out: TUpdateTelematicsSourceRequest = { version: s.version };
  const name = form.name.trim();
  const baseUrl = form.baseUrl.trim();
  const username = form.username.trim();
  const tokenUrl = form.tokenUrl.trim();
  if (name !== s.name) out.name = name;
  if (baseUrl !== s.baseUrl) out.baseUrl = baseUrl;
  if (s.authKind === 'OAUTH2' && tokenUrl !== (s.tokenUrl ?? '')) out.tokenUrl = tokenUrl;
  if (username !== s.username) out.username = username;
  if (form.secret !== '') out.secret = form.secret;
  // an empty or non-numeric interval goes as is: the API names the field
  const every = form.every.trim() === '' ? Number.NaN : Number(form.every);
  if (every !== s.pollEveryMinutes) out.pollEveryMinutes = every;
  if (form.enabled !== s.enabled) out.enabled = form.enabled;
  return Object.keys(out).length > 1 ? out : null;
}

/**
 * Change a connected source: its name, endpoint, sign-in (the stored secret is never shown: a new
 * one replaces it), how often it is read, and whether it is read at all. A change made by someone
 * else meanwhile (409) is said, and the list is read again.
 */
export function EditSourceDialog({
  orgId,
  source: s,
  onClose,
  onSaved,
}: {
  orgId: string;
  source: TTelematicsSource;
  onClose: () => void;
  onSaved: () => void;
}) {
  const m = useMessages(sourceMessages);
  const [form, setForm] = useState<SourceForm>({
    name: s.name,
    baseUrl: s.baseUrl,
    tokenUrl: s.tokenUrl ?? '',
    username: s.username,
    secret: '',
    every: String(s.pollEveryMinutes),
  });
  const [enabled, setEnabled] = useState(s.enabled);
  const update = useUpdateSource(orgId, s.id, onSaved);
  const stale = isApiError(update.error) && update.error.status === 409;
  const errors = useSourceErrors(update.error);
  const oauth = s.authKind === 'OAUTH2';

  function submit(e: FormEvent) {
    e.preventDefault();
    const changes = sourceChanges(s, { ...form, enabled });
    if (changes) update.mutate(changes);
    else onClose();
  }

  return (
    <SourceDialog
      title={format(m.editTitle, { name: s.name })}
      alert={
        stale ? (
          <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {m.editStale}
          </p>
        ) : undefined
      }
      submitLabel={m.submitEdit}
      mutation={update}
      onSubmit={submit}
      onClose={onClose}
      form={form}
      setForm={setForm}
      errors={errors}
      oauth={oauth}
      secret={{
        label: oauth ? m.fieldNewClientSecret : m.fieldNewSecret,
        hint: s.hasSecret ? m.fieldNewSecretHint : m.fieldSecretHint,
        required: false,
      }}
    >
      <Checkbox label={m.fieldEnabled} checked={enabled} onChange={setEnabled} />
    </SourceDialog>
  );
}
