import webpush from 'web-push';
import type { NotifyConfig } from '../../platform/config/notify-env.js';
import { postWebhook, type SendResult } from '../../platform/http/webhook-sender.js';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (apps/web/public/field-sw.js reads these fields). */
export interface PushPayload {
  title: string;
  body: string;
  link: string | null;
  tag: string;
}

/**
 * One Web Push message (RFC 8030 / 8291 / 8292): the payload encrypted as aes128gcm for the
 * browser's keys and a VAPID JWT for the push service, built by `web-push`; the POST itself goes
 * through the webhooks' guarded sender, so a subscription endpoint pointing at a private address
 * is refused like any outbound target (the allow-list applies).
 */
export async function sendPush(
  vapid: NonNullable<NotifyConfig['vapid']>,
  target: PushTarget,
  payload: PushPayload,
  opts: { timeoutMs: number; allowHosts: readonly string[]; ttlSeconds?: number },
): Promise<SendResult> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapid,
      TTL: opts.ttlSeconds ?? 24 * 3600,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
      topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
    },
  );
  const headers: Record<string, string> = { 'user-agent': 'AMMS-Push/1' };
  for (const [k, v] of Object.entries(details.headers))
    if (k.toLowerCase() !== 'content-length') headers[k.toLowerCase()] = String(v);
  return postWebhook(details.endpoint, headers, details.body ?? Buffer.alloc(0), opts);
}

/** 404 / 410: the push service forgot the subscription (unsubscribed, expired): drop it. */
export const subscriptionGone = (status: number | null) => status === 404 || status === 410;

/** 429 and 5xx are worth retrying; other 4xx (a malformed request, a payload too large) are not. */
export const pushRetryable = (r: SendResult) =>
  !r.refused && (r.statusCode === null || r.statusCode === 429 || r.statusCode >= 500);
