import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService } from '../platform/prisma/prisma.service.js';
import { memberFactsSelect } from '../tenancy/memberships.repository.js';

export interface NewNotification {
  recipientMembershipId: string;
  type: string;
  resourceType: string;
  resourceId: string;
  reason: string;
  title: string | null;
  jobIds: string[];
}

/** Active members of an org with their role, data scope and teams: candidates for a notification. */
export type CandidateRow = Prisma.MembershipGetPayload<{ select: typeof memberFactsSelect }>;

@Injectable()
export class NotificationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  findEvent(organizationId: string, eventId: string) {
    return this.db.webhookEvent.findFirst({ where: { id: eventId, organizationId } });
  }

  /** The ACTIVE memberships among `ids` (duplicates and nulls ignored), or every ACTIVE one with a role in `roles`. */
  members(organizationId: string, by: { ids?: (string | null)[]; roles?: string[]; userIds?: (string | null)[] }) {
    const ids = [...new Set((by.ids ?? []).filter((x): x is string => !!x))];
    const userIds = [...new Set((by.userIds ?? []).filter((x): x is string => !!x))];
    const or: Prisma.MembershipWhereInput[] = [];
    if (ids.length) or.push({ id: { in: ids } });
    if (userIds.length) or.push({ userId: { in: userIds } });
    if (by.roles?.length) or.push({ role: { in: by.roles as Prisma.EnumRoleFilter['in'] } });
    if (or.length === 0) return Promise.resolve([] as CandidateRow[]);
    return this.db.membership.findMany({
      where: { organizationId, status: 'ACTIVE', OR: or },
      select: memberFactsSelect,
      orderBy: { id: 'asc' },
    });
  }

  /** A machine's active fault codes, oldest first (the title of a fault notification). */
  async activeFaultCodes(organizationId: string, assetId: string): Promise<string[]> {
    const rows = await this.db.assetFault.findMany({
      where: { organizationId, assetId, clearedAt: null },
      orderBy: [{ firstSeenAt: 'asc' }, { code: 'asc' }],
      select: { code: true },
      take: 10,
    });
    return rows.map((r) => r.code);
  }

  workOrderPeople(organizationId: string, id: string) {
    return this.db.workOrder.findFirst({
      where: { id, organizationId },
      select: {
        assigneeMembershipId: true,
        reportedByMembershipId: true,
        submittedByMembershipId: true,
      },
    });
  }

  costDocumentPeople(organizationId: string, id: string) {
    return this.db.costDocument.findFirst({
      where: { id, organizationId },
      select: { createdByMembershipId: true, createdByUserId: true, submittedByUserId: true },
    });
  }

  /** A draft's kind and title (a purchase draft's notification). */
  draft(organizationId: string, id: string) {
    return this.db.draft.findFirst({ where: { id, organizationId }, select: { kind: true, title: true } });
  }

  /** The asset's status now. */
  assetStatus(organizationId: string, id: string) {
    return this.db.asset.findFirst({ where: { id, organizationId }, select: { status: true } });
  }

  /** Jobs not yet finished whose live assignment uses the machine and whose window has not ended. */
  affectedJobs(organizationId: string, assetId: string, now: Date) {
    return this.db.assignment.findMany({
      where: {
        organizationId,
        releasedAt: null,
        endsAt: { gt: now },
        machines: { some: { assetId } },
        job: { status: { in: ['SCHEDULED', 'IN_PROGRESS'] } },
      },
      select: { jobId: true, operatorMembershipId: true, createdByUserId: true },
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
      take: 200,
    });
  }

  /** One row per (event, recipient): a repeated fan-out (a retried job) adds nothing. */
  async insert(organizationId: string, eventId: string, rows: NewNotification[]): Promise<number> {
    if (rows.length === 0) return 0;
    const r = await this.db.notification.createMany({
      data: rows.map((n) => ({ ...n, organizationId, eventId })),
      skipDuplicates: true,
    });
    return r.count;
  }

  list(
    organizationId: string,
    recipientMembershipId: string,
    f: { unread?: boolean; after?: { createdAt: Date; id: string }; limit: number },
  ) {
    return this.db.notification.findMany({
      where: {
        organizationId,
        recipientMembershipId,
        ...(f.unread ? { readAt: null } : {}),
        ...(f.after
          ? {
              OR: [{ createdAt: { lt: f.after.createdAt } }, { createdAt: f.after.createdAt, id: { lt: f.after.id } }],
            }
          : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: f.limit,
    });
  }

  unreadCount(organizationId: string, recipientMembershipId: string) {
    return this.db.notification.count({ where: { organizationId, recipientMembershipId, readAt: null } });
  }

  find(organizationId: string, recipientMembershipId: string, id: string) {
    return this.db.notification.findFirst({ where: { id, organizationId, recipientMembershipId } });
  }

  /** Sets readAt once (a second read keeps the first time). */
  async markRead(organizationId: string, recipientMembershipId: string, id: string, at: Date) {
    await this.db.notification.updateMany({
      where: { id, organizationId, recipientMembershipId, readAt: null },
      data: { readAt: at },
    });
    return this.find(organizationId, recipientMembershipId, id);
  }

  async markAllRead(organizationId: string, recipientMembershipId: string, at: Date): Promise<number> {
    const r = await this.db.notification.updateMany({
      where: { organizationId, recipientMembershipId, readAt: null },
      data: { readAt: at },
    });
    return r.count;
  }
}
