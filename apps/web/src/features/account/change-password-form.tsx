'use client';

import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordWeaknesses,
  type TPasswordWeakness,
} from '@amms/contracts/password-policy';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-messages';
import { messages, type AccountMessages } from './messages';
import { useChangePassword } from './mutations';

type Field = 'currentPassword' | 'newPassword' | 'confirm';
type Errors = Partial<Record<Field, string>>;

const weaknessText = (m: AccountMessages, reasons: readonly TPasswordWeakness[]) =>
  reasons.map((r) => format(m.weakness[r], { min: PASSWORD_MIN_LENGTH })).join(' ');

/** The API's answer → which field says what. Anything not tied to a field goes to the alert above the form. */
function serverErrors(m: AccountMessages, err: unknown): Errors | null {
  if (!(err instanceof ApiError)) return null;
  switch (err.code) {
    case 'CURRENT_PASSWORD_INCORRECT':
      return { currentPassword: m.errors.CURRENT_PASSWORD_INCORRECT };
    case 'PASSWORD_REUSED':
      return { newPassword: m.errors.PASSWORD_REUSED };
    case 'PASSWORD_TOO_WEAK': {
      const parsed = z.object({ reasons: z.array(z.string()) }).safeParse(err.details);
      const known = (parsed.success ? parsed.data.reasons : []).filter((r): r is TPasswordWeakness => r in m.weakness);
      return known.length > 0 ? { newPassword: weaknessText(m, known) } : null;
    }
    case 'VALIDATION_FAILED': {
      const byPath = fieldErrors(err);
      const out: Errors = {};
      if (byPath.currentPassword) out.currentPassword = m.required;
      if (byPath.newPassword) out.newPassword = format(m.weakness.TOO_SHORT, { min: PASSWORD_MIN_LENGTH });
      return Object.keys(out).length > 0 ? out : null;
    }
    default:
      return null;
  }
}

/**
 * POST /me/password through the BFF. The strength rules run here first (the same function the
 * API runs), so most mistakes show before anything is sent; the API's codes land on their field.
 * Forced (one-time password): on success, on to where the user was going. Otherwise: stay, say so.
 */
export function ChangePasswordForm({ email, forced, next }: { email: string; forced: boolean; next: string | null }) {
  const m = useMessages(messages);
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [local, setLocal] = useState<Errors>({});
  const [done, setDone] = useState(false);

  const change = useChangePassword(() => {
    formRef.current?.reset();
    if (forced) {
      router.replace(next ?? '/');
      router.refresh();
    } else {
      setDone(true);
    }
  });

  const fromServer = change.isError ? serverErrors(m, change.error) : null;
  const errors: Errors = { ...fromServer, ...local };
  const focusFirstError = (errs: Errors) =>
    requestAnimationFrame(() => {
      const first = (['currentPassword', 'newPassword', 'confirm'] as const).find((f) => errs[f]);
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (change.isPending) return;
    setDone(false);
    const form = new FormData(e.currentTarget);
    const currentPassword = String(form.get('currentPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const errs: Errors = {};
    if (!currentPassword) errs.currentPassword = m.required;
    const weak = passwordWeaknesses(newPassword, { email });
    if (!newPassword) errs.newPassword = m.required;
    else if (weak.length > 0) errs.newPassword = weaknessText(m, weak);
    if (!errs.newPassword && confirm !== newPassword) errs.confirm = m.mismatch;
    setLocal(errs);
    if (Object.keys(errs).length > 0) {
      change.reset();
      focusFirstError(errs);
      return;
    }
    change.mutate(
      { currentPassword, newPassword },
      {
        onError: (err) => {
          const fields = serverErrors(m, err);
          if (fields) focusFirstError(fields);
        },
      },
    );
  }

  const clearOnEdit = (field: Field) => () => {
    if (!local[field]) return;
    setLocal((prev) => {
      const rest = { ...prev };
      delete rest[field];
      return rest;
    });
  };

  /** a password input: required, bounded, its error cleared once edited */
  const passwordField = (name: Field, autoComplete: 'current-password' | 'new-password') => ({
    name,
    type: 'password',
    autoComplete,
    required: true,
    maxLength: PASSWORD_MAX_LENGTH,
    error: errors[name],
    onChange: clearOnEdit(name),
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="mt-6 space-y-4">
      {done ? (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
          {m.done}
        </p>
      ) : null}
      {change.isError && !fromServer ? <ErrorAlert error={change.error} /> : null}
      {/* lets password managers attach the new password to the right account */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={m.current}
        {...passwordField('currentPassword', 'current-password')}
        hint={forced ? m.currentForcedHint : undefined}
      />
      <TextField
        label={m.newPassword}
        {...passwordField('newPassword', 'new-password')}
        hint={format(m.newHint, { min: PASSWORD_MIN_LENGTH })}
      />
      <TextField label={m.confirm} {...passwordField('confirm', 'new-password')} />
      <Button type="submit" pending={change.isPending} className="w-full">
        {m.submit}
      </Button>
    </form>
  );
}
