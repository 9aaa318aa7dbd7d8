import { resourceTypeOf, type TWebhookEventType } from '@amms/contracts/webhooks';
import { enqueueOutbox } from './outbox.service.js';
import type { Tx } from '../prisma/prisma.service.js';

/**
 * The one hook business services call, inside the transaction of the change:
 * `await WebhookEvents.emit(tx, ctx, 'job.completed', job.id)`.
 *
 * Cheap when nobody listens (one indexed read). Otherwise it writes the event, one delivery per
 * subscribed, enabled endpoint, and one outbox row per delivery, all in the caller's transaction:
 * a rolled-back change leaves nothing, a committed one is never lost. Static on purpose (no
 * injection): the services that call it are constructed in the API and in the worker.
 */
export const WebhookEvents = {
  async emit(
    tx: Tx,
    ctx: { organizationId: string },
    type: TWebhookEventType | undefined,
    resourceId: string,
  ): Promise<void> {
    await WebhookEvents.emitEach(tx, ctx, type, [resourceId]);
  },

  /** The same event for several resources (a batch): one read of the endpoints for all of them. */
  async emitEach(
    tx: Tx,
    ctx: { organizationId: string },
    type: TWebhookEventType | undefined,
    resourceIds: readonly string[],
  ): Promise<void> {
    if (!type || resourceIds.length === 0) return; // a transition without a webhook event (callers map actions → events)
    const endpoints = await tx.webhookEndpoint.findMany({
      where: { organizationId: ctx.organizationId, enabled: true, deletedAt: null, eventTypes: { has: type } },
      select: { id: true },
    });
    if (endpoints.length === 0) return;
    for (const resourceId of resourceIds) await emitOne(tx, ctx, type, resourceId, endpoints);
  },
};

async function emitOne(
  tx: Tx,
  ctx: { organizationId: string },
  type: TWebhookEventType,
  resourceId: string,
  endpoints: readonly { id: string }[],
): Promise<void> {
  const event = await tx.webhookEvent.create({
    data: { organizationId: ctx.organizationId, type, resourceType: resourceTypeOf(type), resourceId },
    select: { id: true },
  });
  for (const endpoint of endpoints) {
    const delivery = await tx.webhookDelivery.create({
      data: { organizationId: ctx.organizationId, endpointId: endpoint.id, eventId: event.id },
      select: { id: true },
    });
    await enqueueOutbox(tx, ctx.organizationId, 'webhook.deliver', {
      organizationId: ctx.organizationId,
      deliveryId: delivery.id,
    });
  }
}
