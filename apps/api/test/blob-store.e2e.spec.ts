import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError, BlobStore, BlobTooLargeError } from '../src/platform/storage/blob-store.js';
import { createBlobStore } from '../src/platform/storage/create-blob-store.js';
import { LocalBlobStore } from '../src/platform/storage/local-blob-store.js';
import { S3BlobStore } from '../src/platform/storage/s3-blob-store.js';
import { S3Client, S3Error, type S3Settings } from '../src/platform/storage/s3/s3-client.js';
import { FakeS3, loopbackFetch } from './fake-s3.js';
import { testConfig } from './harness.js';

/**
 * One contract, two blob stores: local disk and S3 (against an in-process fake S3 server that
 * checks every signature). The same cases run against both; S3-only cases follow.
 */
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'amms-blobstore-'));
  dirs.push(d);
  return d;
};
// small pages: deletePrefix has to follow continuation tokens
const fake = new FakeS3({ pageSize: 2 });

const settings = (over: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: fake.url,
  region: fake.region,
  bucket: fake.bucket,
  accessKeyId: fake.accessKeyId,
  secretAccessKey: fake.secretAccessKey,
  forcePathStyle: true,
  prefix: '',
  timeoutMs: 5000,
  ...over,
});

beforeAll(async () => {
  await fake.start();
});

