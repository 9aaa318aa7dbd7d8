import { NOTIFICATION_TYPES } from '@amms/contracts/notifications';
import { resourceTypeOf, type TWebhookEventType } from '@amms/contracts/webhooks';
import { enqueueOutbox } from '../../platform/outbox/outbox.service.js';
import type { Tx } from '../../platform/prisma/prisma.service.js';

/**
 * The one hook business services call, inside the transaction of the change:
 * `await WebhookEvents.emit(tx, ctx, 'job.completed', job.id)`.
 *
 * Cheap when nobody listens (one indexed read). Otherwise it writes the event, one delivery per
 * subscribed, enabled endpoint, and one outbox row per delivery, all in the caller's transaction:
 * a rolled-back change leaves nothing, a committed one is never lost. An event that can concern a
 * member (NOTIFICATION_TYPES) is always written, with one `notification.fanout` outbox row: the
 * worker turns it into the in-app notifications of the members it concerns (notifications/). Static on purpose (no
 * injection): the services that call it are constructed in the API and in the worker.
 */
export const WebhookEvents = {
  async emit(
    tx: Tx,
    ctx: { organizationId: string; membershipId?: string | null },
    type: TWebhookEventType | undefined,
    resourceId: string,
  ): Promise<void> {
    if (!type) return; // a transition without a webhook event (callers map actions → events)
    const endpoints = await tx.webhookEndpoint.findMany({
      where: { organizationId: ctx.organizationId, enabled: true, deletedAt: null, eventTypes: { has: type } },
      select: { id: true },
    });
    const notifies = (NOTIFICATION_TYPES as readonly string[]).includes(type);
    if (endpoints.length === 0 && !notifies) return;
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
    if (notifies)
      await enqueueOutbox(tx, ctx.organizationId, 'notification.fanout', {
        organizationId: ctx.organizationId,
        eventId: event.id,
        // the member who acted is not told about their own action
        ...(ctx.membershipId ? { actorMembershipId: ctx.membershipId } : {}),
      });
  },
};
