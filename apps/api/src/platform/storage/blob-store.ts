import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

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

const HEAD_BYTES = 1024;
const KEY = /^[a-z0-9][a-z0-9/_.-]{0,300}$/;

/**
 * The blob store: uploaded files (content-addressed: key `sha256/ab/<hex>`) and derived files
 * (rendered page images, `derived/…`). Local disk under STORAGE_DIR today; the interface
 * (stage → commit, get, put, withLocalFile, delete) is what an S3-compatible store would implement.
 */
@Injectable()
export class BlobStore {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = path.resolve(config.storage.dir);
  }

  static contentKey(sha256: string): string {
    return `sha256/${sha256.slice(0, 2)}/${sha256}`;
  }

  private pathOf(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid blob key ${key}`);
    return path.join(this.root, key);
  }

  /** Streams `source` to a temp file, hashing it; over `maxBytes` → BlobTooLargeError (temp removed). */
  async stage(source: Readable, maxBytes: number): Promise<StagedBlob> {
    const tmpDir = path.join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmpPath = path.join(tmpDir, randomUUID());
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

  /** Moves a staged file to its content key (an identical blob already there is kept). */
  async commit(staged: StagedBlob): Promise<string> {
    const key = BlobStore.contentKey(staged.sha256);
    const dest = this.pathOf(key);
    await mkdir(path.dirname(dest), { recursive: true });
    if (await this.exists(key)) await rm(staged.tmpPath, { force: true });
    else await rename(staged.tmpPath, dest);
    return key;
  }

  async discard(staged: StagedBlob): Promise<void> {
    await rm(staged.tmpPath, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Writes atomically (temp + rename): a reader never sees half a file. */
  async put(key: string, data: Buffer): Promise<void> {
    const dest = this.pathOf(key);
    await mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.${randomUUID()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, dest);
  }

  /** A local path of the blob for tools that need a file (pdftoppm); an S3 store would download to a temp file. */
  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    return fn(this.pathOf(key));
  }

  openStream(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Deletes every key under a prefix (derived files of a blob). */
  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}
