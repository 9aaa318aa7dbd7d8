'use client';

import { TELEMATICS_POLL_MAX_MINUTES, TELEMATICS_POLL_MIN_MINUTES } from '@amms/contracts/telematics-sources';
import type { Dispatch, FormEvent, ReactNode, SetStateAction } from 'react';
import { FormDialog } from '@/components/ui/dialog';
import { NumberField, TextField } from '@/components/ui/form';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formErrors, issueWords } from '@/lib/form-errors';
import { sourceMessages } from './messages';
import { refusedField } from './refused-field';

/** What the create and edit forms of a source hold as typed (the interval as text). */
export interface SourceForm {
  name: string;
  baseUrl: string;
  tokenUrl: string;
  username: string;
  secret: string;
  every: string;
}

/** A source form's errors by field: the API's, and an endpoint it refused (not public, not allowed). */
export function useSourceErrors(error: unknown): Record<string, string> {
  const m = useMessages(sourceMessages);
  const { locale } = useI18n();
  const refused = refusedField(error);
  return {
    ...formErrors(error, { top: true, issue: issueWords(locale) }),
    ...(refused ? { [refused]: m.urlRefused } : {}),
  };
}

/**
 * The fields a source's create and edit forms share: name, endpoint, (the sign-in kind, create
 * only, as `auth`), token URL for OAuth 2, user or client id, secret, poll interval.
 */
type FieldsProps = {
  form: SourceForm;
  setForm: Dispatch<SetStateAction<SourceForm>>;
  errors: Record<string, string | undefined>;
  oauth: boolean;
  auth?: ReactNode;
  secret: { label: string; hint: string; required: boolean };
};

/** A source's create or edit form in a dialog: the shared fields, then the dialog's own (`children`). */
export function SourceDialog({
  title,
  submitLabel,
  alert,
  mutation,
  onSubmit,
  onClose,
  children,
  ...fields
}: FieldsProps & {
  title: string;
  submitLabel: string;
  alert?: ReactNode;
  mutation: { isPending: boolean; error: unknown };
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <FormDialog
      title={title}
      wide
      pending={mutation.isPending}
      error={mutation.error}
      alert={alert}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <SourceFields {...fields} />
      {children}
    </FormDialog>
  );
}

function SourceFields({ form, setForm, errors, oauth, auth, secret }: FieldsProps) {
  const set = (patch: Partial<SourceForm>) => setForm((f) => ({ ...f, ...patch }));
  const m = useMessages(sourceMessages);
  return (
    <>
      <TextField
        label={m.fieldName}
        required
        value={form.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
        maxLength={100}
      />
      <TextField
        label={m.fieldBaseUrl}
        required
        type="url"
        value={form.baseUrl}
        onChange={(e) => set({ baseUrl: e.currentTarget.value })}
        error={errors.baseUrl}
        hint={m.fieldBaseUrlHint}
        maxLength={500}
        autoComplete="off"
      />
      {auth}
      {oauth ? (
        <TextField
          label={m.fieldTokenUrl}
          required
          type="url"
          value={form.tokenUrl}
          onChange={(e) => set({ tokenUrl: e.currentTarget.value })}
          error={errors.tokenUrl}
          maxLength={500}
          autoComplete="off"
        />
      ) : null}
      <TextField
        label={oauth ? m.fieldClientId : m.fieldUsername}
        required
        value={form.username}
        onChange={(e) => set({ username: e.currentTarget.value })}
        error={errors.username}
        maxLength={200}
        autoComplete="off"
      />
      <TextField
        label={secret.label}
        required={secret.required}
        type="password"
        value={form.secret}
        onChange={(e) => set({ secret: e.currentTarget.value })}
        error={errors.secret}
        hint={secret.hint}
        maxLength={2000}
        autoComplete="new-password"
      />
      <NumberField
        label={m.fieldPoll}
        required
        min={TELEMATICS_POLL_MIN_MINUTES}
        max={TELEMATICS_POLL_MAX_MINUTES}
        step={1}
        value={form.every}
        onChange={(e) => set({ every: e.currentTarget.value })}
        error={errors.pollEveryMinutes}
      />
    </>
  );
}
