import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../../platform/prisma/prisma.service.js';
import { loadMember } from '../../tenancy/memberships.repository.js';

const OPEN = { in: ['PENDING' as const, 'RETRYING' as const] };

/** The worker side of webhook deliveries: one attempt's reads and writes (see webhook-deliverer.ts). */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  /** the delivery with its endpoint and event, as it is now */
  findWithEndpointAndEvent(organizationId: string, deliveryId: string) {
    return this.prisma.client.webhookDelivery.findFirst({
      where: { id: deliveryId, organizationId },
      include: { endpoint: true, event: true },
    });
  }

  /** the endpoint creator's membership as it is now (role, scope, status) */
  loadCreator(organizationId: string, membershipId: string) {
    return loadMember(this.prisma.client, organizationId, membershipId);
  }

  createAttempt(tx: Tx, data: Prisma.WebhookAttemptUncheckedCreateInput) {
    return tx.webhookAttempt.create({ data });
  }

  /** moves the delivery only when it is still open at attempts = attempt - 1 (a duplicate run changes nothing) */
  moveDelivery(
    tx: Tx,
    deliveryId: string,
    attempt: number,
    data: { status: 'SUCCEEDED' | 'RETRYING' | 'FAILED'; nextAttemptAt?: Date | null; reason?: string | null },
  ) {
    return tx.webhookDelivery.updateMany({
      where: { id: deliveryId, attempts: attempt - 1, status: OPEN },
      data: { nextAttemptAt: null, ...data, attempts: attempt },
    });
  }

  clearFailing(tx: Tx, endpointId: string) {
    return tx.webhookEndpoint.updateMany({ where: { id: endpointId }, data: { failingSince: null } });
  }

  /** starts the "failing since" clock unless it is already running */
  markFailing(tx: Tx, endpointId: string, now: Date) {
    return tx.webhookEndpoint.updateMany({
      where: { id: endpointId, failingSince: null },
      data: { failingSince: now },
    });
  }

  findEndpoint(tx: Tx, endpointId: string) {
    return tx.webhookEndpoint.findFirst({ where: { id: endpointId } });
  }

  disableFailing(tx: Tx, endpointId: string) {
    return tx.webhookEndpoint.update({
      where: { id: endpointId },
      data: { enabled: false, disabledReason: 'FAILING', version: { increment: 1 } },
    });
  }

  skip(deliveryId: string, reason: string) {
    return this.prisma.client.webhookDelivery.updateMany({
      where: { id: deliveryId, status: OPEN },
      data: { status: 'SKIPPED', reason, nextAttemptAt: null },
    });
  }
}
