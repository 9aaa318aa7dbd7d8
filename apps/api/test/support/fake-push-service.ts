import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * A push service stub speaking the Web Push protocol (RFC 8030 delivery, RFC 8292 VAPID, RFC 8291
 * aes128gcm): it checks the VAPID JWT (ES256, signed by the key in `k=`, audience = its origin,
 * not expired), decrypts the payload with the subscribing "browser's" private key and auth
 * secret, and keeps the plaintext. Paths under /gone/ answer 410 (an expired subscription),
 * /busy/ answer 503 once then 201.
 */
export interface PushReceived {
  path: string;
  vapidPublicKey: string;
  ttl: string | undefined;
  payload: unknown;
}

export interface FakeBrowser {
  ecdh: ECDH;
  auth: Buffer;
  /** the PushSubscription JSON for an endpoint path of this service */
  subscription(path: string): { endpoint: string; keys: { p256dh: string; auth: string } };
}

const b64u = (b: Buffer) => b.toString('base64url');

/** The JWK of an uncompressed P-256 point (0x04 | x | y). */
function p256Jwk(point: Buffer) {
  return { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) };
}

/** RFC 8291 decryption of one aes128gcm record for the user agent (`ua`). */
export function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // the last record ends with a 0x02 delimiter, then zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`; answers the key or throws. */
export function verifyVapid(header: string | undefined, origin: string): string {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no vapid authorization: ${header}`);
  const [h, p, s] = m[1]!.split('.');
  const key = createPublicKey({ key: p256Jwk(Buffer.from(m[2]!, 'base64url')), format: 'jwk' });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s!, 'base64url'),
  );
  if (!ok) throw new Error('bad VAPID signature');
  const header_ = JSON.parse(Buffer.from(h!, 'base64url').toString()) as { alg: string };
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (header_.alg !== 'ES256') throw new Error('not ES256');
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3_600_000) throw new Error('bad exp');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('bad sub');
  return m[2]!;
}

export class FakePushService {
  readonly received: PushReceived[] = [];
  readonly errors: string[] = [];
  private readonly browsers = new Map<string, FakeBrowser>();
  private readonly busyOnce = new Set<string>();
  private server!: Server;
  origin = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        try {
          if (req.method !== 'POST') throw new Error('not a POST');
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const vapidPublicKey = verifyVapid(req.headers.authorization, this.origin);
          if (path.startsWith('/gone/')) return void res.writeHead(410).end('subscription expired');
          if (path.startsWith('/busy/') && !this.busyOnce.has(path)) {
            this.busyOnce.add(path);
            return void res.writeHead(503).end('try later');
          }
          const browser = this.browsers.get(path);
          if (!browser) return void res.writeHead(404).end('no such subscription');
          const plain = decryptAes128gcm(Buffer.concat(chunks), browser.ecdh, browser.auth);
          this.received.push({
            path,
            vapidPublicKey,
            ttl: req.headers.ttl as string | undefined,
            payload: JSON.parse(plain.toString('utf8')),
          });
          res.writeHead(201, { location: `${this.origin}/msg/${this.received.length}` }).end();
        } catch (err) {
          this.errors.push(`${path}: ${(err as Error).message}`);
          res.writeHead(400).end((err as Error).message);
        }
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    const addr = this.server.address();
    this.origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    return this;
  }

  /** A browser profile (its P-256 key pair and auth secret) that subscribes at `path`. */
  browser(path: string): FakeBrowser {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const b: FakeBrowser = {
      ecdh,
      auth,
      subscription: (p) => ({
        endpoint: `${this.origin}${p}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      }),
    };
    this.browsers.set(path, b);
    return b;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server?.close(() => r()));
  }
}
