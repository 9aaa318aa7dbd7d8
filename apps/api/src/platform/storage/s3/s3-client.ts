import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EMPTY_SHA256, signRequest, uriEncode, type SigV4Credentials } from './sigv4.js';

/** STORAGE_DRIVER=s3: where and as whom (see platform/config/config.ts). */
export interface S3Settings {
  /** e.g. http://minio:9000, https://s3.eu-central-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true: `<endpoint>/<bucket>/<key>` (MinIO, Ceph); false: `<bucket>.<endpoint host>/<key>` (AWS) */
  forcePathStyle: boolean;
  /** put before every key ('' or ending in `/`) */
  prefix: string;
  /** the longest wait for a response's headers (a PUT's body is sent before them) */
  timeoutMs: number;
}

/** A request to the object store failed: its status and S3 error code when it answered. Never carries credentials. */
export class S3Error extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** A body sent from a local file whose size and sha256 are known (a staged upload). */
export interface FileBody {
  file: string;
  size: number;
  sha256: string;
}

interface Call {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE' | 'POST';
  /** the object's key without S3_PREFIX; null: the bucket itself */
  key: string | null;
  query?: Array<[string, string]>;
  headers?: Record<string, string>;
  body?: Buffer | FileBody;
  /** statuses that are answers, not failures (404 for HEAD / GET) */
  accept?: number[];
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, n: string) => XML_ENTITIES[n]!);
const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&${Object.keys(XML_ENTITIES).find((k) => XML_ENTITIES[k] === c)};`);
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/**
 * A small S3 REST client over fetch, signed with our SigV4 signer: PUT / GET / HEAD / DELETE
 * object, ListObjectsV2 and DeleteObjects. Every payload is signed with its sha256 (a staged
 * upload's hash is already known), so it works over plain HTTP too.
 */
export class S3Client {
  private readonly endpoint: URL;
  private readonly creds: SigV4Credentials;

  constructor(
    private readonly s: S3Settings,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.endpoint = new URL(s.endpoint);
    this.creds = { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, region: s.region, service: 's3' };
  }

  /** The host and encoded path a request goes to (path-style or virtual-host style). */
  target(key: string | null): { host: string; path: string } {
    const base = this.endpoint.pathname.replace(/\/+$/, '');
    const object = key === null ? '' : uriEncode(this.s.prefix + key, true);
    if (this.s.forcePathStyle)
      return { host: this.endpoint.host, path: `${base}/${this.s.bucket}${key === null ? '' : `/${object}`}` };
    return { host: `${this.s.bucket}.${this.endpoint.host}`, path: `${base}/${object}` };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.send({ method: 'HEAD', key, accept: [404] })).status === 200;
  }

  /** The object as a stream, or null when there is none. */
  async get(key: string): Promise<Readable | null> {
    const res = await this.send({ method: 'GET', key, accept: [404] });
    if (res.status === 404) {
      const code = tag(await res.text().catch(() => ''), 'Code');
      if (code === 'NoSuchBucket') throw new S3Error(`S3 GET ${key}: HTTP 404 NoSuchBucket`, 404, code);
      return null;
    }
    return res.body ? Readable.fromWeb(res.body as WebReadableStream<Uint8Array>) : Readable.from([]);
  }

  async put(key: string, body: Buffer | FileBody): Promise<void> {
    await this.send({ method: 'PUT', key, body, headers: { 'content-type': 'application/octet-stream' } });
  }

  /** Deleting a key that is not there succeeds (S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    await this.send({ method: 'DELETE', key, accept: [404] });
  }

  /** One page (≤ 1000) of the keys under `prefix` (S3_PREFIX taken off) and the token of the next page. */
  async list(prefix: string, token: string | null): Promise<{ keys: string[]; next: string | null }> {
    const query: Array<[string, string]> = [
      ['list-type', '2'],
      ['prefix', this.s.prefix + prefix],
    ];
    if (token) query.push(['continuation-token', token]);
    const xml = await (await this.send({ method: 'GET', key: null, query })).text();
    const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => xmlText(m[1]!).slice(this.s.prefix.length));
    const truncated = tag(xml, 'IsTruncated') === 'true';
    const next = tag(xml, 'NextContinuationToken');
    return { keys, next: truncated && next ? xmlText(next) : null };
  }

  /** DeleteObjects (≤ 1000 keys); a store without it (501) gets one DELETE per key. */
  async deleteMany(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const objects = keys.map((k) => `<Object><Key>${xmlEscape(this.s.prefix + k)}</Key></Object>`).join('');
    const xml = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${objects}</Delete>`);
    const res = await this.send({
      method: 'POST',
      key: null,
      query: [['delete', '']],
      body: xml,
      headers: {
        'content-type': 'application/xml',
        'content-md5': createHash('md5').update(xml).digest('base64'),
      },
      accept: [501],
    });
    if (res.status === 501) {
      await res.body?.cancel();
      for (const k of keys) await this.delete(k);
      return;
    }
    const answer = await res.text();
    const failed = /<Error>([\s\S]*?)<\/Error>/.exec(answer)?.[1];
    if (failed)
      throw new S3Error(
        `S3 DeleteObjects: ${tag(failed, 'Key') ?? '?'}: ${tag(failed, 'Code') ?? 'error'}`,
        res.status,
        tag(failed, 'Code') ?? null,
      );
  }

  private async send(call: Call): Promise<Response> {
    const { host, path } = this.target(call.key);
    const label = `S3 ${call.method} ${call.key ?? this.s.bucket}`;
    const body = call.body;
    const payloadSha256 = !body
      ? EMPTY_SHA256
      : Buffer.isBuffer(body)
        ? createHash('sha256').update(body).digest('hex')
        : body.sha256;
    const length = !body ? null : Buffer.isBuffer(body) ? body.length : body.size;
    const signed = signRequest(
      {
        method: call.method,
        host,
        path,
        query: call.query,
        headers: { ...call.headers, ...(length === null ? {} : { 'content-length': String(length) }) },
        payloadSha256,
      },
      this.creds,
    );
    // a sub-resource goes without `=` (`?delete`); the canonical query has `delete=` all the same
    const search = (call.query ?? []).map(([k, v]) => (v === '' ? uriEncode(k) : `${uriEncode(k)}=${uriEncode(v)}`));
    const url = `${this.endpoint.protocol}//${host}${path}${search.length ? `?${search.join('&')}` : ''}`;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.s.timeoutMs);
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        method: call.method,
        headers: signed.headers,
        body: !body
          ? undefined
          : Buffer.isBuffer(body)
            ? new Uint8Array(body)
            : (Readable.toWeb(createReadStream(body.file)) as ReadableStream<Uint8Array>),
        signal: abort.signal,
        ...(body && !Buffer.isBuffer(body) ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (err) {
      if (abort.signal.aborted) throw new S3Error(`${label}: no answer from ${host} within ${this.s.timeoutMs} ms`);
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new S3Error(`${label}: ${host} unreachable (${cause?.code ?? cause?.message ?? String(err)})`);
    } finally {
      clearTimeout(timer);
    }
    if (res.ok || call.accept?.includes(res.status)) return res;
    const text = call.method === 'HEAD' ? '' : await res.text().catch(() => '');
    const code = tag(text, 'Code') ?? null;
    const message = tag(text, 'Message');
    throw new S3Error(
      `${label}: HTTP ${res.status}${code ? ` ${code}` : ''}${message ? ` (${xmlText(message).slice(0, 200)})` : ''}`,
      res.status,
      code,
    );
  }
}
