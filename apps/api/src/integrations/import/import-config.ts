/** Import settings from the environment; a bad value stops the boot. */
export interface ImportConfig {
  /** IMPORT_MAX_BYTES: the largest accepted file (default 5 MiB) */
  maxBytes: number;
  /** IMPORT_PREVIEW_TTL_SECONDS: how long a preview can be committed (default 1800) */
  previewTtlSeconds: number;
  /** IMPORT_TRANSACTION_TIMEOUT_MS: the preview / commit transaction's limit (default 120000) */
  transactionTimeoutMs: number;
}

export function readImportConfig(env: NodeJS.ProcessEnv): ImportConfig {
  const read = (key: string, fallback: number, max: number) => {
    const raw = env[key];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new Error(`Invalid configuration: ${key} must be an integer 1..${max}, got "${raw}"`);
    return n;
  };
  return {
    maxBytes: read('IMPORT_MAX_BYTES', 5 * 1024 * 1024, 100 * 1024 * 1024),
    previewTtlSeconds: read('IMPORT_PREVIEW_TTL_SECONDS', 1800, 86_400),
    transactionTimeoutMs: read('IMPORT_TRANSACTION_TIMEOUT_MS', 120_000, 600_000),
  };
}
