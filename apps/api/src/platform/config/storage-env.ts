import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The blob store's variables (part of the API's and worker's env schema, config.ts). */
export const STORAGE_ENV = {
  /** the blob store (uploaded manuals and attachments, rendered page images): `local` (STORAGE_DIR) or `s3` (an S3-compatible bucket) */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** local: the blob store's directory, default <repo>/data/storage; s3: uploads are staged in <this>/tmp (default the OS temp dir) */
  STORAGE_DIR: z.string().min(1).optional(),
  /** s3: e.g. http://minio:9000, https://<account>.r2.cloudflarestorage.com; default https://s3.<S3_REGION>.amazonaws.com */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** s3: the signing region (R2: auto) */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'not a bucket name (3-63 lower-case letters, digits, dots, hyphens)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  /** never logged nor put in an error message */
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** true: <endpoint>/<bucket>/<key> (MinIO, Ceph, R2); false: <bucket>.<endpoint host>/<key> (AWS virtual-hosted) */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** s3: put before every key (several deployments in one bucket), e.g. `amms/prod` */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, 'letters, digits, `.`, `_`, `-`, separated by `/`')
    .optional(),
  /** s3: the longest wait for an answer's headers (a PUT's upload counts) */
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
};

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** STORAGE_DRIVER=s3 needs a bucket and keys; the local driver ignores every S3_* variable. */
export function storageConfig(e: z.infer<z.ZodObject<typeof STORAGE_ENV>>) {
  const dir = e.STORAGE_DIR ?? fileURLToPath(new URL('../../../../../data/storage', import.meta.url));
  if (e.STORAGE_DRIVER === 'local')
    return { driver: 'local' as const, dir, stagingDir: path.join(dir, 'tmp'), s3: null };
  const lacking = S3_REQUIRED.filter((k) => !e[k]);
  if (lacking.length > 0)
    throw new Error(
      `Invalid configuration:\n${lacking.map((k) => `  ${k}: required when STORAGE_DRIVER=s3`).join('\n')}`,
    );
  return {
    driver: 's3' as const,
    dir,
    stagingDir: e.STORAGE_DIR ? path.join(e.STORAGE_DIR, 'tmp') : path.join(tmpdir(), 'amms-staging'),
    s3: {
      endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET!,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
      prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/\/$/, '')}/` : '',
      timeoutMs: e.S3_TIMEOUT_MS,
    },
  };
}
