import type { z } from 'zod';
import { FetchFailed, httpCall, retryAfterMs, type HttpAnswer, type OutboundRules } from './http-get.js';
import {
  ZAempFleetPage,
  ZAempSeriesPage,
  nextLink,
  selfLink,
  type AempSeries,
  type TAempFleetPage,
  type TAempSeriesPage,
} from './aemp-shapes.js';

export type AempAuth =
  | { kind: 'BASIC'; username: string; password: string }
  | { kind: 'OAUTH2'; clientId: string; clientSecret: string; tokenUrl: string };

export interface AempClientOptions extends OutboundRules {
  baseUrl: string;
  auth: AempAuth;
  maxAttempts: number;
  retryBaseMs: number;
  /** waits between attempts (tests pass a fast one) */
  sleep?: (ms: number) => Promise<void>;
}

/** The source answered something we cannot use (not a retryable hiccup): the cycle fails with it. */
export class AempError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AempError';
  }
}

const MAX_WAIT_MS = 60_000;
const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
/** the whole second at or after `d` (a window's end in whole seconds that still covers `d`) */
const ceilSecond = (d: Date) => new Date(Math.ceil(d.getTime() / 1000) * 1000);

/**
 * The production client of an ISO 15143-3 (AEMP 2.0) endpoint: signs in (HTTP Basic, or an OAuth2
 * client-credentials token fetched once and again after a 401), pages through the fleet snapshot
 * following the "next" links, and reads a unit's time series. Every request goes through the
 * outbound rules (SSRF, timeout, size cap) and is retried on 429 (after Retry-After), 5xx, network
 * errors and timeouts, waiting base × 2^(n-1) between attempts. Links are followed only on the
 * configured origin: a page cannot send us elsewhere.
 */
