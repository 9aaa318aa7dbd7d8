'use client';

import {
  TELEMATICS_POLL_DEFAULT_MINUTES,
  type TELEMATICS_AUTH_KINDS,
  type TTelematicsSource,
} from '@amms/contracts/telematics-sources';
import { useState, type FormEvent } from 'react';
import { RemoveConfirm, type Removal } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { sourceMessages } from './messages';
import { useCreateSource, useRemoveSource } from './mutations';
import { SourceDialog, useSourceErrors, type SourceForm } from './source-fields';

type AuthKind = (typeof TELEMATICS_AUTH_KINDS)[number];

export function RemoveSourceDialog({ orgId, source, onClose, onRemoved }: Removal & { source: TTelematicsSource }) {
  const m = useMessages(sourceMessages);
  const remove = useRemoveSource(orgId, source.id, onRemoved);
  return (
    <RemoveConfirm words={m} body={format(m.removeBody, { name: source.name })} remove={remove} onClose={onClose} />
  );
}

/** Connect a maker's endpoint. The secret goes to the API once and is never read back. */
export function CreateSourceDialog({
  orgId,
  onClose,
  onCreated,
}: {
  orgId: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const m = useMessages(sourceMessages);
  const [form, setForm] = useState<SourceForm>({
    name: '',
    baseUrl: '',
    tokenUrl: '',
    username: '',
    secret: '',
    every: String(TELEMATICS_POLL_DEFAULT_MINUTES),
  });
  const [authKind, setAuthKind] = useState<AuthKind>('BASIC');
  const create = useCreateSource(orgId, onCreated);
  const errors = useSourceErrors(create.error);
  const oauth = authKind === 'OAUTH2';

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({
      name: form.name.trim(),
      baseUrl: form.baseUrl.trim(),
      authKind,
      username: form.username.trim(),
      secret: form.secret,
      pollEveryMinutes: Number(form.every),
      enabled: true,
      ...(oauth ? { tokenUrl: form.tokenUrl.trim() } : {}),
    });
  }

  return (
    <SourceDialog
      title={m.createTitle}
      submitLabel={m.submitCreate}
      mutation={create}
      onSubmit={submit}
      onClose={onClose}
      form={form}
      setForm={setForm}
      errors={errors}
      oauth={oauth}
      auth={
        <SelectField
          label={m.fieldAuth}
          value={authKind}
          onChange={(e) => setAuthKind(e.currentTarget.value as AuthKind)}
          error={errors.authKind}
        >
          <option value="BASIC">{m.authBasic}</option>
          <option value="OAUTH2">{m.authOauth}</option>
        </SelectField>
      }
      secret={{ label: oauth ? m.fieldClientSecret : m.fieldSecret, hint: m.fieldSecretHint, required: true }}
    />
  );
}