afterAll(async () => {
  await fake.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const drain = async (r: Readable) => {
  const out: Buffer[] = [];
  for await (const c of r) out.push(c as Buffer);
  return Buffer.concat(out);
};

interface Subject {
  store: BlobStore;
  stagingDir: string;
}

const subjects: Array<[string, () => Subject]> = [
  [
    'local',
    () => {
      const dir = tempDir();
      return { store: new LocalBlobStore(dir), stagingDir: path.join(dir, 'tmp') };
    },
  ],
  [
    's3',
    () => {
      const stagingDir = tempDir();
      return { store: new S3BlobStore(new S3Client(settings()), stagingDir), stagingDir };
    },
  ],
];

describe.each(subjects)('blob store contract: %s', (_name, make) => {
  let s: Subject;
  beforeEach(() => {
    s = make();
  });
  const leftovers = () => (existsSync(s.stagingDir) ? readdirSync(s.stagingDir) : []);

  it('stage over the limit: BlobTooLargeError, and no temp file is left', async () => {
    await expect(s.store.stage(Readable.from([bytes(600), bytes(600)]), 1000)).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(leftovers()).toEqual([]);
  });

  it('stage hashes and measures; commit stores under the content key and takes the temp file away', async () => {
    const data = bytes(5000);
    const staged = await s.store.stage(Readable.from([data.subarray(0, 1200), data.subarray(1200)]), 10_000);
    expect(staged).toMatchObject({ sha256: sha(data), sizeBytes: 5000 });
    expect(staged.head).toEqual(data.subarray(0, 1024));
    const key = await s.store.commit(staged);
    expect(key).toBe(`sha256/${sha(data).slice(0, 2)}/${sha(data)}`);
    expect(await s.store.get(key)).toEqual(data);
    expect(leftovers()).toEqual([]);
  });

  it('commit is idempotent: the same bytes again give the same key, the blob is unchanged', async () => {
    const data = bytes(3000, 7);
    const first = await s.store.commit(await s.store.stage(Readable.from([data]), 10_000));
    const puts = fake.count('PUT');
    const again = await s.store.commit(await s.store.stage(Readable.from([data]), 10_000));
    expect(again).toBe(first);
    expect(await s.store.get(first)).toEqual(data);
    expect(leftovers()).toEqual([]);
    if (s.store instanceof S3BlobStore) expect(fake.count('PUT')).toBe(puts); // HEAD found it: no second upload
  });

  it('discard removes a staged file without storing it', async () => {
    const data = bytes(100, 3);
    const staged = await s.store.stage(Readable.from([data]), 1000);
    await s.store.discard(staged);
    expect(leftovers()).toEqual([]);
    expect(await s.store.exists(BlobStore.contentKey(sha(data)))).toBe(false);
  });

  it('put / get / exists / delete; a missing key: get → null, exists → false, delete is a no-op', async () => {
    const key = `derived/${sha(bytes(10, 9))}/p1-r150.png`;
    expect(await s.store.get(key)).toBeNull();
    expect(await s.store.exists(key)).toBe(false);
    await s.store.put(key, bytes(2048, 5));
    expect(await s.store.exists(key)).toBe(true);
    expect(await s.store.get(key)).toEqual(bytes(2048, 5));
    await s.store.put(key, bytes(10, 6)); // overwritten whole
    expect(await s.store.get(key)).toEqual(bytes(10, 6));
    await s.store.delete(key);
    expect(await s.store.exists(key)).toBe(false);
    expect(await s.store.get(key)).toBeNull();
    await expect(s.store.delete(key)).resolves.toBeUndefined();
  });

  it('deletePrefix removes the prefix and everything under it, nothing beside it', async () => {
    const base = `derived/${sha(bytes(11, 2))}`;
    const under = [1, 2, 3, 4, 5].map((n) => `${base}/p${n}-r150.png`);
    const beside = `${base}0/p1-r150.png`;
    for (const k of [...under, beside]) await s.store.put(k, bytes(64, 4));
    await s.store.deletePrefix(base);
    for (const k of under) expect(await s.store.exists(k), k).toBe(false);
    expect(await s.store.exists(beside)).toBe(true);
    await expect(s.store.deletePrefix(`derived/${sha(bytes(12))}`)).resolves.toBeUndefined();
  });

  it('openStream streams the whole blob; a missing one rejects with BlobNotFoundError', async () => {
    const key = `thumbs/ab/${sha(bytes(13))}.jpg`;
    await s.store.put(key, bytes(70_000, 8));
    expect(await drain(await s.store.openStream(key))).toEqual(bytes(70_000, 8));
    await expect(s.store.openStream(`thumbs/ab/${sha(bytes(14))}.jpg`)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('withLocalFile hands a readable local file to fn and returns its result; a missing blob rejects', async () => {
    const key = BlobStore.contentKey(sha(bytes(15)));
    await s.store.put(key, bytes(4096, 2));
    const seen = await s.store.withLocalFile(key, async (file) => readFile(file));
    expect(seen).toEqual(bytes(4096, 2));
    await expect(s.store.withLocalFile(BlobStore.contentKey(sha(bytes(16))), async () => 1)).rejects.toBeInstanceOf(
      BlobNotFoundError,
    );
  });

  it('refuses invalid keys in every operation', async () => {
    for (const bad of ['../etc/passwd', 'sha256/../../x', '/abs', 'Upper/case', 'a//b', '', 'a b']) {
      await expect(s.store.get(bad), bad).rejects.toThrow(/invalid blob key/);
      await expect(s.store.exists(bad), bad).rejects.toThrow(/invalid blob key/);
      await expect(s.store.put(bad, bytes(1)), bad).rejects.toThrow(/invalid blob key/);
      await expect(s.store.delete(bad), bad).rejects.toThrow(/invalid blob key/);
      await expect(s.store.deletePrefix(bad), bad).rejects.toThrow(/invalid blob key/);
      await expect(s.store.openStream(bad), bad).rejects.toThrow(/invalid blob key/);
      await expect(
        s.store.withLocalFile(bad, async () => 1),
        bad,
      ).rejects.toThrow(/invalid blob key/);
    }
  });
});

describe('S3 blob store', () => {
  const s3Store = (over: Partial<S3Settings> = {}, fetchFn?: typeof fetch) =>
    new S3BlobStore(new S3Client(settings(over), fetchFn), tempDir());

  it('is what STORAGE_DRIVER=s3 selects; local stays the default', async () => {
    expect(createBlobStore(testConfig({ STORAGE_DIR: tempDir() }))).toBeInstanceOf(LocalBlobStore);
    const store = createBlobStore(testConfig(fake.env()));
    expect(store).toBeInstanceOf(S3BlobStore);
    await store.put('derived/wired/p1.png', bytes(5));
    expect(fake.objects.get('derived/wired/p1.png')).toEqual(bytes(5));
  });

  it('a wrong secret is refused (403 SignatureDoesNotMatch), and the secret is not in the message', async () => {
    const wrong = 'not-the-secret-0123456789abcdefghijklm';
    const store = s3Store({ secretAccessKey: wrong });
    const err = await store.put('derived/denied/p1.png', bytes(10)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3Error);
    expect(err).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(String((err as Error).message)).not.toContain(wrong);
    expect(fake.objects.has('derived/denied/p1.png')).toBe(false);
    // HEAD has no error body: a refused HEAD is an error, never "not there"
    await expect(store.exists('derived/denied/p1.png')).rejects.toMatchObject({ status: 403 });
    await expect(store.get('derived/denied/p1.png')).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
  });

  it('an unknown access key id is refused too', async () => {
    await expect(s3Store({ accessKeyId: 'SOMEONEELSE' }).get('derived/x/p1.png')).rejects.toMatchObject({
      status: 403,
      code: 'InvalidAccessKeyId',
    });
  });

  it('a 5xx is thrown with the operation, key and S3 code (never turned into "missing")', async () => {
    const store = s3Store();
    fake.outage = { status: 503, count: 1 };
    await expect(store.get('derived/outage/p1.png')).rejects.toThrow(
      'S3 GET derived/outage/p1.png: HTTP 503 ServiceUnavailable (Please reduce your request rate.)',
    );
    fake.outage = { status: 500, count: 1 };
    await expect(store.exists('derived/outage/p1.png')).rejects.toMatchObject({ status: 500 });
    fake.outage = null;
  });

  it('an unreachable endpoint is a clear error naming the host, not the credentials', async () => {
    const down = new FakeS3();
    await down.start();
    const url = down.url;
    await down.stop();
    const err = await s3Store({ endpoint: url })
      .get('derived/x/p1.png')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3Error);
    expect((err as Error).message).toMatch(
      /^S3 GET derived\/x\/p1\.png: 127\.0\.0\.1:\d+ unreachable \(ECONNREFUSED\)$/,
    );
    expect((err as Error).message).not.toContain(fake.secretAccessKey);
  });

  it('S3_PREFIX puts every key under it, and listing for deletePrefix takes it off again', async () => {
    const store = s3Store({ prefix: 'amms/prod/' });
    await store.put('derived/pfx/p1.png', bytes(3));
    await store.put('derived/pfx/p2.png', bytes(3));
    expect(fake.objects.has('amms/prod/derived/pfx/p1.png')).toBe(true);
    expect(await store.get('derived/pfx/p1.png')).toEqual(bytes(3));
    await store.deletePrefix('derived/pfx');
    expect([...fake.objects.keys()].filter((k) => k.startsWith('amms/prod/derived/pfx'))).toEqual([]);
  });

  it('withLocalFile removes its temp copy afterwards, also when fn throws', async () => {
    const store = s3Store();
    await store.put('sha256/ee/tempcopy', bytes(100));
    let seen = '';
    await store.withLocalFile('sha256/ee/tempcopy', async (file) => void (seen = file));
    expect(seen).not.toBe('');
    expect(existsSync(seen)).toBe(false);
    await expect(
      store.withLocalFile('sha256/ee/tempcopy', async (file) => {
        seen = file;
        throw new Error('tool failed');
      }),
    ).rejects.toThrow('tool failed');
    expect(existsSync(seen)).toBe(false);
  });

  it('a store without DeleteObjects (501) gets one DELETE per key', async () => {
    const plain = new FakeS3({ deleteObjects: false, pageSize: 2 });
    await plain.start();
    try {
      const store = new S3BlobStore(
        new S3Client({ ...settings(), endpoint: plain.url, secretAccessKey: plain.secretAccessKey }),
        tempDir(),
      );
      for (const n of [1, 2, 3]) await store.put(`derived/plain/p${n}.png`, bytes(4));
      await store.deletePrefix('derived/plain');
      expect(plain.objects.size).toBe(0);
      expect(plain.count('POST', 501)).toBeGreaterThan(0);
    } finally {
      await plain.stop();
    }
  });

  it('virtual-host style: the bucket is in the host name, the path is the key; signed and accepted', async () => {
    const port = Number(new URL(fake.url).port);
    const client = new S3Client(
      settings({ endpoint: `http://s3.example.test:${port}`, forcePathStyle: false }),
      loopbackFetch(port),
    );
    expect(client.target('sha256/ab/x')).toEqual({
      host: `${fake.bucket}.s3.example.test:${port}`,
      path: '/sha256/ab/x',
    });
    const store = new S3BlobStore(client, tempDir());
    await store.put('derived/vhost/p1.png', bytes(9));
    expect(fake.objects.get('derived/vhost/p1.png')).toEqual(bytes(9));
    expect(await store.get('derived/vhost/p1.png')).toEqual(bytes(9));
    await store.deletePrefix('derived/vhost');
    expect(fake.objects.has('derived/vhost/p1.png')).toBe(false);
  });

  it('path-style keeps an endpoint path and puts the bucket first', () => {
    const c = new S3Client(settings({ endpoint: 'https://gw.example.test/storage/', forcePathStyle: true }));
    expect(c.target('thumbs/ab/c.jpg')).toEqual({
      host: 'gw.example.test',
      path: `/storage/${fake.bucket}/thumbs/ab/c.jpg`,
    });
    expect(c.target(null)).toEqual({ host: 'gw.example.test', path: `/storage/${fake.bucket}` });
  });
});
