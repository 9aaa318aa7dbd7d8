export const CHANGE_PASSWORD_PATH = '/account/password';

const BASE = 'http://amms.invalid';

/**
 * A same-origin relative path to return to (after login, after a password change), or null.
 * Refused: anything not starting with one `/` (other hosts, `https://…`, `//evil`, `/\evil` and
 * any other backslash, which browsers read as `/`), control characters (browsers strip tabs and
 * newlines, so `/\t/evil` would become `//evil`), paths that resolve to another origin or to a
 * protocol-relative path once normalized (`/.//evil`), /login and /api. Answers the normalized
 * path, so what is checked is what the browser will load.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  if (url.pathname === '/login' || url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
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
  return next && next !== '/' && !isItself
    ? `${CHANGE_PASSWORD_PATH}?${new URLSearchParams({ next }).toString()}`
    : CHANGE_PASSWORD_PATH;
}
