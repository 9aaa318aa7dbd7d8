import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';
import { S3Client } from './s3/s3-client.js';

/** The blob store STORAGE_DRIVER asks for: local disk (default) or an S3-compatible bucket. */
export function createBlobStore(config: AppConfig): BlobStore {
  const { storage } = config;
  if (storage.s3) return new S3BlobStore(new S3Client(storage.s3), storage.stagingDir);
  return new LocalBlobStore(storage.dir);
}

/** Callers inject `BlobStore` (the abstract class is the token). */
export const blobStoreProvider: Provider = {
  provide: BlobStore,
  useFactory: createBlobStore,
  inject: [APP_CONFIG],
};
