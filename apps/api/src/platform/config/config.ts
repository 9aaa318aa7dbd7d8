import { isIP } from 'node:net';
import { z } from 'zod';
import { rateLimitsFromEnv } from '../rate-limit/limits.js';
import { STORAGE_ENV, storageConfig } from './storage-env.js';
import { NOTIFY_ENV, notifyConfig } from './notify-env.js';

const DEV_SECRET = 'amms-dev-only-secret-change-me-please-0000';
/** where a missing JWT_ACCESS_SECRET may fall back to DEV_SECRET: only when NODE_ENV says so explicitly */
/** the telematics secret key of development and tests (64 hex digits); refused nowhere, used only when NODE_ENV says dev/test */
const DEV_TELEMATICS_KEY = 'a3f1c2e4b5d6978812345678900abcdefa3f1c2e4b5d6978812345678900abcd';
const DEV_SECRET_ENVS = new Set(['development', 'test']);

/** one entry of TRUSTED_PROXIES: an IPv4/IPv6 address or CIDR, or a proxy-addr range name */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [addr = '', bits, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (rest.length > 0 || family === 0) return false;
  if (bits === undefined) return true;
  if (family === 4 && isIP(bits) === 4) return true; // 10.0.0.0/255.0.0.0
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUSTED_PROXIES: comma-separated addresses / CIDRs (or `loopback`, `linklocal`, `uniquelocal`) of
 * the proxies whose X-Forwarded-For the API believes, e.g. the web BFF's address. Empty (the
 * default): the client IP is always the socket's peer address; nobody picks their own.
 */
export function parseTrustedProxies(raw: string): string[] {
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyEntry(e));
  if (bad.length > 0)
    throw new Error(`Invalid configuration:\n  TRUSTED_PROXIES: not an address, CIDR or range name: ${bad.join(', ')}`);
  return entries;
}

