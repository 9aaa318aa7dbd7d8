import { createHash, createHmac } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { closeServer, listenLoopback } from './loopback-server.js';

/**
 * A local stand-in for an S3-compatible object store: a real HTTP server on a random port that
 * keeps one bucket's objects in memory and checks every request's Signature Version 4 against
 * the secret it was given (a wrong secret, key id, region, payload hash or a stale date → 403,
 * like S3). It verifies independently of the API's signer: it rebuilds the canonical request from
 * what arrived on the wire. Path-style (`/bucket/key`) and virtual-host style (`bucket.host`).
 * Covers what the blob store uses: PUT / GET / HEAD / DELETE object, ListObjectsV2, DeleteObjects.
 */
export interface FakeS3Options {
  bucket?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  /** ListObjectsV2 page size (S3: 1000); small to exercise continuation tokens */
  pageSize?: number;
  /** false: DeleteObjects answers 501 NotImplemented (like some S3-compatible stores) */
  deleteObjects?: boolean;
}

export interface SeenRequest {
  method: string;
  url: string;
  status: number;
}

const MAX_SKEW_MS = 15 * 60_000;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 unreserved kept; encodeURIComponent leaves !'()* alone, SigV4 does not */
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export class FakeS3 {
  readonly objects = new Map<string, Buffer>();
  readonly requests: SeenRequest[] = [];
  /** the next requests (those whose URL contains `urlIncludes`, when given) answer this status (a 5xx outage), counted down */
  outage: { status: number; count: number; urlIncludes?: string } | null = null;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  private readonly pageSize: number;
  private readonly deleteObjects: boolean;
  private server: Server | undefined;
  private port = 0;

  constructor(opts: FakeS3Options = {}) {
    this.bucket = opts.bucket ?? 'amms-test';
    this.accessKeyId = opts.accessKeyId ?? 'FAKEACCESSKEY0001';
    this.secretAccessKey = opts.secretAccessKey ?? 'fake/secret+key-0123456789abcdefghij';
    this.region = opts.region ?? 'us-east-1';
    this.pageSize = opts.pageSize ?? 1000;
    this.deleteObjects = opts.deleteObjects ?? true;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The S3_* variables that point the API at this server (path-style). */
  env(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: this.url,
      S3_REGION: this.region,
      S3_BUCKET: this.bucket,
      S3_ACCESS_KEY_ID: this.accessKeyId,
      S3_SECRET_ACCESS_KEY: this.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...overrides,
    };
  }

  count(method: string, status?: number): number {
    return this.requests.filter((r) => r.method === method && (status === undefined || r.status === status)).length;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const status = this.handle(req, Buffer.concat(chunks), res);
        this.requests.push({ method: req.method ?? '', url: req.url ?? '', status });
      });
    });
    this.port = await listenLoopback(this.server);
    return this;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }

  private handle(req: IncomingMessage, body: Buffer, res: ServerResponse): number {
    const fail = (status: number, code: string, message = code) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(
        req.method === 'HEAD' ? undefined : xml(`<Error><Code>${code}</Code><Message>${message}</Message></Error>`),
      );
      return status;
    };
    if (this.outage && this.outage.count > 0 && (req.url ?? '').includes(this.outage.urlIncludes ?? '')) {
      this.outage.count -= 1;
      return fail(this.outage.status, 'ServiceUnavailable', 'Please reduce your request rate.');
    }
    const denied = this.verify(req, body);
    if (denied) return fail(403, denied.code, denied.message);

    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
    const query = new URLSearchParams(rawQuery);
    const host = req.headers.host ?? '';
    let objectPath: string;
    if (host.startsWith(`${this.bucket}.`)) objectPath = rawPath.slice(1);
    else if (rawPath === `/${this.bucket}` || rawPath.startsWith(`/${this.bucket}/`))
      objectPath = rawPath.slice(this.bucket.length + 2);
    else return fail(404, 'NoSuchBucket');
    const key = objectPath.split('/').map(decodeURIComponent).join('/');

    if (key === '') {
      if (req.method === 'GET' && query.get('list-type') === '2') return this.list(query, res);
      if (req.method === 'POST' && query.has('delete')) {
        if (!this.deleteObjects) return fail(501, 'NotImplemented');
        const md5 = createHash('md5').update(body).digest('base64');
        if (req.headers['content-md5'] !== md5) return fail(400, 'InvalidDigest');
        const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
          m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
        );
        for (const k of keys) this.objects.delete(k);
        res.writeHead(200, { 'content-type': 'application/xml' }).end(xml('<DeleteResult></DeleteResult>'));
        return 200;
      }
      return fail(400, 'InvalidRequest');
    }
    const obj = this.objects.get(key);
    switch (req.method) {
      case 'PUT':
        if (req.headers['content-length'] === undefined) return fail(411, 'MissingContentLength');
        this.objects.set(key, body);
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
        return 200;
      case 'GET':
      case 'HEAD':
        if (!obj) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': obj.length });
        res.end(req.method === 'GET' ? obj : undefined);
        return 200;
      case 'DELETE':
        this.objects.delete(key);
        res.writeHead(204).end();
        return 204;
      default:
        return fail(405, 'MethodNotAllowed');
    }
  }

  private list(query: URLSearchParams, res: ServerResponse): number {
    const prefix = query.get('prefix') ?? '';
    const after = query.get('continuation-token') ?? '';
    const all = [...this.objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = all.slice(0, this.pageSize);
    const truncated = all.length > page.length;
    const contents = page.map(
      (k) => `<Contents><Key>${escape(k)}</Key><Size>${this.objects.get(k)!.length}</Size></Contents>`,
    );
    res
      .writeHead(200, { 'content-type': 'application/xml' })
      .end(
        xml(
          `<ListBucketResult><Name>${this.bucket}</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
            `<IsTruncated>${truncated}</IsTruncated>${contents.join('')}` +
            (truncated ? `<NextContinuationToken>${escape(page.at(-1)!)}</NextContinuationToken>` : '') +
            '</ListBucketResult>',
        ),
      );
    return 200;
  }

  /** null when the request is signed with this server's key and secret; else the S3 error to answer. */
  private verify(req: IncomingMessage, body: Buffer): { code: string; message: string } | null {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!auth) return { code: 'AccessDenied', message: 'missing or malformed Authorization' };
    const [, keyId, day, region, signedHeaders, signature] = auth as unknown as string[];
    if (keyId !== this.accessKeyId) return { code: 'InvalidAccessKeyId', message: 'unknown access key' };
    if (region !== this.region)
      return { code: 'AuthorizationHeaderMalformed', message: `region must be ${this.region}` };
    const stamp = String(req.headers['x-amz-date'] ?? '');
    const when = Date.parse(stamp.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!stamp.startsWith(day!) || !(Math.abs(Date.now() - when) < MAX_SKEW_MS))
      return { code: 'RequestTimeTooSkewed', message: 'x-amz-date missing, off the scope or too far from now' };
    const payload = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payload !== 'UNSIGNED-PAYLOAD' && payload !== sha256(body))
      return { code: 'XAmzContentSHA256Mismatch', message: 'the body does not hash to x-amz-content-sha256' };
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date'))
      return { code: 'AccessDenied', message: 'host and x-amz-date must be signed' };

    const [path = '/', rawQuery = ''] = (req.url ?? '/').split('?');
    const query = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const [k = '', v = ''] = pair.split('=');
        return [enc(decodeURIComponent(k)), enc(decodeURIComponent(v))] as const;
      })
      .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headers = names
      .map(
        (n) =>
          `${n}:${String(req.headers[n] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonical = [req.method, path, query, headers, signedHeaders, payload].join('\n');
    const toSign = ['AWS4-HMAC-SHA256', stamp, `${day}/${region}/s3/aws4_request`, sha256(canonical)].join('\n');
    let key: Buffer | string = `AWS4${this.secretAccessKey}`;
    for (const part of [day!, region!, 's3', 'aws4_request']) key = hmac(key, part);
    const expected = createHmac('sha256', key).update(toSign).digest('hex');
    return expected === signature
      ? null
      : {
          code: 'SignatureDoesNotMatch',
          message: 'The request signature we calculated does not match the signature you provided.',
        };
  }
}

/**
 * A fetch that connects to this machine's `port` whatever host the URL names, sending that host in
 * the Host header: virtual-host style (`<bucket>.s3.example.test`) without DNS for the name.
 */
export function loopbackFetch(port: number): typeof fetch {
  return (async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = { ...(init.headers as Record<string, string>), host: url.host };
    return new Promise<Response>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: init.method, path: `${url.pathname}${url.search}`, headers },
        (res) => {
          const empty = res.statusCode === 204 || init.method === 'HEAD';
          resolve(
            new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
              status: res.statusCode,
              headers: Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string]),
            }),
          );
        },
      );
      req.on('error', reject);
      const body = init.body;
      if (body instanceof Uint8Array) req.end(body);
      else if (body) Readable.fromWeb(body as import('node:stream/web').ReadableStream).pipe(req);
      else req.end();
    });
  }) as typeof fetch;
}
