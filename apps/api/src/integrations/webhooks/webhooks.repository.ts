import { Injectable } from '@nestjs/common';
import type { Prisma, WebhookDeliveryStatus } from '@amms/db';
import { PrismaService, type Tx } from '../../platform/prisma/prisma.service.js';
import type { DeliveryRow } from './webhooks.mappers.js';

const DELIVERY_INCLUDE = {
  event: true,
  log: { orderBy: { attempt: 'desc' }, take: 25 },
} as const satisfies Prisma.WebhookDeliveryInclude;

@Injectable()
export class WebhooksRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  db(tx?: Tx) {
    return tx ?? this.prisma.client;
  }

  listEndpoints(organizationId: string, afterId: string | undefined, limit: number) {
    return this.prisma.client.webhookEndpoint.findMany({
      where: { organizationId, deletedAt: null, ...(afterId ? { id: { gt: afterId } } : {}) },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  findEndpoint(tx: Tx | undefined, organizationId: string, id: string) {
    return this.db(tx).webhookEndpoint.findFirst({ where: { id, organizationId, deletedAt: null } });
  }

  /** the row locked for a read-modify-write (rotation, update) */
  async lockEndpoint(tx: Tx, organizationId: string, id: string) {
    await tx.$queryRaw`SELECT id FROM "WebhookEndpoint" WHERE id = ${id}::uuid AND "organizationId" = ${organizationId}::uuid FOR UPDATE`;
    return this.findEndpoint(tx, organizationId, id);
  }

  listDeliveries(
    organizationId: string,
    endpointId: string,
    q: { status?: WebhookDeliveryStatus; after?: { createdAt: Date; id: string }; limit: number },
  ): Promise<DeliveryRow[]> {
    const after = q.after
      ? { OR: [{ createdAt: { lt: q.after.createdAt } }, { createdAt: q.after.createdAt, id: { lt: q.after.id } }] }
      : {};
    return this.prisma.client.webhookDelivery.findMany({
      where: { organizationId, endpointId, ...(q.status ? { status: q.status } : {}), ...after },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: q.limit,
      include: DELIVERY_INCLUDE,
    });
  }

  findDelivery(tx: Tx | undefined, organizationId: string, id: string): Promise<DeliveryRow | null> {
    return this.db(tx).webhookDelivery.findFirst({ where: { id, organizationId }, include: DELIVERY_INCLUDE });
  }

  createEndpoint(tx: Tx, data: Prisma.WebhookEndpointUncheckedCreateInput) {
    return tx.webhookEndpoint.create({ data });
  }

  updateEndpoint(tx: Tx, id: string, data: Prisma.WebhookEndpointUpdateInput) {
    return tx.webhookEndpoint.update({ where: { id }, data });
  }

  createDelivery(tx: Tx, data: Prisma.WebhookDeliveryUncheckedCreateInput) {
    return tx.webhookDelivery.create({ data });
  }
}
