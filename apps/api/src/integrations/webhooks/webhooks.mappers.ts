import {
  ZWebhookEventType,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEventType,
} from '@amms/contracts/webhooks';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '@amms/db';
import { AppError } from '../../platform/errors/app-error.js';
import { secretHint } from './signing.js';

export type DeliveryRow = WebhookDelivery & { event: WebhookEvent; log: WebhookAttempt[] };

const knownTypes = (types: readonly string[]): TWebhookEventType[] =>
  types.filter((t): t is TWebhookEventType => ZWebhookEventType.safeParse(t).success);

export function toEndpoint(r: WebhookEndpoint): TWebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    eventTypes: knownTypes(r.eventTypes),
    enabled: r.enabled,
    disabledReason: r.disabledReason,
    secretHint: secretHint(r.secret),
    previousSecretExpiresAt:
      r.previousSecret && r.previousSecretExpiresAt && r.previousSecretExpiresAt > new Date()
        ? r.previousSecretExpiresAt.toISOString()
        : null,
    failingSince: r.failingSince?.toISOString() ?? null,
    createdByMembershipId: r.createdByMembershipId,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toDelivery(r: DeliveryRow): TWebhookDelivery {
  return {
    id: r.id,
    endpointId: r.endpointId,
    eventId: r.eventId,
    eventType: r.event.type as TWebhookEventType,
    resourceType: r.event.resourceType,
    resourceId: r.event.resourceId,
    occurredAt: r.event.occurredAt.toISOString(),
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    reason: r.reason,
    redeliveryOfId: r.redeliveryOfId,
    createdAt: r.createdAt.toISOString(),
    log: [...r.log]
      .sort((a, b) => b.attempt - a.attempt)
      .map((a) => ({
        attempt: a.attempt,
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        responseExcerpt: a.responseExcerpt,
        error: a.error,
        at: a.createdAt.toISOString(),
      })),
  };
}

export const WebhookErrors = {
  notFound: () => new AppError('NOT_FOUND', 'Webhook endpoint not found'),
  deliveryNotFound: () => new AppError('NOT_FOUND', 'Webhook delivery not found'),
  urlRefused: (reason: string) =>
    new AppError(
      'WEBHOOK_URL_REFUSED',
      `The webhook URL is refused: ${reason}. Targets must be public addresses (WEBHOOK_ALLOW_HOSTS lists exceptions).`,
      { field: 'url', reason },
    ),
  memberOnly: () => new AppError('FORBIDDEN', 'Only a member (or a key acting for one) can create webhook endpoints'),
};
