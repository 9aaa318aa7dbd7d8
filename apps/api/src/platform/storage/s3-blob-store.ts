import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, BlobNotFoundError, BlobStore, type StagedBlob } from './blob-store.js';
import type { S3Client } from './s3/s3-client.js';

/**
 * The blob store in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, R2). Uploads are staged in a
 * local temp directory while hashed (as on disk), then PUT under their content key unless a HEAD
 * finds them there already. Tools that need a file get a temp copy, removed after.
 */
export class S3BlobStore extends BlobStore {
  constructor(
    private readonly s3: S3Client,
    stagingDir: string,
  ) {
    super(stagingDir);
  }

  async commit(staged: StagedBlob): Promise<string> {
    const key = BlobStore.contentKey(staged.sha256);
    try {
      if (!(await this.s3.exists(key)))
        await this.s3.put(key, { file: staged.tmpPath, size: staged.sizeBytes, sha256: staged.sha256 });
    } finally {
      await rm(staged.tmpPath, { force: true });
    }
    return key;
  }

  async exists(key: string): Promise<boolean> {
    return this.s3.exists(assertBlobKey(key));
  }

  async get(key: string): Promise<Buffer | null> {
    const stream = await this.s3.get(assertBlobKey(key));
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** One PUT: S3 shows a whole object or none. */
  async put(key: string, data: Buffer): Promise<void> {
    await this.s3.put(assertBlobKey(key), data);
  }

  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    const stream = await this.openStream(key);
    await mkdir(this.tmpDir, { recursive: true });
    const file = path.join(this.tmpDir, `${randomUUID()}${path.extname(key)}`);
    try {
      await pipeline(stream, createWriteStream(file));
      return await fn(file);
    } finally {
      await rm(file, { force: true });
    }
  }

  async openStream(key: string): Promise<Readable> {
    const stream = await this.s3.get(assertBlobKey(key));
    if (!stream) throw new BlobNotFoundError(key);
    return stream;
  }

  async delete(key: string): Promise<void> {
    await this.s3.delete(assertBlobKey(key));
  }

  async deletePrefix(prefix: string): Promise<void> {
    await this.s3.delete(assertBlobKey(prefix));
    let token: string | null = null;
    do {
      const page: { keys: string[]; next: string | null } = await this.s3.list(`${prefix}/`, token);
      await this.s3.deleteMany(page.keys);
      token = page.next;
    } while (token);
  }
}