export class AempClient {
  private token: string | null = null;
  requests = 0;
  private readonly base: URL;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly o: AempClientOptions) {
    this.base = new URL(o.baseUrl.replace(/\/+$/, '') + '/');
    this.sleep = o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Every page of the fleet snapshot, first to last (at most `maxPages`). */
  async *fleet(maxPages: number): AsyncGenerator<TAempFleetPage> {
    let url: string | null = new URL('Fleet/1', this.base).href;
    const seen = new Set<string>();
    for (let n = 0; url && n < maxPages; n++) {
      seen.add(url);
      const page: TAempFleetPage = await this.getJson(url, ZAempFleetPage, 'fleet page');
      yield page;
      const next = nextLink(page.Links);
      const self = selfLink(page.Links);
      url = next && next !== self ? this.onOrigin(next) : null;
      if (url && seen.has(url)) url = null; // a "next" that points back: the last page
    }
  }

  /**
   * One series of one unit between two times, all pages. null when the endpoint does not offer it
   * (404 / 501: time series are optional in the standard and a subscription option at some makers).
   * The URL carries whole seconds: `from` rounded down, `to` rounded up, so an event in the same
   * second as the cycle's start is read now (not a cycle later); the next cycle's window overlaps
   * this one by under a second, and ingestion is idempotent.
   */
  async series(equipmentId: string, series: AempSeries, from: Date, to: Date, maxPages: number) {
    const out: TAempSeriesPage[] = [];
    const path = `Fleet/Equipment/ID/${encodeURIComponent(equipmentId)}/${series}/${isoSeconds(from)}/${isoSeconds(ceilSecond(to))}/1`;
    let url: string | null = new URL(path, this.base).href;
    const seen = new Set<string>();
    for (let n = 0; url && n < maxPages; n++) {
      seen.add(url);
      const answer: HttpAnswer = await this.get(url);
      if (n === 0 && (answer.status === 404 || answer.status === 501)) return null;
      const page: TAempSeriesPage = this.parse(answer, url, ZAempSeriesPage, `${series} page`);
      out.push(page);
      const next = nextLink(page.Links);
      url = next && next !== selfLink(page.Links) ? this.onOrigin(next) : null;
      if (url && seen.has(url)) url = null;
    }
    return out;
  }

  private onOrigin(href: string): string {
    const u = new URL(href, this.base);
    if (u.origin !== this.base.origin) throw new AempError(`a page linked to another host (${u.host}): not followed`);
    return u.href;
  }

  private async getJson<T extends z.ZodType>(url: string, schema: T, what: string): Promise<z.output<T>> {
    return this.parse(await this.get(url), url, schema, what);
  }

  private parse<T extends z.ZodType>(a: HttpAnswer, url: string, schema: T, what: string): z.output<T> {
    if (a.status < 200 || a.status >= 300) throw new AempError(`${what} ${pathOf(url)}: HTTP ${a.status}`);
    let json: unknown;
    try {
      json = JSON.parse(a.body);
    } catch {
      throw new AempError(`${what} ${pathOf(url)}: not JSON (${a.body.slice(0, 60).replace(/\s+/g, ' ')}…)`);
    }
    const r = schema.safeParse(json);
    if (!r.success)
      throw new AempError(`${what} ${pathOf(url)}: not an ISO 15143-3 answer (${r.error.issues[0]?.message})`);
    return r.data;
  }

  /** A GET with the credentials; 401 with OAuth2 fetches a new token once. Non-2xx other than 401/429/5xx is returned. */
  private async get(url: string): Promise<HttpAnswer> {
    let refreshed = false;
    for (;;) {
      const a = await this.withRetries(async () => ({
        method: 'GET' as const,
        url,
        headers: { accept: 'application/json', authorization: await this.authorization() },
      }));
      if (a.status === 401 || a.status === 403) {
        if (this.o.auth.kind === 'OAUTH2' && !refreshed) {
          refreshed = true;
          this.token = null;
          continue;
        }
        throw new AempError(`the source refused our credentials (HTTP ${a.status})`);
      }
      return a;
    }
  }

  private async authorization(): Promise<string> {
    const a = this.o.auth;
    if (a.kind === 'BASIC') return `Basic ${Buffer.from(`${a.username}:${a.password}`).toString('base64')}`;
    if (!this.token) this.token = await this.fetchToken(a);
    return `Bearer ${this.token}`;
  }

  private async fetchToken(a: Extract<AempAuth, { kind: 'OAUTH2' }>): Promise<string> {
    const answer = await this.withRetries(() =>
      Promise.resolve({
        method: 'POST' as const,
        url: a.tokenUrl,
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(a.clientId)}:${encodeURIComponent(a.clientSecret)}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      }),
    );
    if (answer.status === 400 || answer.status === 401)
      throw new AempError(`the token endpoint refused our client credentials (HTTP ${answer.status})`);
    if (answer.status < 200 || answer.status >= 300) throw new AempError(`token endpoint: HTTP ${answer.status}`);
    let token: unknown;
    try {
      token = (JSON.parse(answer.body) as { access_token?: unknown }).access_token;
    } catch {
      token = undefined;
    }
    if (typeof token !== 'string' || !token) throw new AempError('the token endpoint answered no access_token');
    return token;
  }

  /** Attempts a request; 429, 5xx, network errors and timeouts are retried with backoff. */
  private async withRetries(
    build: () => Promise<{ method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body?: string }>,
  ): Promise<HttpAnswer> {
    let last: FetchFailed | null = null;
    for (let attempt = 1; attempt <= this.o.maxAttempts; attempt++) {
      if (attempt > 1) {
        const backoff = this.o.retryBaseMs * 2 ** (attempt - 2);
        await this.sleep(Math.min(MAX_WAIT_MS, Math.max(backoff, last?.retryAfterMs ?? 0)));
      }
      const req = await build();
      this.requests++;
      try {
        const a = await httpCall(req.url, req, this.o);
        if (a.status === 429 || a.status >= 500) {
          last = new FetchFailed(
            `${pathOf(req.url)}: HTTP ${a.status}`,
            true,
            a.status,
            retryAfterMs(a.headers['retry-after']),
          );
          continue;
        }
        if (a.status >= 300 && a.status < 400) throw new AempError(`${pathOf(req.url)}: redirect not followed`);
        return a;
      } catch (e) {
        if (!(e instanceof FetchFailed)) throw e;
        if (!e.retry) throw new AempError(e.message);
        last = e;
      }
    }
    throw new AempError(`${last?.message ?? 'request failed'} (after ${this.o.maxAttempts} attempts)`);
  }
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};
