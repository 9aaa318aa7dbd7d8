import 'server-only';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
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

/**
 * The client's address as the outermost of `hops` trusted reverse proxies saw it: the hops-th
 * X-Forwarded-For entry from the right (each proxy appends the address it got the request from;
 * whatever stands left of that was written by the client). null when there are no trusted hops
 * (the browser may have written the whole header: Next keeps one it receives) or the entry is
 * missing or not an IP address.
 */
export function forwardedClientIp(xff: string | null, hops: number): string | null {
  if (hops < 1 || !xff) return null;
  const chain = xff.split(',').map((s) => s.trim());
  const ip = chain.length >= hops ? chain[chain.length - hops] : undefined;
  return ip && isIP(ip) !== 0 ? ip : null;
}

/**
 * Headers of the browser's request that describe the end user to the API (rate limits, audit).
 * X-Forwarded-For is never passed through: the API gets one address, ours to vouch for, and only
 * when TRUSTED_PROXY_HOPS says where to read it; the API believes it only if this server's
 * address is in its TRUSTED_PROXIES. Otherwise the API counts this server's address.
 */
export function clientMetaHeaders(req: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  const ua = req.headers.get('user-agent');
  if (ua) headers['user-agent'] = ua;
  const ip = forwardedClientIp(req.headers.get('x-forwarded-for'), serverEnv().TRUSTED_PROXY_HOPS);
  if (ip) headers['x-forwarded-for'] = ip;
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
