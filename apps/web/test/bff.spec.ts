// The BFF route handlers (src/app/api/...), called with real Requests as Next would call them,
// against the real API (test/api-process.ts). Nothing of the BFF is replaced.
import { NextRequest, type NextResponse } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as proxyRoute from '@/app/api/proxy/[...path]/route';
import { POST as loginPOST } from '@/app/api/session/login/route';
import { POST as logoutPOST } from '@/app/api/session/logout/route';
import { forwardedClientIp } from '@/lib/server/upstream';
import { PASSWORD, startApi, type ApiProcess } from './api-process';

const WEB = 'http://127.0.0.1:3000';
const EVIL = 'https://evil.example';
let api: ApiProcess;

beforeAll(async () => {
  // the BFF's address (loopback here) is the API's trusted proxy: what the BFF forwards is believed
  api = await startApi({ TRUSTED_PROXIES: '127.0.0.1' });
  process.env.API_URL = api.base;
  delete process.env.TRUSTED_PROXY_HOPS;
});
afterAll(async () => {
  await api?.stop();
});

type Init = { method?: string; cookies?: Record<string, string>; headers?: Record<string, string>; body?: string };

/** A request as the browser sends it to the web server at WEB. */
function browser(path: string, init: Init = {}): NextRequest {
  const cookie = Object.entries(init.cookies ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return new NextRequest(`${WEB}${path}`, {
    method: init.method ?? 'GET',
    headers: { host: '127.0.0.1:3000', ...(cookie ? { cookie } : {}), ...(init.headers ?? {}) },
    body: init.body,
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function proxy(segments: string[], init: Init = {}): Promise<NextResponse> {
  const handler = proxyRoute[(init.method ?? 'GET') as Method];
  return handler(browser(`/api/proxy/${segments.join('/')}`, init), { params: Promise.resolve({ path: segments }) });
}

function login(email: string, headers: Record<string, string> = {}): Promise<NextResponse> {
  return loginPOST(
    browser('/api/session/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: WEB, ...headers },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
  );
}

const cookie = (res: NextResponse, name: string) => res.cookies.get(name)?.value;
const setCookieLine = (res: NextResponse, name: string) =>
  res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));

/** signs in through the BFF; the three cookies a browser would then hold */
async function signIn(): Promise<{ user: { id: string; email: string }; at: string; rt: string; bs: string }> {
  const user = await api.createUser();
  const res = await login(user.email);
  expect(res.status).toBe(200);
  return { user, at: cookie(res, 'amms_at')!, rt: cookie(res, 'amms_rt')!, bs: cookie(res, 'amms_bs')! };
}

describe('POST /api/session/login', () => {
  it('signs in: tokens only in httpOnly cookies (plus a browser-session id), the body is { user, memberships }', async () => {
    const user = await api.createUser();
    const res = await login(user.email);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email });
    expect(JSON.stringify(body)).not.toMatch(/accessToken|refreshToken/);
    for (const name of ['amms_at', 'amms_rt', 'amms_bs']) {
      expect(setCookieLine(res, name)).toMatch(/HttpOnly/i);
      expect(setCookieLine(res, name)).toMatch(/SameSite=lax/i);
    }
    // a new browser-session id with every sign-in
    const again = await login(user.email);
    expect(cookie(again, 'amms_bs')).not.toBe(cookie(res, 'amms_bs'));
  });

  it('refuses a cross-site login (Origin of another site, or Sec-Fetch-Site: cross-site): 403, no cookies, nothing sent to the API', async () => {
    const user = await api.createUser();
    for (const headers of [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Record<
      string,
      string
    >[]) {
      const res = await login(user.email, headers);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('FORBIDDEN');
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // the plain form post from another site goes back to the login page with the code, signed out
    const form = await loginPOST(
      browser('/api/session/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: EVIL },
        body: new URLSearchParams({ email: user.email, password: PASSWORD }).toString(),
      }),
    );
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toContain('error=FORBIDDEN');
    expect(form.headers.getSetCookie()).toEqual([]);
    expect(await api.db.refreshToken.count({ where: { userId: user.id } })).toBe(0);
    // same site behind a proxy: the Origin matches the forwarded host
    const proxied = await login(user.email, { origin: 'https://amms.example', 'x-forwarded-host': 'amms.example' });
    expect(proxied.status).toBe(200);
  });
});

describe('/api/proxy', () => {
  it('forwards with the bearer from the cookie', async () => {
    const s = await signIn();
    const res = await proxy(['me'], { cookies: { amms_at: s.at, amms_rt: s.rt, amms_bs: s.bs } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.id).toBe(s.user.id);
    expect(res.headers.getSetCookie()).toEqual([]); // nothing rotated
  });

  it('refuses cross-site calls before anything reaches the API (403), same-site ones pass', async () => {
    const s = await signIn();
    const cookies = { amms_at: s.at, amms_rt: s.rt, amms_bs: s.bs };
    const body = JSON.stringify({ currentPassword: PASSWORD, newPassword: 'a-brand-new-password-77' });
    for (const headers of [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const res = await proxy(['me', 'password'], {
        method: 'POST',
        cookies,
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('FORBIDDEN');
    }
    const user = await api.db.user.findUniqueOrThrow({ where: { id: s.user.id } });
    expect(
      await api.db.auditEvent.count({
        where: { organizationId: null, entityId: s.user.id, action: { startsWith: 'auth.password' } },
      }),
    ).toBe(0);
    // the same call from our own origin reaches the API
    const ok = await proxy(['me', 'password'], {
      method: 'POST',
      cookies,
      headers: { origin: WEB, 'content-type': 'application/json' },
      body,
    });
    expect(ok.status).toBe(204);
    expect((await api.db.user.findUniqueOrThrow({ where: { id: s.user.id } })).passwordHash).not.toBe(
      user.passwordHash,
    );
  });

  it('a path with `..`, `.` or an empty segment is a 404 and never reaches the API', async () => {
    const s = await signIn();
    const cookies = { amms_at: s.at, amms_rt: s.rt, amms_bs: s.bs };
    // /api/v1/../../health would be the API's /health once the URL is normalized
    for (const segments of [['..', '..', 'health'], ['..', 'docs-json'], ['.', 'me'], ['me', ''], []]) {
      const res = await proxy(segments, { cookies });
      expect(res.status, segments.join('/')).toBe(404);
      expect((await res.json()).error.code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('with only the refresh cookie: refreshes up front, answers, and sets the rotated pair', async () => {
    const s = await signIn();
    const res = await proxy(['me'], { cookies: { amms_rt: s.rt, amms_bs: s.bs } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.id).toBe(s.user.id);
    const rt = cookie(res, 'amms_rt')!;
    expect(rt).toBeTruthy();
    expect(rt).not.toBe(s.rt);
    expect(cookie(res, 'amms_at')).toBeTruthy();
    expect(cookie(res, 'amms_bs')).toBe(s.bs);
    // the new pair works without another refresh
    const next = await proxy(['me'], { cookies: { amms_at: cookie(res, 'amms_at')!, amms_rt: rt, amms_bs: s.bs } });
    expect(next.status).toBe(200);
    expect(next.headers.getSetCookie()).toEqual([]);
  });

  it('on a 401 from the API: refreshes once, retries with the new token and sets the rotated pair', async () => {
    const s = await signIn();
    const res = await proxy(['me'], { cookies: { amms_at: 'not-a-jwt', amms_rt: s.rt, amms_bs: s.bs } });
    expect(res.status).toBe(200);
    expect(cookie(res, 'amms_rt')).not.toBe(s.rt);
    expect(await api.db.refreshToken.count({ where: { userId: s.user.id } })).toBe(2);
  });

  it('a dead refresh token ends the session: 401 and the cookies are cleared', async () => {
    const res = await proxy(['me'], {
      cookies: { amms_rt: 'rt_this-is-no-refresh-token-0000000000000000', amms_bs: 'x' },
    });
    expect(res.status).toBe(401);
    for (const name of ['amms_at', 'amms_rt', 'amms_bs']) expect(setCookieLine(res, name)).toMatch(/Max-Age=0/i);
  });

  it('the refresh grace serves the new pair to the same browser only; anyone else with the old token ends the session', async () => {
    const s = await signIn();
    const first = await proxy(['me'], { cookies: { amms_rt: s.rt, amms_bs: s.bs } });
    expect(first.status).toBe(200);
    const newRt = cookie(first, 'amms_rt')!;
    const newAt = cookie(first, 'amms_at')!;

    // a late request of the same browser, still carrying the old cookie: the same new pair, no second rotation
    const late = await proxy(['me'], { cookies: { amms_rt: s.rt, amms_bs: s.bs } });
    expect(late.status).toBe(200);
    expect(cookie(late, 'amms_rt')).toBe(newRt);
    expect(await api.db.refreshToken.count({ where: { userId: s.user.id } })).toBe(2);

    // someone else presenting the old refresh token (copied cookie, no or another browser-session id) gets no pair
    for (const cookies of [{ amms_rt: s.rt }, { amms_rt: s.rt, amms_bs: 'another-browser' }] as Record<
      string,
      string
    >[]) {
      const stolen = await proxy(['me'], { cookies });
      expect(stolen.status).toBe(401);
      expect(cookie(stolen, 'amms_rt') ?? '').toBe('');
      expect(JSON.stringify(await stolen.json())).not.toContain(newRt);
    }
    // and the API, seeing a rotated token again, revoked the session: the new pair is dead too
    const after = await proxy(['me'], { cookies: { amms_at: newAt, amms_rt: newRt, amms_bs: s.bs } });
    expect(after.status).toBe(401);
  });
});

describe('POST /api/session/logout', () => {
  it('refuses a cross-site sign-out (the session stays); a same-site one ends it and clears the cookies', async () => {
    const s = await signIn();
    const cookies = { amms_at: s.at, amms_rt: s.rt, amms_bs: s.bs };
    const evil = await logoutPOST(
      browser('/api/session/logout', { method: 'POST', cookies, headers: { origin: EVIL } }),
    );
    expect(evil.status).toBe(403);
    expect((await proxy(['me'], { cookies })).status).toBe(200);

    const res = await logoutPOST(browser('/api/session/logout', { method: 'POST', cookies, headers: { origin: WEB } }));
    expect(res.status).toBe(204);
    for (const name of ['amms_at', 'amms_rt', 'amms_bs']) expect(setCookieLine(res, name)).toMatch(/Max-Age=0/i);
    expect((await proxy(['me'], { cookies: { amms_at: s.at } })).status).toBe(401);
  });
});

describe('the client IP the API sees through the BFF', () => {
  /** signs in through the BFF with a wrong password; the address the API recorded for it */
  async function ipRecorded(xff: string): Promise<unknown> {
    const user = await api.createUser();
    const res = await loginPOST(
      browser('/api/session/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: WEB, 'x-forwarded-for': xff },
        body: JSON.stringify({ email: user.email, password: 'not-the-password-1' }),
      }),
    );
    expect(res.status).toBe(401);
    const event = await api.db.auditEvent.findFirstOrThrow({
      where: { organizationId: null, action: 'auth.login.failed', entityId: user.id },
    });
    return (event.data as { ip: unknown }).ip;
  }

  it('by default (TRUSTED_PROXY_HOPS=0) a browser-sent X-Forwarded-For never reaches the API: it sees the BFF', async () => {
    expect(await ipRecorded('203.0.113.50')).toBe('127.0.0.1');
    expect(await ipRecorded('10.0.0.1, 203.0.113.50')).toBe('127.0.0.1');
  });

  it('behind N trusted proxies the N-th entry from the right is passed on, alone', async () => {
    process.env.TRUSTED_PROXY_HOPS = '1';
    try {
      expect(await ipRecorded('6.6.6.6, 203.0.113.51')).toBe('203.0.113.51');
      expect(await ipRecorded('not-an-ip')).toBe('127.0.0.1');
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS;
    }
  });

  it('forwardedClientIp reads the hops-th entry from the right, or nothing', () => {
    expect(forwardedClientIp('1.1.1.1', 0)).toBeNull();
    expect(forwardedClientIp(null, 1)).toBeNull();
    expect(forwardedClientIp('1.1.1.1, 2.2.2.2', 1)).toBe('2.2.2.2');
    expect(forwardedClientIp('1.1.1.1, 2.2.2.2, 10.0.0.2', 2)).toBe('2.2.2.2');
    expect(forwardedClientIp('2.2.2.2', 2)).toBeNull();
    expect(forwardedClientIp('1.1.1.1, 2001:db8::1', 1)).toBe('2001:db8::1');
    expect(forwardedClientIp('1.1.1.1, evil', 1)).toBeNull();
  });
});
