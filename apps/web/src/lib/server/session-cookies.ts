import 'server-only';
import { randomBytes } from 'node:crypto';
import type { TTokenPair } from '@amms/contracts/auth';
import type { NextRequest, NextResponse } from 'next/server';
import { serverEnv } from './config';

export const ACCESS_COOKIE = 'amms_at';
export const REFRESH_COOKIE = 'amms_rt';
/**
 * A random id of this browser's sign-in, set at login (fresh each time) and kept across refreshes.
 * It carries no authority on its own; refresh.ts shares a just-rotated pair only with requests
 * that present the same id, so an old refresh token alone is not enough.
 */
export const BROWSER_SESSION_COOKIE = 'amms_bs';

/** 128 random bits, base64url. */
export function newBrowserSession(): string {
  return randomBytes(16).toString('base64url');
}

/** The API decides how long a refresh token lives; the cookie only needs to outlast it. */
const REFRESH_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Drop the access cookie a little before the token expires so the next request refreshes up front. */
const ACCESS_EXPIRY_MARGIN_S = 30;

/**
 * Whether an access token can still be sent: not expired and not about to. Reads the
 * JWT's `exp` without verifying it (the API verifies); only to decide whether to
 * refresh up front. An unreadable token counts as usable and the API judges it.
 */
export function isAccessTokenUsable(token: string | undefined, nowMs = Date.now()): boolean {
  if (!token) return false;
  const payload = token.split('.')[1];
  if (!payload) return true;
  try {
    const exp: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).exp;
    return typeof exp !== 'number' || exp * 1000 - nowMs > ACCESS_EXPIRY_MARGIN_S * 1000;
  } catch {
    return true;
  }
}

export function isSecureRequest(req: NextRequest | Request): boolean {
  const setting = serverEnv().COOKIE_SECURE;
  if (setting !== 'auto') return setting === 'true';
  const forwarded = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  if (forwarded) return forwarded === 'https';
  return new URL(req.url).protocol === 'https:';
}

function baseOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
}

/** `browserSession`: (re)set the browser-session cookie too (at login, or when a refresh had to mint one). */
export function setSessionCookies(res: NextResponse, pair: TTokenPair, secure: boolean, browserSession?: string): void {
  if (browserSession)
    res.cookies.set(BROWSER_SESSION_COOKIE, browserSession, {
      ...baseOptions(secure),
      maxAge: REFRESH_COOKIE_MAX_AGE_S,
    });
  res.cookies.set(ACCESS_COOKIE, pair.accessToken, {
    ...baseOptions(secure),
    maxAge: Math.max(1, pair.expiresIn - ACCESS_EXPIRY_MARGIN_S),
  });
  res.cookies.set(REFRESH_COOKIE, pair.refreshToken, { ...baseOptions(secure), maxAge: REFRESH_COOKIE_MAX_AGE_S });
}

export function clearSessionCookies(res: NextResponse, secure: boolean): void {
  res.cookies.set(ACCESS_COOKIE, '', { ...baseOptions(secure), maxAge: 0 });
  res.cookies.set(REFRESH_COOKIE, '', { ...baseOptions(secure), maxAge: 0 });
  res.cookies.set(BROWSER_SESSION_COOKIE, '', { ...baseOptions(secure), maxAge: 0 });
}
