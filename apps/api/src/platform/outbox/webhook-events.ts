import { randomUUID } from 'node:crypto';
import { NOTIFICATION_TYPES } from '@amms/contracts/notifications';
import { resourceTypeOf, type TWebhookEventType } from '@amms/contracts/webhooks';
import { enqueueOutboxMany } from './outbox.service.js';
import type { Tx } from '../prisma/prisma.service.js';

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
/** The org, and the member who acted (not told about their own action). */
type EmitContext = { organizationId: string; membershipId?: string | null };

export const WebhookEvents = {
  async emit(tx: Tx, ctx: EmitContext, type: TWebhookEventType | undefined, resourceId: string): Promise<void> {
    await WebhookEvents.emitEach(tx, ctx, type, [resourceId]);
  },

  /**
   * The same event for several resources (a batch): one read of the endpoints, then one insert each for the
   * events, the deliveries and the outbox rows, whatever the number of resources (ids made here, so each
   * delivery names its event without reading the inserted rows back).
   */
  async emitEach(
    tx: Tx,
    ctx: EmitContext,
    type: TWebhookEventType | undefined,
    resourceIds: readonly string[],
  ): Promise<void> {
    if (!type || resourceIds.length === 0) return; // a transition without a webhook event (callers map actions → events)
    const endpoints = await tx.webhookEndpoint.findMany({
      where: { organizationId: ctx.organizationId, enabled: true, deletedAt: null, eventTypes: { has: type } },
      select: { id: true },
    });
    const notifies = (NOTIFICATION_TYPES as readonly string[]).includes(type);
    if (endpoints.length === 0 && !notifies) return;
    const organizationId = ctx.organizationId;
    const events = resourceIds.map((resourceId) => ({
      id: randomUUID(),
      organizationId,
      type,
      resourceType: resourceTypeOf(type),
      resourceId,
    }));
    await tx.webhookEvent.createMany({ data: events });
    const deliveries = events.flatMap((event) =>
      endpoints.map((endpoint) => ({ id: randomUUID(), organizationId, endpointId: endpoint.id, eventId: event.id })),
    );
    if (deliveries.length > 0) {
      await tx.webhookDelivery.createMany({ data: deliveries });
      await enqueueOutboxMany(
        tx,
        organizationId,
        'webhook.deliver',
        deliveries.map((d) => ({ organizationId, deliveryId: d.id })),
      );
    }
    if (notifies)
      await enqueueOutboxMany(
        tx,
        organizationId,
        'notification.fanout',
        events.map((event) => ({
          organizationId,
          eventId: event.id,
          ...(ctx.membershipId ? { actorMembershipId: ctx.membershipId } : {}),
        })),
      );
  },
};
