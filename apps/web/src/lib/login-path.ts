export const CHANGE_PASSWORD_PATH = '/account/password';

/** A same-site path to return to after login; anything else (other hosts, `//x`, `/\x`) is dropped. */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/api/')) return null;
  return value;
}

export function loginPath(returnTo?: string | null, opts: { expired?: boolean; error?: string } = {}): string {
  const params = new URLSearchParams();
  const next = safeReturnTo(returnTo);
  if (next && next !== '/') params.set('next', next);
  if (opts.expired) params.set('reason', 'expired');
  if (opts.error) params.set('error', opts.error);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/** The change-password page, returning to `returnTo` afterwards (the forced flow and the user menu). */
export function changePasswordPath(returnTo?: string | null): string {
  const next = safeReturnTo(returnTo);
  const isItself = next === CHANGE_PASSWORD_PATH || next?.startsWith(`${CHANGE_PASSWORD_PATH}?`);
  return next && next !== '/' && !isItself ? `${CHANGE_PASSWORD_PATH}?${new URLSearchParams({ next }).toString()}` : CHANGE_PASSWORD_PATH;
}
