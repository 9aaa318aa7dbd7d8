import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../../platform/prisma/prisma.service.js';

export interface NewDelivery {
  id: string;
  organizationId: string;
  event: string;
  channel: string;
  dedupeKey: string;
  recipientMembershipId: string | null;
  pushSubscriptionId: string | null;
  channelId: string | null;
  target: string;
  title: string;
  body: string;
  link: string | null;
  notBefore: Date;
}

/** What the planner and the deliverer read and write (one org at a time). */
@Injectable()
export class OutboundRepository {
  constructor(private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  /** ACTIVE members among `ids` with what a message needs: role, e-mail, language, choices, zone. */
  recipients(organizationId: string, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.membership.findMany({
      where: { organizationId, status: 'ACTIVE', id: { in: [...new Set(ids)] } },
      select: {
        id: true,
        role: true,
        userId: true,
        user: { select: { email: true, locale: true } },
        organization: { select: { timezone: true } },
      },
      orderBy: { id: 'asc' },
    });
  }

  preferences(organizationId: string, membershipIds: string[]) {
    return this.db.notificationPreference.findMany({
      where: { organizationId, membershipId: { in: membershipIds } },
    });
  }

  pushSubscriptions(organizationId: string, membershipIds: string[]) {
    return this.db.pushSubscription.findMany({
      where: { organizationId, membershipId: { in: membershipIds } },
      orderBy: { createdAt: 'asc' },
    });
  }

  /** Enabled bots of the org told of `event`. */
  botsFor(organizationId: string, event: string) {
    return this.db.notificationChannel.findMany({
      where: { organizationId, deletedAt: null, enabled: true, events: { has: event } },
      orderBy: { createdAt: 'asc' },
    });
  }

  /** The team a resource belongs to (a machine's, a work order's machine's, a job's; a cost's machine or job). */
  async teamOf(organizationId: string, resourceType: string, id: string): Promise<string | null> {
    switch (resourceType) {
      case 'asset':
        return (
          (await this.db.asset.findFirst({ where: { organizationId, id }, select: { teamId: true } }))?.teamId ?? null
        );
      case 'work_order':
        return (
          (
            await this.db.workOrder.findFirst({
              where: { organizationId, id },
              select: { asset: { select: { teamId: true } } },
            })
          )?.asset.teamId ?? null
        );
      case 'job':
        return (
          (await this.db.job.findFirst({ where: { organizationId, id }, select: { teamId: true } }))?.teamId ?? null
        );
      case 'cost_document': {
        const d = await this.db.costDocument.findFirst({
          where: { organizationId, id },
          select: { asset: { select: { teamId: true } }, job: { select: { teamId: true } } },
        });
        return d?.asset?.teamId ?? d?.job?.teamId ?? null;
      }
      default:
        return null;
    }
  }

  /** The label a group sees (it reads no member's scope: the admin chose to tell the group). */
  async groupLabel(organizationId: string, resourceType: string, id: string): Promise<string | null> {
    switch (resourceType) {
      case 'asset':
        return (await this.db.asset.findFirst({ where: { organizationId, id }, select: { name: true } }))?.name ?? null;
      case 'work_order': {
        const w = await this.db.workOrder.findFirst({
          where: { organizationId, id },
          select: { number: true, title: true },
        });
        return w ? `WO-${String(w.number).padStart(6, '0')} ${w.title}` : null;
      }
      case 'cost_document': {
        const d = await this.db.costDocument.findFirst({
          where: { organizationId, id },
          select: { number: true, description: true },
        });
        return d ? `CD-${String(d.number).padStart(6, '0')}${d.description ? ` ${d.description}` : ''}` : null;
      }
      case 'draft':
        return (
          (await this.db.draft.findFirst({ where: { organizationId, id }, select: { title: true } }))?.title ?? null
        );
      case 'job':
        return (await this.db.job.findFirst({ where: { organizationId, id }, select: { title: true } }))?.title ?? null;
      case 'part': {
        const p = await this.db.part.findFirst({
          where: { organizationId, id },
          select: { partNumber: true, nameZh: true },
        });
        return p ? `${p.partNumber} ${p.nameZh}` : null;
      }
      default:
        return null;
    }
  }

  draft(organizationId: string, id: string) {
    return this.db.draft.findFirst({
      where: { organizationId, id },
      select: { id: true, status: true, title: true, createdByUserId: true },
    });
  }

  execution(organizationId: string, id: string) {
    return this.db.execution.findFirst({
      where: { organizationId, id },
      select: {
        id: true,
        status: true,
        draftId: true,
        initiatorMembershipId: true,
        draft: { select: { title: true, createdByUserId: true } },
      },
    });
  }

  /** ACTIVE memberships of these users in the org. */
  membershipsOfUsers(organizationId: string, userIds: (string | null)[]) {
    const ids = [...new Set(userIds.filter((x): x is string => !!x))];
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.membership.findMany({
      where: { organizationId, status: 'ACTIVE', userId: { in: ids } },
      select: { id: true, role: true },
    });
  }

  membersWithRoles(organizationId: string, roles: string[]) {
    return this.db.membership.findMany({
      where: { organizationId, status: 'ACTIVE', role: { in: roles as Prisma.EnumRoleFilter['in'] } },
      select: { id: true, role: true },
      orderBy: { id: 'asc' },
    });
  }

  /** Inserts the deliveries (a dedupe key seen before is skipped) and returns those that are new. */
  async insertDeliveries(tx: Tx, rows: NewDelivery[]) {
    if (rows.length === 0) return [];
    await tx.notificationDelivery.createMany({ data: rows, skipDuplicates: true });
    const created = await tx.notificationDelivery.findMany({
      where: { id: { in: rows.map((r) => r.id) } },
      select: { id: true, notBefore: true },
    });
    return created;
  }

  findDelivery(organizationId: string, id: string) {
    return this.db.notificationDelivery.findFirst({ where: { organizationId, id } });
  }

  pushSubscription(organizationId: string, id: string) {
    return this.db.pushSubscription.findFirst({ where: { organizationId, id } });
  }

  bot(organizationId: string, id: string) {
    return this.db.notificationChannel.findFirst({ where: { organizationId, id } });
  }

  memberStatus(organizationId: string, id: string) {
    return this.db.membership.findFirst({ where: { organizationId, id }, select: { status: true } });
  }

  costStatus(organizationId: string, id: string) {
    return this.db.costDocument.findFirst({ where: { organizationId, id }, select: { status: true } });
  }

  /** Moves a delivery only from the attempt count it was read at (a duplicate run changes nothing). */
  moveDelivery(tx: Tx, id: string, fromAttempts: number, data: Prisma.NotificationDeliveryUpdateManyMutationInput) {
    return tx.notificationDelivery.updateMany({
      where: { id, attempts: fromAttempts, status: { in: ['PENDING', 'RETRYING'] } },
      data,
    });
  }

  async dropSubscription(organizationId: string, id: string): Promise<void> {
    await this.db.pushSubscription.deleteMany({ where: { organizationId, id } });
  }

  async touchSubscription(organizationId: string, id: string, at: Date): Promise<void> {
    await this.db.pushSubscription.updateMany({ where: { organizationId, id }, data: { lastSuccessAt: at } });
  }
}
