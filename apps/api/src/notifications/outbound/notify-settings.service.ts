import { Inject, Injectable } from '@nestjs/common';
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
import { NotifySettingsRepository } from './notify-settings.repository.js';
import type { OrgContext } from '../../platform/access/context.js';
import { checkTarget } from '../../platform/http/ssrf.js';
import { channelCarries, effectiveChoices, isTimeZone } from './preferences.js';

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message, code: 'custom' }]);

const memberOnly = () => new AppError('FORBIDDEN', 'Only a member has notification settings');

/** A member's own choices and devices: nobody reads or changes another member's. */
@Injectable()
export class NotifySettingsService {
  constructor(
    private readonly repo: NotifySettingsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private me(ctx: OrgContext): string {
    if (!ctx.membershipId || ctx.principal.kind !== 'USER') throw memberOnly();
    return ctx.membershipId;
  }

  async get(ctx: OrgContext): Promise<TNotificationPreferences> {
    const me = this.me(ctx);
    const [pref, timeZone, devices] = await Promise.all([
      this.repo.preference(ctx.organizationId, me),
      this.repo.orgTimezone(ctx.organizationId),
      this.repo.devices(ctx.organizationId, me),
    ]);
    return {
      channels: effectiveChoices(ctx.role as TRole, pref?.channels),
      quietStart: pref?.quietStart ?? null,
      quietEnd: pref?.quietEnd ?? null,
      timeZone: pref?.timeZone ?? timeZone,
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
    await this.repo.savePreference(ctx.organizationId, me, (stored) => {
      for (const [event, channels] of Object.entries(body.channels ?? {})) stored[event] = [...new Set(channels ?? [])];
      return {
        channels: stored,
        ...(body.quietStart !== undefined ? { quietStart: body.quietStart, quietEnd: body.quietEnd ?? null } : {}),
        ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
      };
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
    const row = await this.repo.upsertSubscription(ctx.organizationId, me, body.endpoint, data);
    return { id: row.id, endpointHost: url.host, createdAt: row.createdAt.toISOString() };
  }

  /** This device no longer receives push (the browser unsubscribed); unknown endpoints are fine. */
  async unsubscribe(ctx: OrgContext, endpoint: string): Promise<{ removed: number }> {
    const me = this.me(ctx);
    return { removed: await this.repo.removeSubscription(ctx.organizationId, me, endpoint) };
  }
}
