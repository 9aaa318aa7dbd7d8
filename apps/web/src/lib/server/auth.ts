import 'server-only';
import { ZMeResponse, type TMeResponse, type TMyMembership } from '@amms/contracts/auth';
import type { TPermission } from '@amms/contracts/permissions';
import { cookies, headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { changePasswordPath, loginPath, safeReturnTo } from '../login-path';
import { REQUESTED_PATH_HEADER } from './requested-path';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './session-cookies';
import { fetchApi } from './upstream';

type SessionTokens = { accessToken: string | undefined; refreshToken: string | undefined };

export const getSessionTokens = cache(async (): Promise<SessionTokens> => {
  const store = await cookies();
  return { accessToken: store.get(ACCESS_COOKIE)?.value, refreshToken: store.get(REFRESH_COOKIE)?.value };
});

/**
 * GET /me with the access token from the cookie, once per request (layout and page
 * share it). null = not authenticated. Any other failure throws, so an API outage
 * shows the error page instead of a misleading login form.
 * An expired access cookie was already refreshed by proxy.ts before rendering.
 */
export const getMe = cache(async (): Promise<TMeResponse | null> => {
  const { accessToken } = await getSessionTokens();
  if (!accessToken) return null;
  const res = await fetchApi('me', { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`GET /me failed with HTTP ${res.status}`);
  return ZMeResponse.parse(await res.json());
});

/**
 * Where to come back to: the page the browser asked for (stamped by proxy.ts: path and query),
 * else what the caller names (a layout names its own path, not its page's).
 */
async function comeBackTo(fallback: string): Promise<string> {
  return safeReturnTo((await headers()).get(REQUESTED_PATH_HEADER)) ?? fallback;
}

/** Auth check for a page: no session cookie at all → /login before any API call. */
export async function requireSession(returnTo: string): Promise<SessionTokens> {
  const tokens = await getSessionTokens();
  if (!tokens.accessToken && !tokens.refreshToken) redirect(loginPath(await comeBackTo(returnTo)));
  return tokens;
}

/**
 * Auth check of every signed-in page (org layout and pages, /, /field). A user still on a
 * one-time password is sent to the change-password page first, whatever they asked for (the
 * API would refuse every call of that page anyway: 403 PASSWORD_CHANGE_REQUIRED), with that
 * page as `next`: after the change they land where they wanted to go.
 */
export async function requireMe(returnTo: string): Promise<TMeResponse> {
  const me = await requireMeAllowingPasswordChange(returnTo);
  if (me.user.mustChangePassword) redirect(changePasswordPath(await comeBackTo(returnTo)));
  return me;
}

/** requireMe for the change-password page itself (the one page such a user may see). */
export async function requireMeAllowingPasswordChange(returnTo: string): Promise<TMeResponse> {
  await requireSession(returnTo);
  const me = await getMe();
  if (!me) redirect(loginPath(await comeBackTo(returnTo), { expired: true }));
  return me;
}

export function activeMemberships(me: TMeResponse): TMyMembership[] {
  return me.memberships.filter((m) => m.status === 'ACTIVE');
}

export type OrgContext = { me: TMeResponse; membership: TMyMembership };

/**
 * Auth + membership check for every /orgs/:orgId page. An org I am not an active
 * member of is a plain 404: the page does not reveal whether it exists.
 */
export async function requireOrgContext(orgId: string, returnTo: string): Promise<OrgContext> {
  const me = await requireMe(returnTo);
  const membership = activeMemberships(me).find((m) => m.organization.id === orgId);
  if (!membership) notFound();
  return { me, membership };
}

export function can(membership: TMyMembership, permission: TPermission): boolean {
  return membership.permissions.includes(permission);
}
