import { createECDH, createHash } from 'node:crypto';
import { z } from 'zod';

/** Notifications outside the app (issue #31): part of the API's and worker's env schema (config.ts). */
export const NOTIFY_ENV = {
  /** Web Push: the VAPID key pair (base64url, `npx web-push generate-vapid-keys` or `node apps/api/dist/notifications/outbound/vapid-keys.js`) */
  VAPID_PUBLIC_KEY: z.string().min(80).max(100).optional(),
  /** never logged */
  VAPID_PRIVATE_KEY: z.string().min(40).max(50).optional(),
  /** Web Push: the contact the push services see (mailto: or https:) */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'mailto:… or https://…')
    .default('mailto:ops@amms.local'),
  /** e-mail: smtp://user:pass@host:587 or smtps://…:465; unset = no e-mail */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().min(3).max(200).default('AMMS <no-reply@amms.local>'),
  /** where links in messages point (the web app's origin); unset = app paths only */
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** attempts per message (the first + retries) and the backoff base: retry n waits base × 2^(n-1) ± 10 % */
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  NOTIFY_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** local hour from which "my job starts tomorrow" is sent, and the daily digest's hour */
  NOTIFY_EVENING_HOUR: z.coerce.number().int().min(0).max(23).default(18),
  NOTIFY_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  /** how often the worker looks for tomorrow's jobs and due digests */
  NOTIFY_SCAN_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
};

type NotifyEnv = z.output<z.ZodObject<typeof NOTIFY_ENV>>;

/**
 * The development key pair: derived from a fixed seed, so the API (which hands out the public key)
 * and the worker (which signs) agree without configuration. Refused outside development/test.
 */
export function devVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(createHash('sha256').update('amms-dev-only-vapid-key').digest());
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

export function notifyConfig(e: NotifyEnv, devLike: boolean) {
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY)
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both or neither');
  const vapid =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : devLike
        ? devVapidKeys()
        : null;
  return {
    /** null: Web Push is off (production without keys) */
    vapid: vapid ? { ...vapid, subject: e.VAPID_SUBJECT } : null,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : null,
    appUrl: e.APP_URL?.replace(/\/+$/, '') ?? null,
    maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
    retryBaseMs: e.NOTIFY_RETRY_BASE_MS,
    eveningHour: e.NOTIFY_EVENING_HOUR,
    digestHour: e.NOTIFY_DIGEST_HOUR,
    scanEveryMs: e.NOTIFY_SCAN_EVERY_MS,
  };
}
export type NotifyConfig = ReturnType<typeof notifyConfig>;
