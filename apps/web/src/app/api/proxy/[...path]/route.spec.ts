import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The BFF proxy against a fake API on a real socket: a multipart upload (a manual of up to
 * 100 MB) must stream through as it arrives, not be read whole into memory first.
 */

type Seen = { path: string; headers: http.IncomingHttpHeaders; chunks: Buffer[]; firstChunk: Promise<void> };
let server: http.Server;
let seen: Seen[] = [];
let answerUpload: (res: http.ServerResponse) => void = (res) => json(res, 201, { ok: true });

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** an access token the proxy considers usable (it reads `exp` only) */
const token = (expInS: number) =>
  `x.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expInS })).toString('base64url')}.y`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let resolveFirst!: () => void;
    const entry: Seen = {
      path: req.url ?? '',
      headers: req.headers,
      chunks: [],
      firstChunk: new Promise((r) => (resolveFirst = r)),
    };
    seen.push(entry);
    req.on('data', (c: Buffer) => {
      entry.chunks.push(c);
      resolveFirst();
    });
    req.on('end', () => {
      if (entry.path === '/api/v1/auth/refresh')
        return json(res, 200, { accessToken: token(900), refreshToken: 'rt-2', expiresIn: 900 });
      answerUpload(res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

const { POST } = await import('./route');

/** a request body the test feeds by hand: chunk by chunk, closing when it says so */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    stream,
    push: (s: string) => controller.enqueue(new TextEncoder().encode(s)),
    close: () => controller.close(),
  };
}

function uploadRequest(body: ReadableStream<Uint8Array>, length: number, cookies: string) {
  return new NextRequest('http://127.0.0.1:3000/api/proxy/orgs/o1/documents', {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(length), cookie: cookies },
    body,
    duplex: 'half',
  } as ConstructorParameters<typeof NextRequest>[1]);
}

const ctx = { params: Promise.resolve({ path: ['orgs', 'o1', 'documents'] }) };

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms))]);

describe('BFF proxy: multipart uploads', () => {
  it('streams the body to the API before the browser has finished sending it', async () => {
    seen = [];
    answerUpload = (res) => json(res, 201, { ok: true });
    const body = controlledBody();
    const pending = POST(uploadRequest(body.stream, 19, `amms_at=${token(900)}`), ctx);
    body.push('--b\r\npart one ');
    // a proxy that buffered the whole body would send nothing until close(): this would time out
    await within(
      new Promise<void>((r) => {
        const tick = () => (seen[0] ? void seen[0].firstChunk.then(r) : setTimeout(tick, 5));
        tick();
      }),
      3000,
      'first chunk at the API',
    );
    expect(Buffer.concat(seen[0]!.chunks).toString()).toBe('--b\r\npart one ');
    body.push('end--');
    body.close();
    const res = await pending;
    expect(res.status).toBe(201);
    expect(Buffer.concat(seen[0]!.chunks).toString()).toBe('--b\r\npart one end--');
    expect(seen[0]!.headers['content-type']).toBe('multipart/form-data; boundary=b');
    expect(seen[0]!.headers['content-length']).toBe('19');
    expect(seen[0]!.headers.authorization).toMatch(/^Bearer x\./);
  });

  it('on a 401 keeps the refreshed session and asks the browser to send the file again (it cannot be replayed)', async () => {
    seen = [];
    answerUpload = (res) => json(res, 401, { error: { code: 'TOKEN_EXPIRED', message: 'expired', requestId: 'r1' } });
    const body = controlledBody();
    body.push('--b\r\nthe whole ');
    body.push('file--');
    body.close();
    const res = await POST(uploadRequest(body.stream, 21, `amms_at=${token(900)}; amms_rt=rt-1`), ctx);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-amms-retry-upload')).toBe('1');
    expect(res.cookies.get('amms_rt')?.value).toBe('rt-2');
    expect(seen.map((s) => s.path)).toEqual(['/api/v1/orgs/o1/documents', '/api/v1/auth/refresh']);
  });
});

describe('BFF proxy: the UI language', () => {
  const jsonRequest = (cookies: string, headers: Record<string, string> = {}) =>
    new NextRequest('http://127.0.0.1:3000/api/proxy/orgs/o1/drafts/d1/versions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies, ...headers },
      body: '{}',
    });
  const draftCtx = { params: Promise.resolve({ path: ['orgs', 'o1', 'drafts', 'd1', 'versions'] }) };

  it('sends the language chosen in the UI as Accept-Language (the API says a draft edit in it)', async () => {
    seen = [];
    answerUpload = (res) => json(res, 201, { ok: true });
    const res = await POST(
      jsonRequest(`amms_at=${token(900)}; amms_locale=en`, { 'accept-language': 'zh-CN,zh;q=0.9' }),
      draftCtx,
    );
    expect(res.status).toBe(201);
    expect(seen[0]!.headers['accept-language']).toBe('en');
  });

  it("without a UI choice the browser's Accept-Language passes as it is", async () => {
    seen = [];
    const res = await POST(jsonRequest(`amms_at=${token(900)}`, { 'accept-language': 'zh-CN,zh;q=0.9' }), draftCtx);
    expect(res.status).toBe(201);
    expect(seen[0]!.headers['accept-language']).toBe('zh-CN,zh;q=0.9');
  });
});
