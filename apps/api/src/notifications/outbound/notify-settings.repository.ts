import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService } from '../../platform/prisma/prisma.service.js';

/** A member's notification choices and push devices (always bound to org + member). */
@Injectable()
export class NotifySettingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  private get db() {
    return this.prisma.client;
  }

  preference(organizationId: string, membershipId: string) {
    return this.db.notificationPreference.findFirst({ where: { organizationId, membershipId } });
  }

  async orgTimezone(organizationId: string): Promise<string> {
    return (await this.db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { timezone: true } }))
      .timezone;
  }

  devices(organizationId: string, membershipId: string) {
    return this.db.pushSubscription.count({ where: { organizationId, membershipId } });
  }

  /** Read-modify-write of the member's row in one transaction (`change` gets the stored channels). */
  async savePreference(
    organizationId: string,
    membershipId: string,
    change: (stored: Record<string, string[]>) => {
      channels: Record<string, string[]>;
      quietStart?: string | null;
      quietEnd?: string | null;
      timeZone?: string | null;
    },
  ): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const current = await tx.notificationPreference.findFirst({ where: { organizationId, membershipId } });
      const next = change({ ...((current?.channels as Record<string, string[]> | undefined) ?? {}) });
      const data = { ...next, channels: next.channels as Prisma.InputJsonValue };
      await tx.notificationPreference.upsert({
        where: { membershipId },
        create: { membershipId, organizationId, ...data },
        update: data,
      });
    });
  }

  upsertSubscription(
    organizationId: string,
    membershipId: string,
    endpoint: string,
    data: { p256dh: string; auth: string; userAgent: string | null },
  ) {
    return this.db.pushSubscription.upsert({
      where: { membershipId_endpoint: { membershipId, endpoint } },
      create: { organizationId, membershipId, endpoint, ...data },
      update: data,
    });
  }

  async removeSubscription(organizationId: string, membershipId: string, endpoint: string): Promise<number> {
    return (await this.db.pushSubscription.deleteMany({ where: { organizationId, membershipId, endpoint } })).count;
  }
}
