import type { Tx } from '../../platform/prisma/prisma.service.js';
import { enqueueOutbox } from '../../platform/outbox/outbox.service.js';

/** Events told outside the app that the in-app fan-out does not carry. */
export type OutboundOnlyEvent = 'DRAFT_AWAITING_CONFIRMATION' | 'EXECUTION_FAILED';

/**
 * A draft left for someone to confirm is told a little later, and only if it still waits then (the
 * person who ran the agent usually confirms at once, and needs no push about it).
 */
export const DRAFT_GRACE_MS = 2 * 60_000;

/**
 * The hook for events outside the in-app fan-out, called inside the transaction of the change:
 * one `notification.outbound` outbox row (a rolled-back change tells nobody).
 */
export const NotifyOutbound = {
  async emit(tx: Tx, organizationId: string, event: OutboundOnlyEvent, resourceId: string): Promise<void> {
    await enqueueOutbox(
      tx,
      organizationId,
      'notification.outbound',
      { organizationId, event, resourceId },
      event === 'DRAFT_AWAITING_CONFIRMATION' ? { availableAt: new Date(Date.now() + DRAFT_GRACE_MS) } : {},
    );
  },
};
