import type { TLogoutRequest } from '@amms/contracts/auth';
import { NextResponse, type NextRequest } from 'next/server';
import { ACCESS_COOKIE, clearSessionCookies, isSecureRequest, REFRESH_COOKIE } from '@/lib/server/session-cookies';
import { clientMetaHeaders, errorResponse, fetchApi, isCrossSite } from '@/lib/server/upstream';

/**
 * POST /api/session/logout
 * Revokes the refresh token at the API (best effort) and always clears the cookies.
 * A plain HTML form post (the user menu works without JavaScript) gets a 303 to
 * /login; fetch callers get 204.
 */
export async function POST(req: NextRequest): Promise<NextResponse> {
  if (isCrossSite(req)) return errorResponse(403, 'FORBIDDEN', 'Cross-site request refused');

  const accessToken = req.cookies.get(ACCESS_COOKIE)?.value;
  const refreshToken = req.cookies.get(REFRESH_COOKIE)?.value;
  if (refreshToken || accessToken) {
    const body: TLogoutRequest = refreshToken ? { refreshToken } : {};
    try {
      await fetchApi('auth/logout', {
        method: 'POST',
        headers: {
          ...clientMetaHeaders(req),
          'content-type': 'application/json',
          ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      // The cookies go regardless; an unrevoked refresh token expires on its own.
    }
  }

  const isFormPost = (req.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
  const res = isFormPost
    ? new NextResponse(null, { status: 303, headers: { location: '/login' } })
    : new NextResponse(null, { status: 204 });
  res.headers.set('cache-control', 'no-store');
  clearSessionCookies(res, isSecureRequest(req));
  return res;
}
