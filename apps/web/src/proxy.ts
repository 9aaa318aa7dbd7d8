import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, mapOrigins, newNonce } from '@/lib/server/csp';
import { refreshSession } from '@/lib/server/refresh';
import { stampRequestedPath } from '@/lib/server/requested-path';
import {
  ACCESS_COOKIE,
  BROWSER_SESSION_COOKIE,
  clearSessionCookies,
  isAccessTokenUsable,
  isSecureRequest,
  REFRESH_COOKIE,
  setSessionCookies,
} from '@/lib/server/session-cookies';
import { clientMetaHeaders } from '@/lib/server/upstream';

/**
 * Runs before page renders (not /api, not static files).
 *
 * - Content-Security-Policy with a fresh nonce (lib/server/csp.ts): on the request, where Next
 *   reads the nonce for its scripts, and on the response.
 * - Session upkeep: Server Components cannot set cookies, so when the access token is gone or
 *   about to expire and a refresh cookie is present, the refresh happens here: the new pair goes
 *   into the request (so the page renders with it) and into Set-Cookie. Authorization is still
 *   decided by each page.tsx and the API; this only keeps a live session alive.
 * - The page asked for, as a request header (lib/server/requested-path.ts): where the auth
 *   checks send the user back to after login or a forced password change.
 */
export async function proxy(req: NextRequest): Promise<NextResponse> {
  const csp = contentSecurityPolicy(newNonce(), {
    dev: process.env.NODE_ENV === 'development',
    mapOrigins: mapOrigins(process.env),
  });
  req.headers.set('content-security-policy', csp);
  stampRequestedPath(req);
  const next = () => {
    const res = NextResponse.next({ request: { headers: req.headers } });
    res.headers.set('content-security-policy', csp);
    return res;
  };

  const refreshToken = req.cookies.get(REFRESH_COOKIE)?.value;
  if (!refreshToken || isAccessTokenUsable(req.cookies.get(ACCESS_COOKIE)?.value)) return next();

  const outcome = await refreshSession(
    refreshToken,
    clientMetaHeaders(req),
    req.cookies.get(BROWSER_SESSION_COOKIE)?.value,
  );
  if (outcome.ok) {
    req.cookies.set(ACCESS_COOKIE, outcome.pair.accessToken);
    req.cookies.set(REFRESH_COOKIE, outcome.pair.refreshToken);
    req.cookies.set(BROWSER_SESSION_COOKIE, outcome.browserSession);
    const res = next();
    setSessionCookies(res, outcome.pair, isSecureRequest(req), outcome.browserSession);
    return res;
  }
  if (outcome.fatal) {
    req.cookies.delete(ACCESS_COOKIE);
    req.cookies.delete(REFRESH_COOKIE);
    req.cookies.delete(BROWSER_SESSION_COOKIE);
    const res = next();
    clearSessionCookies(res, isSecureRequest(req));
    return res;
  }
  // API unreachable: render anyway; the page decides (error page or login)
  return next();
}

export const config = {
  matcher: [
    '/((?!api/|_next/static|_next/image|favicon\\.ico|robots\\.txt|.*\\.(?:png|jpg|jpeg|gif|svg|webp|ico|css|js|map|txt)$).*)',
  ],
};
