import 'server-only';
import { randomUUID } from 'node:crypto';
import { ZErrorEnvelope, type TErrorCode, type TErrorEnvelope } from '@amms/contracts/errors';
import { NextResponse } from 'next/server';
import { apiV1Url, serverEnv } from './config';

/** A network failure or timeout talking to the API (not an HTTP error status). */
export class UpstreamUnavailableError extends Error {
  constructor(cause: unknown) {
    super('API unreachable', { cause });
    this.name = 'UpstreamUnavailableError';
  }
}

/** Headers of the browser's request that describe the end user to the API (rate limits, audit). */
export function clientMetaHeaders(req: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  const ua = req.headers.get('user-agent');
  if (ua) headers['user-agent'] = ua;
  // The API trusts us (loopback) as its proxy and rate-limits logins per client IP. Only the
  // right-most entry is passed on: the address our nearest reverse proxy saw (Next fills the
  // header with the socket address when it is absent). Earlier entries are client-supplied.
  // Exposed without a reverse proxy in front, a client could still set the header itself.
  const xff = req.headers.get('x-forwarded-for')?.split(',').pop()?.trim();
  if (xff) headers['x-forwarded-for'] = xff;
  const requestId = req.headers.get('x-request-id');
  if (requestId && /^[\w.:-]{1,100}$/.test(requestId)) headers['x-request-id'] = requestId;
  return headers;
}

export async function fetchApi(path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(apiV1Url(path), {
      ...init,
      cache: 'no-store',
      redirect: 'manual',
      signal: init.signal ?? AbortSignal.timeout(serverEnv().API_TIMEOUT_MS),
    });
  } catch (err) {
    throw new UpstreamUnavailableError(err);
  }
}

export async function readErrorEnvelope(res: Response): Promise<TErrorEnvelope | null> {
  try {
    const parsed = ZErrorEnvelope.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function errorEnvelope(code: TErrorCode, message: string, details?: unknown): TErrorEnvelope {
  return { error: { code, message, ...(details === undefined ? {} : { details }), requestId: `web-${randomUUID()}` } };
}

export function errorResponse(status: number, code: TErrorCode, message: string, details?: unknown): NextResponse {
  return NextResponse.json(errorEnvelope(code, message, details), {
    status,
    headers: { 'cache-control': 'no-store' },
  });
}

/**
 * CSRF defence in depth (the session cookies are already SameSite=Lax): a browser
 * request whose Origin is another site, or that says it is cross-site, is refused.
 */
export function isCrossSite(req: Request): boolean {
  if (req.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = req.headers.get('origin');
  if (!origin) return false;
  const host = req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || req.headers.get('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
