import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertBlobKey, BlobNotFoundError, BlobStore, type StagedBlob } from './blob-store.js';

/** The blob store on local disk under STORAGE_DIR (uploads are staged in `<dir>/tmp`, then renamed). */
export class LocalBlobStore extends BlobStore {
  private readonly root: string;

  constructor(dir: string) {
    const root = path.resolve(dir);
    super(path.join(root, 'tmp'));
    this.root = root;
  }

  private pathOf(key: string): string {
    return path.join(this.root, assertBlobKey(key));
  }

  async commit(staged: StagedBlob): Promise<string> {
    const key = BlobStore.contentKey(staged.sha256);
    const dest = this.pathOf(key);
    await mkdir(path.dirname(dest), { recursive: true });
    if (await this.exists(key)) await rm(staged.tmpPath, { force: true });
    else await rename(staged.tmpPath, dest);
    return key;
  }

  async exists(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    try {
      return (await stat(file)).isFile();
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

  /** Writes atomically (temp + rename). */
  async put(key: string, data: Buffer): Promise<void> {
    const dest = this.pathOf(key);
    await mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.${randomUUID()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, dest);
  }

  /** The file itself: nothing to download. */
  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    if (!(await this.exists(key))) throw new BlobNotFoundError(key);
    return fn(this.pathOf(key));
  }

  /** Opened before it resolves: a missing file rejects here rather than failing the response half-way. */
  async openStream(key: string): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key));
    await new Promise<void>((resolve, reject) => {
      const failed = (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new BlobNotFoundError(key) : err);
      stream.once('error', failed);
      stream.once('open', () => {
        stream.off('error', failed);
        resolve();
      });
    });
    return stream;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}
