import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../../platform/prisma/prisma.service.js';

/** Group bots of an org and the delivery log (always bound to one org). */
@Injectable()
export class NotifyChannelsRepository {
  constructor(private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  list(organizationId: string) {
    return this.db.notificationChannel.findMany({
      where: { organizationId, deletedAt: null },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  find(tx: Tx | undefined, organizationId: string, id: string) {
    return (tx ?? this.db).notificationChannel.findFirst({ where: { organizationId, id, deletedAt: null } });
  }

  create(tx: Tx, data: Prisma.NotificationChannelUncheckedCreateInput) {
    return tx.notificationChannel.create({ data });
  }

  /** Moves the row only from `version` (a concurrent change wins once). */
  async update(tx: Tx, id: string, version: number, data: Prisma.NotificationChannelUpdateManyMutationInput) {
    const moved = await tx.notificationChannel.updateMany({ where: { id, version }, data });
    return moved.count === 1 ? tx.notificationChannel.findUniqueOrThrow({ where: { id } }) : null;
  }

  async softDelete(tx: Tx, organizationId: string, id: string): Promise<boolean> {
    const r = await tx.notificationChannel.updateMany({
      where: { organizationId, id, deletedAt: null },
      data: { deletedAt: new Date(), enabled: false, version: { increment: 1 } },
    });
    return r.count === 1;
  }

  async teamExists(organizationId: string, id: string): Promise<boolean> {
    return (await this.db.team.count({ where: { organizationId, id } })) === 1;
  }

  createDelivery(tx: Tx, data: Prisma.NotificationDeliveryUncheckedCreateInput) {
    return tx.notificationDelivery.create({ data });
  }

  deliveries(
    organizationId: string,
    f: { channel?: string; status?: string; after?: { createdAt: Date; id: string }; limit: number },
  ) {
    return this.db.notificationDelivery.findMany({
      where: {
        organizationId,
        ...(f.channel ? { channel: f.channel } : {}),
        ...(f.status ? { status: f.status } : {}),
        ...(f.after
          ? { OR: [{ createdAt: { lt: f.after.createdAt } }, { createdAt: f.after.createdAt, id: { lt: f.after.id } }] }
          : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: f.limit,
    });
  }
}
