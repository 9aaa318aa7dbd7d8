import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isBlockedAddress, TargetRefused } from '../../platform/http/ssrf.js';

export interface HttpAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A failed attempt: `retry` says whether another attempt may help (429, 5xx, network, timeout). */
export class FetchFailed extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'FetchFailed';
  }
}

export interface OutboundRules {
  timeoutMs: number;
  /** hosts that may resolve to private / loopback addresses (WEBHOOK_ALLOW_HOSTS: development, tests) */
  allowHosts: readonly string[];
  /** most bytes of one answer (a fleet page is a few hundred kB) */
  maxBytes?: number;
}

const MAX_BYTES = 20 * 1024 * 1024;

/**
 * One HTTP request to a telematics source under the webhooks' outbound rules: the address the
 * connection uses is checked when it is resolved (private, loopback, link-local refused unless the
 * host is allowed), IP literals are checked here, the whole attempt is bounded by `timeoutMs`,
 * redirects are not followed and the answer is capped.
 */
export function httpCall(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  rules: OutboundRules,
): Promise<HttpAnswer> {
  const target = new URL(url);
  const host = hostOf(target);
  const allowed = rules.allowHosts.includes(host);
  if (!allowed && isIP(host) && isBlockedAddress(host))
    return Promise.reject(new FetchFailed(new TargetRefused(host, host).message, false));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const cap = rules.maxBytes ?? MAX_BYTES;
  return new Promise<HttpAnswer>((resolve, reject) => {
    let settled = false;
    const fail = (e: FetchFailed) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(e);
    };
    const req = send(
      target,
      {
        method: init.method,
        headers: {
          ...init.headers,
          'user-agent': 'AMMS-Telematics/1',
          ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
        },
        lookup: guardedLookup(allowed) as never,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > cap) {
            req.destroy();
            fail(new FetchFailed(`the answer is larger than ${cap} bytes`, false, res.statusCode ?? null));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (e) => fail(new FetchFailed(e.message, true)));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      fail(new FetchFailed(`timed out after ${rules.timeoutMs} ms`, true));
    }, rules.timeoutMs);
    req.on('error', (e) => {
      const refused = e instanceof TargetRefused || e.name === 'TargetRefused';
      fail(new FetchFailed(e.message.slice(0, 300), !refused));
    });
    req.end(init.body);
  });
}

/** Retry-After in ms (seconds or an HTTP date), or null. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
