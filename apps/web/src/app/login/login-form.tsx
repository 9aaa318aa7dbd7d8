'use client';

import { ZMeResponse, ZLoginRequest } from '@amms/contracts/auth';
import { ZErrorEnvelope } from '@amms/contracts/errors';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { loginErrorKey, type LoginErrorKey } from '@/lib/login-errors';
import { changePasswordPath } from '@/lib/login-path';

/**
 * Posts JSON to /api/session/login once hydrated. Before that (or without JavaScript)
 * it is a plain POST form to the same route, which redirects; never a GET that would
 * put the password into the URL.
 */
export function LoginForm({
  next,
  notice,
  initialError,
}: {
  next: string | null;
  notice: string | null;
  initialError: LoginErrorKey | null;
}) {
  const { t } = useI18n();
  const router = useRouter();
  const [errorKey, setErrorKey] = useState<LoginErrorKey | null>(initialError);
  const [pending, setPending] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);

  const fail = (key: LoginErrorKey) => {
    setErrorKey(key);
    setPending(false);
    // move focus to the message so keyboard and screen-reader users meet it
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const form = new FormData(e.currentTarget);
    const input = ZLoginRequest.safeParse({
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
    });
    if (!input.success) return fail('VALIDATION_FAILED');

    setPending(true);
    setErrorKey(null);
    let res: Response;
    try {
      res = await fetch('/api/session/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(input.data),
      });
    } catch {
      return fail('NETWORK');
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const envelope = ZErrorEnvelope.safeParse(body);
      return fail(loginErrorKey(res.status, envelope.success ? envelope.data.error.code : undefined));
    }
    const me = ZMeResponse.safeParse(body);
    if (!me.success) return fail('UNKNOWN');
    // stay "pending" while the dashboard loads; a one-time password goes to its change first
    router.replace(me.data.user.mustChangePassword ? changePasswordPath(next) : (next ?? '/'));
    router.refresh();
  }

  const error = errorKey ? t.login.errors[errorKey] : null;
  const invalid = errorKey === 'INVALID_CREDENTIALS' || errorKey === 'VALIDATION_FAILED';
  return (
    <form method="post" action="/api/session/login" onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      <input type="hidden" name="next" value={next ?? ''} />
      {notice && !error ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p
          id="login-error"
          ref={errorRef}
          tabIndex={-1}
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      ) : null}
      <LoginInput name="email" label={t.login.email} invalid={invalid} inputMode="email" autoComplete="username" />
      <LoginInput name="password" label={t.login.password} invalid={invalid} autoComplete="current-password" />
      <button
        type="submit"
        aria-disabled={pending}
        className="w-full rounded-md bg-emerald-800 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-900 aria-disabled:cursor-wait aria-disabled:opacity-80"
      >
        {pending ? t.login.submitting : t.login.submit}
      </button>
    </form>
  );
}

/** A required field of the form (its name is its id and its type: email, password), marked invalid after a refusal. */
function LoginInput({
  name,
  label,
  invalid,
  ...input
}: { name: 'email' | 'password'; label: string; invalid: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={name}
        required
        aria-invalid={invalid || undefined}
        className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-emerald-700 sm:text-sm"
        {...input}
      />
    </div>
  );
}
