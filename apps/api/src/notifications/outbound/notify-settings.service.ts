import { Inject, Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import {
  type TCreatePushSubscription,
  type TNotificationPreferences,
  type TPushKey,
  type TPushSubscription,
  type TUpdateNotificationPreferences,
} from '@amms/contracts/notify-channels';
import type { TRole } from '@amms/contracts/permissions';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { AppError } from '../../platform/errors/app-error.js';
import { PrismaService } from '../../platform/prisma/prisma.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { checkTarget } from '../../integrations/webhooks/ssrf.js';
import { channelCarries, effectiveChoices, isTimeZone } from './preferences.js';

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message, code: 'custom' }]);

const memberOnly = () => new AppError('FORBIDDEN', 'Only a member has notification settings');

/** A member's own choices and devices: nobody reads or changes another member's. */
@Injectable()
export class NotifySettingsService {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get db() {
    return this.prisma.client;
  }

  private me(ctx: OrgContext): string {
    if (!ctx.membershipId || ctx.principal.kind !== 'USER') throw memberOnly();
    return ctx.membershipId;
  }

  async get(ctx: OrgContext): Promise<TNotificationPreferences> {
    const me = this.me(ctx);
    const [pref, org, devices] = await Promise.all([
      this.db.notificationPreference.findFirst({ where: { organizationId: ctx.organizationId, membershipId: me } }),
      this.db.organization.findUniqueOrThrow({ where: { id: ctx.organizationId }, select: { timezone: true } }),
      this.db.pushSubscription.count({ where: { organizationId: ctx.organizationId, membershipId: me } }),
    ]);
    return {
      channels: effectiveChoices(ctx.role as TRole, pref?.channels),
      quietStart: pref?.quietStart ?? null,
      quietEnd: pref?.quietEnd ?? null,
      timeZone: pref?.timeZone ?? org.timezone,
      isDefault: !pref,
      pushDevices: devices,
    };
  }

  /** Changes only what the body names; an event's list replaces that event's channels. */
  async update(ctx: OrgContext, body: TUpdateNotificationPreferences): Promise<TNotificationPreferences> {
    const me = this.me(ctx);
    for (const [event, channels] of Object.entries(body.channels ?? {}))
      for (const c of channels ?? [])
        if (!channelCarries(event as never, c)) throw invalid(`channels.${event}`, `${event} is not sent by ${c}`);
    if (body.timeZone && !isTimeZone(body.timeZone)) throw invalid('timeZone', 'not an IANA time zone');
    await this.db.$transaction(async (tx) => {
      const current = await tx.notificationPreference.findFirst({
        where: { organizationId: ctx.organizationId, membershipId: me },
      });
      const stored = { ...((current?.channels as Record<string, string[]> | undefined) ?? {}) };
      for (const [event, channels] of Object.entries(body.channels ?? {})) stored[event] = [...new Set(channels ?? [])];
      const data = {
        channels: stored as Prisma.InputJsonValue,
        ...(body.quietStart !== undefined ? { quietStart: body.quietStart, quietEnd: body.quietEnd ?? null } : {}),
        ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
      };
      await tx.notificationPreference.upsert({
        where: { membershipId: me },
        create: { membershipId: me, organizationId: ctx.organizationId, ...data },
        update: data,
      });
    });
    return this.get(ctx);
  }

  pushKey(): TPushKey {
    const vapid = this.config.notify.vapid;
    if (!vapid)
      throw new AppError('SERVICE_UNAVAILABLE', 'Web Push is not configured (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY)');
    return { publicKey: vapid.publicKey };
  }

  /** This device receives push for this member (the same endpoint again updates its keys). */
  async subscribe(
    ctx: OrgContext,
    body: TCreatePushSubscription,
    userAgent: string | undefined,
  ): Promise<TPushSubscription> {
    const me = this.me(ctx);
    this.pushKey();
    const url = new URL(body.endpoint);
    const verdict = await checkTarget(url, this.config.webhooks.allowHosts);
    if (!verdict.ok)
      throw new AppError('WEBHOOK_URL_REFUSED', `The push endpoint is refused: ${verdict.reason}`, {
        field: 'endpoint',
        reason: verdict.reason,
      });
    const data = { p256dh: body.keys.p256dh, auth: body.keys.auth, userAgent: userAgent?.slice(0, 300) ?? null };
    const row = await this.db.pushSubscription.upsert({
      where: { membershipId_endpoint: { membershipId: me, endpoint: body.endpoint } },
      create: { organizationId: ctx.organizationId, membershipId: me, endpoint: body.endpoint, ...data },
      update: data,
    });
    return { id: row.id, endpointHost: url.host, createdAt: row.createdAt.toISOString() };
  }

  /** This device no longer receives push (the browser unsubscribed); unknown endpoints are fine. */
  async unsubscribe(ctx: OrgContext, endpoint: string): Promise<{ removed: number }> {
    const me = this.me(ctx);
    const r = await this.db.pushSubscription.deleteMany({
      where: { organizationId: ctx.organizationId, membershipId: me, endpoint },
    });
    return { removed: r.count };
  }
}
