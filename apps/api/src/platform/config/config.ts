import { z } from 'zod';

const DEV_SECRET = 'amms-dev-only-secret-change-me-please-0000';

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/amms'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379/0'),
  JWT_ACCESS_SECRET: z.string().min(32).default(DEV_SECRET),
  JWT_ACCESS_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
  REFRESH_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  WEB_ORIGIN: z.string().default('http://localhost:3000,http://127.0.0.1:3000'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(300),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
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
  /** execution event streams: how often a stream re-reads the execution without a nudge (a lost pub/sub message costs at most this) */
  EXECUTION_STREAM_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** execution event streams: the longest a stream stays open (the client reconnects after it) */
  EXECUTION_STREAM_MAX_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
  /** meter plausibility: the most engine hours a machine of this kind runs per day (a larger jump needs confirmJump) */
  METER_MAX_HOURS_PER_DAY_POWER_UNIT: z.coerce.number().min(0.1).max(24).default(24),
  METER_MAX_HOURS_PER_DAY_SELF_PROPELLED: z.coerce.number().min(0.1).max(24).default(24),
  METER_MAX_HOURS_PER_DAY_IMPLEMENT: z.coerce.number().min(0.1).max(24).default(24),
  /** meter plausibility: hours allowed on top (meters show tenths, clocks disagree a little) */
  METER_GRACE_HOURS: z.coerce.number().min(0).max(1000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type AppConfig = ReturnType<typeof parseConfig>;

/** The only place that reads process.env. Parsed once at boot; a bad value stops the boot. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.JWT_ACCESS_SECRET === DEV_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_ACCESS_SECRET: set a secret of at least 32 characters in production');
  }
  if (e.AGENT_PLANNER === 'openai-compatible') {
    const lacking = (['AGENT_OPENAI_BASE_URL', 'AGENT_OPENAI_MODEL'] as const).filter((k) => !e[k]);
    if (lacking.length > 0) {
      throw new Error(`Invalid configuration:\n${lacking.map((k) => `  ${k}: required when AGENT_PLANNER=openai-compatible`).join('\n')}`);
    }
  }
  return {
    env: e.NODE_ENV,
    http: {
      host: e.HOST,
      port: e.PORT,
      bodyLimit: e.BODY_LIMIT_BYTES,
      webOrigins: e.WEB_ORIGIN.split(',').map((s) => s.trim()).filter(Boolean),
    },
    db: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX },
    redis: { url: e.REDIS_URL },
    cache: { enabled: e.CACHE_ENABLED === 'true' },
    auth: {
      accessSecret: e.JWT_ACCESS_SECRET,
      accessTtlSeconds: e.JWT_ACCESS_TTL_SECONDS,
      refreshTtlDays: e.REFRESH_TTL_DAYS,
      loginMaxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      loginMaxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
      loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
      passwordResetsPerAdmin: e.PASSWORD_RESETS_PER_ADMIN,
    },
    idempotency: { ttlHours: e.IDEMPOTENCY_TTL_HOURS },
    log: { level: e.LOG_LEVEL },
    meter: {
      maxHoursPerDay: {
        POWER_UNIT: e.METER_MAX_HOURS_PER_DAY_POWER_UNIT,
        SELF_PROPELLED: e.METER_MAX_HOURS_PER_DAY_SELF_PROPELLED,
        IMPLEMENT: e.METER_MAX_HOURS_PER_DAY_IMPLEMENT,
      },
      graceHours: e.METER_GRACE_HOURS,
    },
    worker: { resumeEveryMs: e.WORKER_RESUME_EVERY_MS, jobAttempts: e.WORKER_JOB_ATTEMPTS },
    executionStream: { pollMs: e.EXECUTION_STREAM_POLL_MS, maxMs: e.EXECUTION_STREAM_MAX_MS },
    agent: {
      planner: e.AGENT_PLANNER,
      openai:
        e.AGENT_PLANNER === 'openai-compatible'
          ? { baseUrl: e.AGENT_OPENAI_BASE_URL!, apiKey: e.AGENT_OPENAI_API_KEY ?? null, model: e.AGENT_OPENAI_MODEL!, timeoutMs: e.AGENT_OPENAI_TIMEOUT_MS }
          : null,
    },
  } as const;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
