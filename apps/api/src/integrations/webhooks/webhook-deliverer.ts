import { Inject, Injectable } from '@nestjs/common';
import { resourceTypeOf, ZWebhookEventType, type TWebhookPayload } from '@amms/contracts/webhooks';
import { AuditService } from '../../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { AppError } from '../../platform/errors/app-error.js';
import { enqueueOutbox } from '../../platform/outbox/outbox.service.js';
import { memberContext } from '../../tenancy/member-context.js';
import { signedHeaders } from './signing.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { postWebhook, type SendResult } from '../../platform/http/webhook-sender.js';
import { backoffMs } from '../../platform/http/backoff.js';

export { backoffMs };
import { WebhookResources } from './webhook-resources.js';
import { roleMay } from '../../platform/access/permission.js';

export interface DeliveryOutcome {
  deliveryId: string;
  status: 'SUCCEEDED' | 'RETRYING' | 'FAILED' | 'SKIPPED' | 'DONE_ALREADY' | 'MISSING';
  attempt?: number;
  reason?: string;
}

/**
 * The worker side of a delivery: one HTTP attempt per call. Nothing queued is trusted: the
 * delivery, its endpoint, the event and the endpoint creator's membership are re-read; the
 * payload is the resource as the creator may read it NOW (their role and data scope), so a
 * creator who lost access leaks nothing (the delivery is SKIPPED with the reason).
 */
@Injectable()
export class WebhookDeliverer {
  constructor(
    private readonly repo: WebhookDeliveriesRepository,
    private readonly audit: AuditService,
    private readonly resources: WebhookResources,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async deliver(organizationId: string, deliveryId: string): Promise<DeliveryOutcome> {
    const d = await this.repo.findWithEndpointAndEvent(organizationId, deliveryId);
    if (!d) return { deliveryId, status: 'MISSING' };
    if (d.status !== 'PENDING' && d.status !== 'RETRYING') return { deliveryId, status: 'DONE_ALREADY' };
    const { endpoint, event } = d;
    if (endpoint.deletedAt || !endpoint.enabled)
      return this.skip(deliveryId, endpoint.deletedAt ? 'ENDPOINT_DELETED' : 'ENDPOINT_DISABLED');
    const type = ZWebhookEventType.safeParse(event.type);
    if (!type.success) return this.skip(deliveryId, 'UNKNOWN_EVENT_TYPE');
    const resourceType = resourceTypeOf(type.data);

    const creator = await this.repo.loadCreator(organizationId, endpoint.createdByMembershipId);
    if (!creator || creator.status !== 'ACTIVE' || !roleMay(creator.role, this.resources.permissionFor(resourceType)))
      return this.skip(deliveryId, 'CREATOR_NO_ACCESS');
    const requestId = `webhook:${deliveryId}`;
    const ctx = memberContext(
      organizationId,
      { kind: 'USER', userId: creator.userId, sessionId: requestId, isPlatformAdmin: creator.isPlatformAdmin },
      creator,
      requestId,
    );
    let data: unknown;
    try {
      data = await this.resources.read(ctx, resourceType, event.resourceId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return this.skip(deliveryId, 'RESOURCE_NOT_VISIBLE');
      throw err;
    }

    const payload: TWebhookPayload = { id: event.id, type: type.data, timestamp: event.occurredAt.toISOString(), data };
    const body = JSON.stringify(payload);
    const now = new Date();
    const secrets = [
      endpoint.secret,
      ...(endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
        ? [endpoint.previousSecret]
        : []),
    ];
    const headers = signedHeaders(secrets, event.id, Math.floor(now.getTime() / 1000), body);
    const attempt = d.attempts + 1;
    const result = await postWebhook(endpoint.url, headers, body, {
      timeoutMs: this.config.webhooks.timeoutMs,
      allowHosts: this.config.webhooks.allowHosts,
    });
    return this.record(organizationId, d.id, endpoint.id, attempt, result);
  }

  private async record(
    organizationId: string,
    deliveryId: string,
    endpointId: string,
    attempt: number,
    r: SendResult,
  ): Promise<DeliveryOutcome> {
    const { maxAttempts, retryBaseMs, disableAfterMs } = this.config.webhooks;
    return this.repo.transaction(async (tx) => {
      await this.repo.createAttempt(tx, {
        deliveryId,
        attempt,
        statusCode: r.statusCode,
        latencyMs: r.latencyMs,
        responseExcerpt: r.responseExcerpt,
        error: r.error,
      });
      const now = new Date();
      // only the run that saw attempts = attempt - 1 moves the delivery (a duplicate run changes nothing)
      const moved = (
        status: 'SUCCEEDED' | 'RETRYING' | 'FAILED',
        extra: { nextAttemptAt?: Date | null; reason?: string | null },
      ) => this.repo.moveDelivery(tx, deliveryId, attempt, { status, ...extra });
      if (r.ok) {
        await moved('SUCCEEDED', { reason: null });
        await this.repo.clearFailing(tx, endpointId);
        return { deliveryId, status: 'SUCCEEDED', attempt };
      }
      await this.repo.markFailing(tx, endpointId, now);
      if (attempt < maxAttempts) {
        const nextAttemptAt = new Date(now.getTime() + backoffMs(retryBaseMs, attempt));
        if ((await moved('RETRYING', { nextAttemptAt })).count === 1) {
          await enqueueOutbox(
            tx,
            organizationId,
            'webhook.deliver',
            { organizationId, deliveryId },
            { availableAt: nextAttemptAt },
          );
        }
        return { deliveryId, status: 'RETRYING', attempt };
      }
      const reason = r.refused ? 'TARGET_REFUSED' : 'MAX_ATTEMPTS';
      await moved('FAILED', { reason });
      // failing for days and this delivery gave up too: disable, and tell the admins (audit row)
      const endpoint = await this.repo.findEndpoint(tx, endpointId);
      if (
        endpoint?.enabled &&
        endpoint.failingSince &&
        now.getTime() - endpoint.failingSince.getTime() >= disableAfterMs
      ) {
        await this.repo.disableFailing(tx, endpointId);
        await this.audit.append(tx, {
          organizationId,
          action: 'webhook.disabled',
          entityType: 'webhook',
          entityId: endpointId,
          actorType: 'SYSTEM',
          data: {
            reason: 'FAILING',
            failingSince: endpoint.failingSince.toISOString(),
            lastDeliveryId: deliveryId,
            url: endpoint.url,
          },
        });
      }
      return { deliveryId, status: 'FAILED', attempt, reason };
    });
  }

  private async skip(deliveryId: string, reason: string): Promise<DeliveryOutcome> {
    await this.repo.skip(deliveryId, reason);
    return { deliveryId, status: 'SKIPPED', reason };
  }
}
