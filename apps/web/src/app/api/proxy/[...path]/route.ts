import type { TTokenPair } from '@amms/contracts/auth';
import { NextResponse, type NextRequest } from 'next/server';
import { refreshSession, type RefreshOutcome } from '@/lib/server/refresh';
import {
  ACCESS_COOKIE,
  BROWSER_SESSION_COOKIE,
  clearSessionCookies,
  isAccessTokenUsable,
  isSecureRequest,
  REFRESH_COOKIE,
  setSessionCookies,
} from '@/lib/server/session-cookies';
import { serverEnv } from '@/lib/server/config';
import { isLocale, LOCALE_COOKIE } from '@/i18n/locales';
import {
  clientMetaHeaders,
  errorResponse,
  fetchApi,
  isCrossSite,
  UpstreamUnavailableError,
} from '@/lib/server/upstream';

/**
 * /api/proxy/<path>?<query>  →  ${API_URL}/api/v1/<path>?<query>
 * The BFF: adds the bearer from the httpOnly cookie; on a 401 refreshes once
 * (single-flight per refresh token, see refresh.ts), stores the rotated pair and
 * retries; when the refresh token is dead, clears the cookies and answers 401.
 *
 * A multipart body (a manual upload, up to 100 MB) is streamed through as it arrives, never held
 * whole in memory, under its own longer timeout. Such a body cannot be sent a second time: on a
 * 401 the pair is refreshed and stored, and the browser is told to send it again (401 with
 * `x-amms-retry-upload: 1`; features/knowledge/upload.ts does so once).
 */

type Ctx = { params: Promise<{ path: string[] }> };

/** request headers the API may care about; cookies and hop-by-hop headers never pass */
const FORWARD_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'idempotency-key',
  'if-match',
  'if-none-match',
];
/** response headers passed back to the browser */
const FORWARD_RESPONSE_HEADER =
  /^(content-type|content-disposition|cache-control|etag|last-modified|retry-after|x-request-id|idempotency-[\w-]+|idempotent-replayed|x-ratelimit-[\w-]+|ratelimit(-[\w-]+)?)$/i;
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

async function handle(req: NextRequest, ctx: Ctx): Promise<NextResponse> {
  if (isCrossSite(req)) return errorResponse(403, 'FORBIDDEN', 'Cross-site request refused');

  const { path } = await ctx.params;
  if (path.length === 0 || path.some((s) => s === '' || s === '.' || s === '..')) {
    return errorResponse(404, 'ROUTE_NOT_FOUND', 'No such API route');
  }
  const target = `${path.map(encodeURIComponent).join('/')}${req.nextUrl.search}`;

  const secure = isSecureRequest(req);
  const meta = clientMetaHeaders(req);
  const refreshToken = req.cookies.get(REFRESH_COOKIE)?.value;
  const browserSession = req.cookies.get(BROWSER_SESSION_COOKIE)?.value;
  let accessToken = req.cookies.get(ACCESS_COOKIE)?.value;
  let rotated: { pair: TTokenPair; browserSession: string } | null = null;

  const unauthorized = (outcome?: RefreshOutcome) => {
    const res =
      outcome?.ok === false && outcome.error
        ? NextResponse.json(outcome.error, { status: 401, headers: { 'cache-control': 'no-store' } })
        : errorResponse(401, 'UNAUTHENTICATED', 'Not signed in');
    clearSessionCookies(res, secure);
    return res;
  };
  const unavailable = () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'The API is not reachable');

  // Gone or about to expire: refresh up front instead of a call that would only get a 401.
  if (!isAccessTokenUsable(accessToken) && refreshToken) {
    const outcome = await refreshSession(refreshToken, meta, browserSession);
    if (outcome.ok) {
      rotated = outcome;
      accessToken = outcome.pair.accessToken;
    } else {
      return outcome.fatal ? unauthorized(outcome) : unavailable();
    }
  }
  if (!accessToken) return unauthorized();

  const method = req.method.toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const upload = hasBody && isStreamedUpload(req);
  // buffered (small JSON), because a retry after refresh must send the same body again;
  // an upload streams (see above)
  const body = !hasBody ? undefined : upload ? req.body : await req.arrayBuffer();
  const headers: Record<string, string> = { ...meta };
  for (const name of FORWARD_REQUEST_HEADERS) {
    const value = req.headers.get(name);
    if (value) headers[name] = value;
  }
  // the API writes its own sentences (a draft edit's findings) in the language chosen in the UI
  const uiLocale = req.cookies.get(LOCALE_COOKIE)?.value;
  if (isLocale(uiLocale)) headers['accept-language'] = uiLocale;
  // lets the API refuse an oversized upload before reading it
  const length = req.headers.get('content-length');
  if (upload && length && /^\d+$/.test(length)) headers['content-length'] = length;

  // an event stream (execution progress) stays open for minutes: it ends when the browser
  // leaves, not at the API timeout that bounds every other call
  const streaming = method === 'GET' && (req.headers.get('accept') ?? '').includes('text/event-stream');
  const send = (token: string) =>
    fetchApi(target, {
      method,
      headers: { ...headers, authorization: `Bearer ${token}` },
      ...(body instanceof ArrayBuffer
        ? { body: body.byteLength > 0 ? body : undefined }
        : body
          ? { body, duplex: 'half' }
          : {}),
      ...(streaming
        ? { signal: req.signal }
        : upload
          ? { signal: AbortSignal.any([req.signal, AbortSignal.timeout(serverEnv().API_UPLOAD_TIMEOUT_MS)]) }
          : {}),
    });

  let upstream: Response;
  try {
    upstream = await send(accessToken);
    if (upstream.status === 401 && refreshToken && !rotated) {
      const outcome = await refreshSession(refreshToken, meta, browserSession);
      if (!outcome.ok) return outcome.fatal ? unauthorized(outcome) : unavailable();
      rotated = outcome;
      await upstream.body?.cancel();
      if (upload) {
        // the body is spent: keep the new pair and ask the browser to send the file again
        const res = errorResponse(401, 'TOKEN_EXPIRED', 'Session refreshed: send the upload again');
        res.headers.set(RETRY_UPLOAD_HEADER, '1');
        setSessionCookies(res, rotated.pair, secure, rotated.browserSession);
        return res;
      }
      upstream = await send(outcome.pair.accessToken);
    }
  } catch (err) {
    if (err instanceof UpstreamUnavailableError) return unavailable();
    throw err;
  }

  const resHeaders = new Headers();
  upstream.headers.forEach((value, name) => {
    if (FORWARD_RESPONSE_HEADER.test(name)) resHeaders.set(name, value);
  });
  if (!resHeaders.has('cache-control')) resHeaders.set('cache-control', 'no-store');

  const res = new NextResponse(NULL_BODY_STATUSES.has(upstream.status) ? null : upstream.body, {
    status: upstream.status,
    headers: resHeaders,
  });
  if (rotated) setSessionCookies(res, rotated.pair, secure, rotated.browserSession);
  return res;
}

/** the browser's cue to send a streamed upload once more, after the session was refreshed */
const RETRY_UPLOAD_HEADER = 'x-amms-retry-upload';

/** A multipart body (file uploads): streamed through rather than buffered. */
function isStreamedUpload(req: NextRequest): boolean {
  return req.body !== null && (req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
