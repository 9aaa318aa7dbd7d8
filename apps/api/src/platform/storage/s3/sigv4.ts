import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for requests signed in the Authorization header (what S3, MinIO, Ceph
 * RGW and R2 accept). Written from the published algorithm: canonical request → string to sign →
 * HMAC-SHA256 with a key derived from the secret, date, region and service.
 */

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const ALGORITHM = 'AWS4-HMAC-SHA256';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SigV4Request {
  method: string;
  /** host[:port] exactly as the request's Host header carries it */
  host: string;
  /** the path as sent, already URI-encoded (S3: each segment once, `/` kept; see `uriEncode`) */
  path: string;
  /** raw (unencoded) names and values; `?delete` is `['delete', '']` */
  query?: ReadonlyArray<readonly [string, string]>;
  /** further headers to send and sign (e.g. content-type, content-md5), any case */
  headers?: Record<string, string>;
  /** hex sha256 of the body (EMPTY_SHA256 for none) or UNSIGNED_PAYLOAD */
  payloadSha256: string;
}

export interface SigV4Result {
  /** every header to send except Host (fetch sets it from the URL): the given ones, x-amz-*, authorization */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 percent-encoding as SigV4 wants it: unreserved characters kept, the rest as %XX (upper case). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `20130524T000000Z` */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function canonicalQuery(query: ReadonlyArray<readonly [string, string]> = []): string {
  return query
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request") */
export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return [date, region, service, 'aws4_request'].reduce<Buffer | string>(
    (key, part) => hmac(key, part),
    `AWS4${secret}`,
  ) as Buffer;
}

/** Signs `req` as of `now`; the caller sends `result.headers` (and the URL built from host, path and query). */
export function signRequest(req: SigV4Request, creds: SigV4Credentials, now: Date = new Date()): SigV4Result {
  const stamp = amzDate(now);
  const day = stamp.slice(0, 8);
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers ?? {})) sent[name.toLowerCase()] = value;
  sent['x-amz-date'] = stamp;
  sent['x-amz-content-sha256'] = req.payloadSha256;
  const signed: Record<string, string> = { ...sent, host: req.host };
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names.map((n) => `${n}:${signed[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method.toUpperCase(),
    req.path || '/',
    canonicalQuery(req.query),
    canonicalHeaders,
    signedHeaders,
    req.payloadSha256,
  ].join('\n');
  const scope = `${day}/${creds.region}/${creds.service}/aws4_request`;
  const stringToSign = [ALGORITHM, stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(creds.secretAccessKey, day, creds.region, creds.service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  sent.authorization = `${ALGORITHM} Credential=${creds.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return { headers: sent, canonicalRequest, stringToSign, signature };
}
