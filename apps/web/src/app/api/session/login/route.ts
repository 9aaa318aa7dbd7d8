import { ZLoginRequest, ZLoginResponse, type TLoginResponse, type TMeResponse } from '@amms/contracts/auth';
import type { TErrorEnvelope } from '@amms/contracts/errors';
import { NextResponse, type NextRequest } from 'next/server';
import { changePasswordPath, loginPath, safeReturnTo } from '@/lib/login-path';
import { isSecureRequest, newBrowserSession, setSessionCookies } from '@/lib/server/session-cookies';
import {
  clientMetaHeaders,
  errorEnvelope,
  fetchApi,
  isCrossSite,
  readErrorEnvelope,
  UpstreamUnavailableError,
} from '@/lib/server/upstream';

type LoginResult =
  | { ok: true; login: TLoginResponse }
  | { ok: false; status: number; envelope: TErrorEnvelope; retryAfter: string | null };

/**
 * POST /api/session/login
 * JSON {email, password} (the login form after hydration): answers { user, memberships }
 * (the /me shape, no tokens) or the API's error envelope.
 * A plain form post (the same form before hydration, or without JavaScript): answers
 * 303 to `next` or / (on a one-time password: to the change page, then `next`), or back to
 * /login?error=<CODE>. Credentials never end up in a URL.
 * Either way both tokens go into httpOnly cookies.
 */
export async function POST(req: NextRequest): Promise<NextResponse> {
  const isForm = (req.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
  let raw: unknown;
  let next: string | null = null;
  if (isForm) {
    const form = await req.formData().catch(() => null);
    raw = { email: String(form?.get('email') ?? '').trim(), password: String(form?.get('password') ?? '') };
    next = safeReturnTo(form?.get('next'));
  } else {
    raw = await req.json().catch(() => undefined);
  }

  const result = isCrossSite(req)
    ? ({
        ok: false,
        status: 403,
        envelope: errorEnvelope('FORBIDDEN', 'Cross-site request refused'),
        retryAfter: null,
      } as const)
    : await login(req, raw);

  let res: NextResponse;
  if (isForm) {
    const location = !result.ok
      ? loginPath(next, { error: result.envelope.error.code })
      : result.login.user.mustChangePassword
        ? changePasswordPath(next)
        : (next ?? '/');
    res = new NextResponse(null, { status: 303, headers: { location } });
  } else if (result.ok) {
    const body: TMeResponse = { user: result.login.user, memberships: result.login.memberships };
    res = NextResponse.json(body);
  } else {
    res = NextResponse.json(result.envelope, { status: result.status });
    if (result.retryAfter) res.headers.set('retry-after', result.retryAfter);
  }
  res.headers.set('cache-control', 'no-store');
  // a fresh browser-session id with every sign-in (refresh.ts binds its grace to it)
  if (result.ok) setSessionCookies(res, result.login, isSecureRequest(req), newBrowserSession());
  return res;
}

async function login(req: NextRequest, raw: unknown): Promise<LoginResult> {
  const input = ZLoginRequest.safeParse(raw);
  if (!input.success) {
    const details = input.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code }));
    return {
      ok: false,
      status: 400,
      envelope: errorEnvelope('VALIDATION_FAILED', 'Email and password are required', details),
      retryAfter: null,
    };
  }

  let upstream: Response;
  try {
    upstream = await fetchApi('auth/login', {
      method: 'POST',
      headers: { ...clientMetaHeaders(req), 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input.data),
    });
  } catch (err) {
    if (err instanceof UpstreamUnavailableError) {
      return {
        ok: false,
        status: 503,
        envelope: errorEnvelope('SERVICE_UNAVAILABLE', 'The API is not reachable'),
        retryAfter: null,
      };
    }
    throw err;
  }

  if (!upstream.ok) {
    const envelope = await readErrorEnvelope(upstream);
    if (!envelope) {
      return {
        ok: false,
        status: 502,
        envelope: errorEnvelope('INTERNAL', `Login failed upstream (HTTP ${upstream.status})`),
        retryAfter: null,
      };
    }
    return { ok: false, status: upstream.status, envelope, retryAfter: upstream.headers.get('retry-after') };
  }

  const login = ZLoginResponse.safeParse(await upstream.json().catch(() => null));
  if (!login.success) {
    return {
      ok: false,
      status: 502,
      envelope: errorEnvelope('INTERNAL', 'Unexpected login response from the API'),
      retryAfter: null,
    };
  }
  return { ok: true, login: login.data };
}
