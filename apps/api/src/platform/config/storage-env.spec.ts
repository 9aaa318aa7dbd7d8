import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';

const S3 = {
  NODE_ENV: 'test',
  STORAGE_DRIVER: 's3',
  S3_BUCKET: 'amms-blobs',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'super-secret-value-0123456789',
} as const;

describe('STORAGE_DRIVER', () => {
  it('defaults to local disk under STORAGE_DIR; the S3_* variables are then ignored', () => {
    const c = parseConfig({ NODE_ENV: 'test', STORAGE_DIR: '/data/blobs', S3_BUCKET: 'ignored-bucket' });
    expect(c.storage).toEqual({ driver: 'local', dir: '/data/blobs', stagingDir: '/data/blobs/tmp', s3: null });
    expect(parseConfig({ NODE_ENV: 'test' }).storage.dir).toMatch(/data\/storage$/);
  });

  it('s3 without a bucket or keys stops the boot, naming every missing variable', () => {
    expect(() => parseConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 's3' })).toThrow(
      'Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3\n' +
        '  S3_ACCESS_KEY_ID: required when STORAGE_DRIVER=s3\n  S3_SECRET_ACCESS_KEY: required when STORAGE_DRIVER=s3',
    );
    expect(() => parseConfig({ ...S3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      /^Invalid configuration:\n {2}S3_SECRET_ACCESS_KEY: required when STORAGE_DRIVER=s3$/,
    );
  });

  it('s3 defaults: AWS regional endpoint, us-east-1, path-style, no prefix; staging in the OS temp dir', () => {
    const { storage } = parseConfig(S3);
    expect(storage.driver).toBe('s3');
    expect(storage.stagingDir).toMatch(/amms-staging$/);
    expect(storage.s3).toEqual({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      bucket: 'amms-blobs',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'super-secret-value-0123456789',
      forcePathStyle: true,
      prefix: '',
      timeoutMs: 60_000,
    });
  });

  it('takes an S3-compatible endpoint, region, virtual-host style and a prefix (normalised to end in /)', () => {
    const { storage } = parseConfig({
      ...S3,
      STORAGE_DIR: '/var/amms',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'false',
      S3_PREFIX: 'amms/prod',
    });
    expect(storage.stagingDir).toBe('/var/amms/tmp');
    expect(storage.s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'auto',
      forcePathStyle: false,
      prefix: 'amms/prod/',
    });
    expect(parseConfig({ ...S3, S3_PREFIX: 'tenant-1/' }).storage.s3?.prefix).toBe('tenant-1/');
  });

  it('refuses bad values by name, without echoing the secret', () => {
    expect(() => parseConfig({ ...S3, STORAGE_DRIVER: 'gcs' })).toThrow(/STORAGE_DRIVER/);
    expect(() => parseConfig({ ...S3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: not a bucket name/);
    expect(() => parseConfig({ ...S3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseConfig({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => parseConfig({ ...S3, S3_PREFIX: '/abs/../x' })).toThrow(/S3_PREFIX/);
    let message = '';
    try {
      parseConfig({ ...S3, S3_BUCKET: 'x', S3_TIMEOUT_MS: '5' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/S3_BUCKET/);
    expect(message).toMatch(/S3_TIMEOUT_MS/);
    expect(message).not.toContain(S3.S3_SECRET_ACCESS_KEY);
  });
});
