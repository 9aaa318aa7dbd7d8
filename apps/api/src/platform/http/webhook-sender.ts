import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isBlockedAddress, TargetRefused } from './ssrf.js';

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  /** the first EXCERPT_BYTES of the body */
  responseExcerpt: string | null;
  /** network error, timeout, refused target, redirect not followed */
  error: string | null;
  /** 2xx */
  ok: boolean;
  /** the target was refused by the SSRF rule (not the receiver's fault) */
  refused: boolean;
}

const EXCERPT_BYTES = 1024;

/**
 * One POST: the connection goes to an address checked at this moment (guardedLookup), the whole
 * attempt is bounded by `timeoutMs`, redirects are never followed (a 3xx is a failed attempt), and
 * at most EXCERPT_BYTES of the answer are kept. `headers` may set another content-type (Web Push sends bytes).
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string | Buffer,
  opts: { timeoutMs: number; allowHosts: readonly string[] },
): Promise<SendResult> {
  const target = new URL(url);
  const allowed = opts.allowHosts.includes(hostOf(target));
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  // an IP literal never goes through `lookup` (Node connects to it directly): check it here
  const literal = hostOf(target);
  if (!allowed && isIP(literal) && isBlockedAddress(literal)) {
    const e = new TargetRefused(literal, literal);
    return Promise.resolve({
      statusCode: null,
      latencyMs: 0,
      responseExcerpt: null,
      ok: false,
      refused: true,
      error: e.message,
    });
  }
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, latencyMs: elapsed() });
    };
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'AMMS-Webhooks/1',
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
        },
        lookup: guardedLookup(allowed) as never,
        agent: false,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (c: Buffer) => {
          if (kept < EXCERPT_BYTES) {
            chunks.push(c.subarray(0, EXCERPT_BYTES - kept));
            kept += Math.min(c.length, EXCERPT_BYTES - kept);
          }
        });
        const finish = () => {
          const status = res.statusCode ?? null;
          const excerpt = chunks.length ? Buffer.concat(chunks).toString('utf8') : null;
          const redirect = status !== null && status >= 300 && status < 400;
          done({
            statusCode: status,
            responseExcerpt: excerpt,
            ok: status !== null && status >= 200 && status < 300,
            refused: false,
            error: redirect ? 'redirect not followed' : null,
          });
        };
        res.on('end', finish);
        res.on('error', (e) =>
          done({
            statusCode: res.statusCode ?? null,
            responseExcerpt: null,
            ok: false,
            refused: false,
            error: e.message,
          }),
        );
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on('error', (e) => {
      const refused = e instanceof TargetRefused || (e as { name?: string }).name === 'TargetRefused';
      done({ statusCode: null, responseExcerpt: null, ok: false, refused, error: e.message.slice(0, 500) });
    });
    req.end(body);
  });
}
