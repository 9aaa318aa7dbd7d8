import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../platform/prisma/prisma.service.js';

/** What the daily scan reads: orgs, tomorrow's assignments, what waits for each member. */
@Injectable()
export class OutboundScanRepository {
  constructor(private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  orgs() {
    return this.db.organization.findMany({ select: { id: true, timezone: true } });
  }

  /** Live assignments of scheduled jobs starting in [from, to). */
  assignmentsStarting(organizationId: string, from: Date, to: Date) {
    return this.db.assignment.findMany({
      where: { organizationId, releasedAt: null, startsAt: { gte: from, lt: to }, job: { status: 'SCHEDULED' } },
      select: { id: true, jobId: true, startsAt: true, operatorMembershipId: true, job: { select: { title: true } } },
      orderBy: { startsAt: 'asc' },
      take: 2000,
    });
  }

  activeMembers(organizationId: string) {
    return this.db.membership.findMany({
      where: { organizationId, status: 'ACTIVE' },
      select: { id: true, role: true, dataScope: true, user: { select: { locale: true } } },
    });
  }

  waitingCosts(organizationId: string) {
    return this.db.costDocument.count({ where: { organizationId, status: 'SUBMITTED' } });
  }

  unread(organizationId: string, recipientMembershipId: string) {
    return this.db.notification.findMany({
      where: { organizationId, recipientMembershipId, readAt: null },
      orderBy: { createdAt: 'desc' },
      take: 10,
      select: { title: true, type: true },
    });
  }
}
