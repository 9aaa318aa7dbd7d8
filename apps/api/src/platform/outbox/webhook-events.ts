import { NOTIFICATION_TYPES } from '@amms/contracts/notifications';
import { resourceTypeOf, type TWebhookEventType } from '@amms/contracts/webhooks';
import { enqueueOutbox } from './outbox.service.js';
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

  /** The same event for several resources (a batch): one read of the endpoints for all of them. */
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
    for (const resourceId of resourceIds) await emitOne(tx, ctx, type, resourceId, endpoints, notifies);
  },
};

async function emitOne(
  tx: Tx,
  ctx: EmitContext,
  type: TWebhookEventType,
  resourceId: string,
  endpoints: readonly { id: string }[],
  notifies: boolean,
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
  if (notifies)
    await enqueueOutbox(tx, ctx.organizationId, 'notification.fanout', {
      organizationId: ctx.organizationId,
      eventId: event.id,
      ...(ctx.membershipId ? { actorMembershipId: ctx.membershipId } : {}),
    });
}