const ZEnv = z.object({
  /** unset counts as production for every safety default (secret, docs, metrics) */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/amms'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379/0'),
  /** required unless NODE_ENV is explicitly development or test (then a fixed development secret) */
  JWT_ACCESS_SECRET: z.string().min(32).optional(),
  JWT_ACCESS_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
  REFRESH_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  WEB_ORIGIN: z.string().default('http://localhost:3000,http://127.0.0.1:3000'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(300),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** proxies whose X-Forwarded-For is believed (see parseTrustedProxies); default none */
  TRUSTED_PROXIES: z.string().default(''),
  /** GET /metrics needs `Authorization: Bearer <this>`; unset: /metrics is open in development/test and 404 otherwise */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** the OpenAPI UI and JSON (/api/docs, /api/docs-json); default on in development/test, off otherwise */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /** admin password resets per acting user and LOGIN_WINDOW_SECONDS */
  PASSWORD_RESETS_PER_ADMIN: z.coerce.number().int().min(1).default(20),
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(1).default(24),
  /** read-through caching of read models; off = every read goes to Postgres (benchmarks, debugging) */
  CACHE_ENABLED: z.enum(['true', 'false']).default('true'),
  /** the agent's planner: 'rules' (no model, no network) or 'openai-compatible' (chat completions + tool call, falls back to rules) */
  AGENT_PLANNER: z.enum(['rules', 'openai-compatible']).default('rules'),
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; the planner POSTs to {base}/chat/completions */
  AGENT_OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** sent as `Authorization: Bearer …`; optional (local servers often need none); never logged */
  AGENT_OPENAI_API_KEY: z.string().min(1).optional(),
  AGENT_OPENAI_MODEL: z.string().min(1).max(200).optional(),
  /** per request; a run's wall-time budget is 10 s and the planner may make 2 requests, so keep 2 × this below it */
  AGENT_OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(4000),
  /** worker: how often executions left PENDING / RUNNING (and idle) are re-enqueued */
  WORKER_RESUME_EVERY_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** worker: attempts of a queued job; a draft.execute past them is given up (FAILED / PARTIAL, audited) */
  WORKER_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** worker: items of an execution written per transaction (a crash loses at most one chunk's uncommitted work, redone on resume) */
  WORKER_EXECUTION_CHUNK: z.coerce.number().int().min(1).max(500).default(50),
  /** worker: a file whose mtime it refreshes every few seconds while its event loop runs (container liveness probes); off when unset */
  WORKER_HEARTBEAT_FILE: z.string().min(1).optional(),
  /** execution event streams: how often a stream re-reads the execution without a nudge (a lost pub/sub message costs at most this) */
  EXECUTION_STREAM_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** execution event streams: the longest a stream stays open (the client reconnects after it) */
  EXECUTION_STREAM_MAX_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
  ...STORAGE_ENV,
  ...NOTIFY_ENV,
  /** attachments: the largest photo (JPEG / PNG / WebP) and the largest PDF receipt accepted (413 PAYLOAD_TOO_LARGE above) */
  ATTACHMENT_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  ATTACHMENT_MAX_PDF_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(20 * 1024 * 1024),
  /** machine recognition: the service the photo is POSTed to (multipart `image`); unset = manual catalog search only */
  RECOGNITION_URL: z.url({ protocol: /^https?$/ }).optional(),
  RECOGNITION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** machine recognition: below this confidence the answer is LOW_CONFIDENCE (the person searches by hand too) */
  RECOGNITION_MIN_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.5),
  /** knowledge: tesseract languages for image-only pages */
  OCR_LANGUAGES: z
    .string()
    .regex(/^[a-z_]+(\+[a-z_]+)*$/)
    .default('chi_sim+eng'),
  /** knowledge: the largest accepted upload (the contract's 100 MB at most; tests lower it) */
  KNOWLEDGE_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(100 * 1024 * 1024),
  /** knowledge: a PDF with more pages than this ends FAILED (TOO_MANY_PAGES) */
  KNOWLEDGE_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(3000),
  /** knowledge: a worker holds a version it ingests for this long between heartbeats; a crashed worker's version is taken over after it */
  KNOWLEDGE_INGEST_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** knowledge: extractive (built in) or openai-compatible (AGENT_OPENAI_* model; its citations are checked, else extractive) */
  KNOWLEDGE_ANSWERER: z.enum(['extractive', 'openai-compatible']).default('extractive'),
  /** knowledge: optional dense stage: an OpenAI-compatible {base}/embeddings endpoint and model */
  EMBEDDINGS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  EMBEDDINGS_MODEL: z.string().min(1).max(200).optional(),
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  /** bump when the model behind the same name changes: chunks of the old key and cached query vectors are no longer used (versions embedded under another key take part lexically only; re-embedding them is not automatic yet) */
  EMBEDDINGS_MODEL_VERSION: z.string().min(1).max(50).default('1'),
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** meter plausibility: the most engine hours a machine of this kind runs per day (a larger jump needs confirmJump) */
  METER_MAX_HOURS_PER_DAY_POWER_UNIT: z.coerce.number().min(0.1).max(24).default(24),
  METER_MAX_HOURS_PER_DAY_SELF_PROPELLED: z.coerce.number().min(0.1).max(24).default(24),
  METER_MAX_HOURS_PER_DAY_IMPLEMENT: z.coerce.number().min(0.1).max(24).default(24),
  /** meter plausibility: hours allowed on top (meters show tenths, clocks disagree a little) */
  METER_GRACE_HOURS: z.coerce.number().min(0).max(1000).default(1),
  /** telematics: an operator's reading further than this from the terminal's (at about the same time) is shown on the machine */
  TELEMATICS_METER_DISAGREEMENT_HOURS: z.coerce.number().min(0).max(10000).default(2),
  /** telematics sources: the key sealing their secrets (AES-256-GCM): 32 bytes as 64 hex digits or base64. Unset: only NODE_ENV=development/test (a fixed dev key); otherwise sources are refused */
  TELEMATICS_SECRET_KEY: z.string().optional(),
  /** telematics sources: the key before the current one (secrets sealed with it still open; re-sealed at the next write) */
  TELEMATICS_SECRET_KEY_PREVIOUS: z.string().optional(),
  /** telematics sources: one HTTP request's whole time */
  TELEMATICS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** telematics sources: attempts per request (429, 5xx, network errors), waiting base × 2^(n-1) between them */
  TELEMATICS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  TELEMATICS_RETRY_BASE_MS: z.coerce.number().int().min(1).max(60_000).default(1_000),
  /** telematics sources: most fleet pages one cycle reads (a runaway "next" link stops here) */
  TELEMATICS_MAX_PAGES: z.coerce.number().int().min(1).max(10_000).default(500),
  /** positions older than this many days are pruned (hourly, by the worker); 0 keeps them for ever */
  TELEMATICS_POSITION_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(400),
  /** a started job's machine further than this from the job's field is shown as "not at the field" */
  TELEMATICS_FAR_FROM_FIELD_KM: z.coerce.number().min(0.1).max(1000).default(2),
  /** webhooks: hosts (exact names or IP literals, comma-separated) a webhook may target even when they resolve to a private, loopback or link-local address (development, tests) */
  WEBHOOK_ALLOW_HOSTS: z.string().default(''),
  /** webhooks: one delivery attempt's whole time (connect + response) */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** webhooks: attempts per delivery (the first + retries); with the base delay below ≈ 25 h in all */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(11),
  /** webhooks: retry n waits base × 2^(n-1) (± 10 %): 90 s, 3 min, 6 min … ~12.8 h */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(90_000),
  /** webhooks: an endpoint whose deliveries keep failing this long (and one more gives up) is disabled; default 3 days */
  WEBHOOK_DISABLE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(3 * 24 * 3_600_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type AppConfig = ReturnType<typeof parseConfig>;

/** The OpenAI-compatible model the agent's planner and the knowledge answerer call (parseConfig checks its URL and model are set). */
function openAiModel(e: z.output<typeof ZEnv>) {
  return {
    baseUrl: e.AGENT_OPENAI_BASE_URL!,
    apiKey: e.AGENT_OPENAI_API_KEY ?? null,
    model: e.AGENT_OPENAI_MODEL!,
    timeoutMs: e.AGENT_OPENAI_TIMEOUT_MS,
  };
}

/** The only place that reads process.env. Parsed once at boot; a bad value stops the boot. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const rateLimits = rateLimitsFromEnv(env);
  const devLike = e.NODE_ENV !== undefined && DEV_SECRET_ENVS.has(e.NODE_ENV);
  if (!e.JWT_ACCESS_SECRET && !devLike) {
    throw new Error(
      'Invalid configuration:\n  JWT_ACCESS_SECRET: required (at least 32 characters); only NODE_ENV=development or NODE_ENV=test may run without it',
    );
  }
  if (!devLike && e.JWT_ACCESS_SECRET === DEV_SECRET) {
    throw new Error(
      'Invalid configuration:\n  JWT_ACCESS_SECRET: the development secret is refused outside NODE_ENV=development/test',
    );
  }
  const trustedProxies = parseTrustedProxies(e.TRUSTED_PROXIES);
  const storage = storageConfig(e);
  const notify = notifyConfig(e, devLike);
  if (e.AGENT_PLANNER === 'openai-compatible') {
    const lacking = (['AGENT_OPENAI_BASE_URL', 'AGENT_OPENAI_MODEL'] as const).filter((k) => !e[k]);
    if (lacking.length > 0) {
      throw new Error(
        `Invalid configuration:\n${lacking.map((k) => `  ${k}: required when AGENT_PLANNER=openai-compatible`).join('\n')}`,
      );
    }
  }
  if (e.KNOWLEDGE_ANSWERER === 'openai-compatible' && (!e.AGENT_OPENAI_BASE_URL || !e.AGENT_OPENAI_MODEL)) {
    throw new Error(
      'Invalid configuration:\n  KNOWLEDGE_ANSWERER: openai-compatible needs AGENT_OPENAI_BASE_URL and AGENT_OPENAI_MODEL',
    );
  }
  if (Boolean(e.EMBEDDINGS_BASE_URL) !== Boolean(e.EMBEDDINGS_MODEL)) {
    throw new Error(
      'Invalid configuration:\n  EMBEDDINGS_BASE_URL / EMBEDDINGS_MODEL: set both (dense retrieval) or neither',
    );
  }
  return {
    env: e.NODE_ENV ?? 'production',
    http: {
      host: e.HOST,
      port: e.PORT,
      bodyLimit: e.BODY_LIMIT_BYTES,
      webOrigins: e.WEB_ORIGIN.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      trustedProxies,
    },
    ops: {
      /** null: no token; then open only in development/test (`metricsOpen`) */
      metricsToken: e.METRICS_TOKEN ?? null,
      metricsOpen: devLike,
      docs: (e.API_DOCS ?? (devLike ? 'on' : 'off')) === 'on',
    },
    db: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX },
    redis: { url: e.REDIS_URL },
    cache: { enabled: e.CACHE_ENABLED === 'true' },
    auth: {
      accessSecret: e.JWT_ACCESS_SECRET ?? DEV_SECRET,
      accessTtlSeconds: e.JWT_ACCESS_TTL_SECONDS,
      refreshTtlDays: e.REFRESH_TTL_DAYS,
      loginMaxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      loginMaxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
      loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
      passwordResetsPerAdmin: e.PASSWORD_RESETS_PER_ADMIN,
    },
    idempotency: { ttlHours: e.IDEMPOTENCY_TTL_HOURS },
    /** per-route limits (agent runs, streams, audit verification, exports, uploads): platform/rate-limit/limits.ts */
    rateLimits,
    log: { level: e.LOG_LEVEL },
    storage,
    notify,
    attachments: { maxImageBytes: e.ATTACHMENT_MAX_IMAGE_BYTES, maxPdfBytes: e.ATTACHMENT_MAX_PDF_BYTES },
    recognition: {
      url: e.RECOGNITION_URL ?? null,
      timeoutMs: e.RECOGNITION_TIMEOUT_MS,
      minConfidence: e.RECOGNITION_MIN_CONFIDENCE,
    },
    knowledge: {
      ocrLanguages: e.OCR_LANGUAGES,
      maxPages: e.KNOWLEDGE_MAX_PAGES,
      maxUploadBytes: e.KNOWLEDGE_MAX_UPLOAD_BYTES,
      ingestLeaseMs: e.KNOWLEDGE_INGEST_LEASE_MS,
      answerer: e.KNOWLEDGE_ANSWERER,
      answerModel: e.KNOWLEDGE_ANSWERER === 'openai-compatible' ? openAiModel(e) : null,
      embeddings:
        e.EMBEDDINGS_BASE_URL && e.EMBEDDINGS_MODEL
          ? {
              baseUrl: e.EMBEDDINGS_BASE_URL,
              model: e.EMBEDDINGS_MODEL,
              apiKey: e.EMBEDDINGS_API_KEY ?? null,
              version: e.EMBEDDINGS_MODEL_VERSION,
              timeoutMs: e.EMBEDDINGS_TIMEOUT_MS,
            }
          : null,
    },
    worker: {
      resumeEveryMs: e.WORKER_RESUME_EVERY_MS,
      jobAttempts: e.WORKER_JOB_ATTEMPTS,
      executionChunk: e.WORKER_EXECUTION_CHUNK,
      heartbeatFile: e.WORKER_HEARTBEAT_FILE ?? null,
    },
    meter: {
      maxHoursPerDay: {
        POWER_UNIT: e.METER_MAX_HOURS_PER_DAY_POWER_UNIT,
        SELF_PROPELLED: e.METER_MAX_HOURS_PER_DAY_SELF_PROPELLED,
        IMPLEMENT: e.METER_MAX_HOURS_PER_DAY_IMPLEMENT,
      },
      graceHours: e.METER_GRACE_HOURS,
      telematicsDisagreementHours: e.TELEMATICS_METER_DISAGREEMENT_HOURS,
    },
    telematics: {
      /** null: no key (sources are refused); the dev key only under NODE_ENV=development/test */
      secretKey: e.TELEMATICS_SECRET_KEY ?? (devLike ? DEV_TELEMATICS_KEY : null),
      previousSecretKey: e.TELEMATICS_SECRET_KEY_PREVIOUS ?? null,
      timeoutMs: e.TELEMATICS_TIMEOUT_MS,
      maxAttempts: e.TELEMATICS_MAX_ATTEMPTS,
      retryBaseMs: e.TELEMATICS_RETRY_BASE_MS,
      maxPages: e.TELEMATICS_MAX_PAGES,
      positionRetentionDays: e.TELEMATICS_POSITION_RETENTION_DAYS,
      farFromFieldKm: e.TELEMATICS_FAR_FROM_FIELD_KM,
    },
    webhooks: {
      allowHosts: e.WEBHOOK_ALLOW_HOSTS.split(',')
        .map((s) =>
          s
            .trim()
            .toLowerCase()
            .replace(/^\[(.*)\]$/, '$1'),
        )
        .filter(Boolean),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      disableAfterMs: e.WEBHOOK_DISABLE_AFTER_MS,
    },
    executionStream: { pollMs: e.EXECUTION_STREAM_POLL_MS, maxMs: e.EXECUTION_STREAM_MAX_MS },
    agent: {
      planner: e.AGENT_PLANNER,
      openai: e.AGENT_PLANNER === 'openai-compatible' ? openAiModel(e) : null,
    },
  } as const;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
