import { Injectable } from '@nestjs/common';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

/** What the weekly purchase draft reads and claims: orgs, open PURCHASE drafts, the week's receipt. */
@Injectable()
export class WeeklyPurchaseRepository {
  constructor(private readonly prisma: PrismaService) {}

  organizations() {
    return this.prisma.client.organization.findMany({ select: { id: true, timezone: true } });
  }

  timezone(organizationId: string) {
    return this.prisma.client.organization.findUnique({ where: { id: organizationId }, select: { timezone: true } });
  }

  openPurchaseDrafts(organizationId: string): Promise<number> {
    return this.prisma.client.draft.count({ where: { organizationId, kind: 'PURCHASE', status: 'OPEN' } });
  }

  /**
   * Claims the org's week once (under a transaction-level advisory lock on org + week): false when
   * an earlier run of this week claimed it. The receipt is the audit event `purchase.weekly_drafted`
   * with the week as its entity (the database decides "done", not BullMQ).
   */
  async claimWeek(organizationId: string, week: string, write: (tx: Tx) => Promise<void>): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`weekly-purchase:${organizationId}:${week}`}, 0))`;
      const done = await tx.auditEvent.count({
        where: { organizationId, action: 'purchase.weekly_drafted', entityType: 'purchase_week', entityId: week },
      });
      if (done > 0) return false;
      await write(tx);
      return true;
    });
  }
}
