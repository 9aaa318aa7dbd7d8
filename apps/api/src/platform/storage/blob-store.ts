import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stream written to a temporary place while hashed: committed under its sha256, or discarded. */
export interface StagedBlob {
  sha256: string;
  sizeBytes: number;
  /** the first bytes (content sniffing: `%PDF-`) */
  head: Buffer;
  tmpPath: string;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
  }
}

/** openStream / withLocalFile of a key with no blob. */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no blob ${key}`);
  }
}

const HEAD_BYTES = 1024;
const KEY = /^[a-z0-9][a-z0-9/_.-]{0,300}$/;

/** Keys are lower-case paths (`sha256/ab/<hex>`, `derived/<sha>/p1-r150.png`); anything else is a bug, refused. */
export function assertBlobKey(key: string): string {
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`invalid blob key ${key}`);
  return key;
}

/**
 * The blob store: uploaded files (content-addressed: key `sha256/ab/<hex>`) and derived files
 * (rendered page images, `derived/…`; thumbnails, `thumbs/…`). Callers inject this class; the
 * provider is `LocalBlobStore` (STORAGE_DIR) or `S3BlobStore` (STORAGE_DRIVER=s3), see
 * `create-blob-store.ts`. Both stage uploads the same way: to a local temp file, hashed on the way.
 */
export abstract class BlobStore {
  /** @param tmpDir where uploads are staged before commit (a local directory either way) */
  protected constructor(protected readonly tmpDir: string) {}

  static contentKey(sha256: string): string {
    return `sha256/${sha256.slice(0, 2)}/${sha256}`;
  }

  /** Streams `source` to a temp file, hashing it; over `maxBytes` → BlobTooLargeError (temp removed). */
  async stage(source: Readable, maxBytes: number): Promise<StagedBlob> {
    await mkdir(this.tmpDir, { recursive: true });
    const tmpPath = path.join(this.tmpDir, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const heads: Buffer[] = [];
    let headLen = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new BlobTooLargeError(maxBytes));
        hash.update(chunk);
        if (headLen < HEAD_BYTES) {
          heads.push(chunk.subarray(0, HEAD_BYTES - headLen));
          headLen += Math.min(chunk.length, HEAD_BYTES - headLen);
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(tmpPath));
    } catch (err) {
      await rm(tmpPath, { force: true });
      throw err;
    }
    return { sha256: hash.digest('hex'), sizeBytes: size, head: Buffer.concat(heads), tmpPath };
  }

  async discard(staged: StagedBlob): Promise<void> {
    await rm(staged.tmpPath, { force: true });
  }

  /** Stores a staged file under its content key (an identical blob already there is kept); the temp file is gone after. */
  abstract commit(staged: StagedBlob): Promise<string>;

  abstract exists(key: string): Promise<boolean>;

  /** The whole blob, or null when there is none. */
  abstract get(key: string): Promise<Buffer | null>;

  /** Writes the whole blob; a reader never sees half of it. */
  abstract put(key: string, data: Buffer): Promise<void>;

  /** Runs `fn` with a local path of the blob (tools that need a file: pdftoppm); none → BlobNotFoundError. */
  abstract withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;

  /** The blob as a stream (downloads); none → BlobNotFoundError. */
  abstract openStream(key: string): Promise<Readable>;

  /** Deletes one blob (none there: nothing happens). */
  abstract delete(key: string): Promise<void>;

  /** Deletes `prefix` itself and every key under `prefix/` (the derived files of a blob). */
  abstract deletePrefix(prefix: string): Promise<void>;
}
