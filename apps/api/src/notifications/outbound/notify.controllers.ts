import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZCreateNotificationChannel,
  ZCreatePushSubscription,
  ZDeletePushSubscription,
  ZListNotificationChannels,
  ZListNotificationDeliveries,
  ZListNotificationDeliveriesQuery,
  ZNotificationChannel,
  ZNotificationPreferences,
  ZPushKey,
  ZPushSubscription,
  ZTestNotificationChannelResponse,
  ZUpdateNotificationChannel,
  ZUpdateNotificationPreferences,
  type TCreateNotificationChannel,
  type TCreatePushSubscription,
  type TDeletePushSubscription,
  type TListNotificationDeliveriesQuery,
  type TUpdateNotificationChannel,
  type TUpdateNotificationPreferences,
} from '@amms/contracts/notify-channels';
import { Ctx, RequirePermission } from '../../platform/access/decorators.js';
import { Idempotent } from '../../platform/idempotency/idempotency.interceptor.js';
import { ActionRoute } from '../../platform/http/action-route.js';
import { Returns } from '../../platform/http/returns.js';
import type { OrgContext } from '../../platform/access/context.js';
import { NotifyChannelsService } from './notify-channels.service.js';
import { NotifySettingsService } from './notify-settings.service.js';

const ZIdParam = z.uuid();

/** A member's own notification settings and push devices (org.read: every role has it). */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('orgs/:orgId/notification-settings')
export class NotificationSettingsController {
  constructor(private readonly settings: NotifySettingsService) {}

  /** Per event, the channels that reach me (defaults by role until I choose), my quiet hours and zone. */
  @RequirePermission('org.read')
  @Get()
  @Returns(ZNotificationPreferences)
  get(@Ctx() ctx: OrgContext) {
    return this.settings.get(ctx);
  }

  @RequirePermission('org.read')
  @Patch()
  @Returns(ZNotificationPreferences)
  update(
    @Ctx() ctx: OrgContext,
    @Body({ schema: ZUpdateNotificationPreferences }) body: TUpdateNotificationPreferences,
  ) {
    return this.settings.update(ctx, body);
  }

  /** The VAPID public key a browser subscribes with (503 when Web Push is not configured). */
  @RequirePermission('org.read')
  @Get('push-key')
  @Returns(ZPushKey)
  pushKey() {
    return this.settings.pushKey();
  }

  /** This browser receives push for me (the PushSubscription's JSON). */
  @ActionRoute('push-subscriptions', 'org.read', ZPushSubscription, 201)
  subscribe(
    @Ctx() ctx: OrgContext,
    @Body({ schema: ZCreatePushSubscription }) body: TCreatePushSubscription,
    @Headers('user-agent') userAgent?: string,
  ) {
    return this.settings.subscribe(ctx, body, userAgent);
  }

  @ActionRoute('push-subscriptions/remove', 'org.read', z.object({ removed: z.number().int() }))
  unsubscribe(@Ctx() ctx: OrgContext, @Body({ schema: ZDeletePushSubscription }) body: TDeletePushSubscription) {
    return this.settings.unsubscribe(ctx, body.endpoint);
  }
}

/** Group bots (WeCom, DingTalk, Feishu) for the org or a team, per event; admins (notify.manage). */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('orgs/:orgId')
export class NotificationChannelsController {
  constructor(private readonly channels: NotifyChannelsService) {}

  @RequirePermission('notify.manage')
  @Get('notification-channels')
  @Returns(ZListNotificationChannels)
  list(@Ctx() ctx: OrgContext) {
    return this.channels.list(ctx);
  }

  /** The URL and signing secret are never answered back (the URL's token is cut). */
  @RequirePermission('notify.manage')
  @Idempotent()
  @Post('notification-channels')
  @Returns(ZNotificationChannel, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateNotificationChannel }) body: TCreateNotificationChannel) {
    return this.channels.create(ctx, body);
  }

  @RequirePermission('notify.manage')
  @Patch('notification-channels/:id')
  @Returns(ZNotificationChannel)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateNotificationChannel }) body: TUpdateNotificationChannel,
  ) {
    return this.channels.update(ctx, id, body);
  }

  @RequirePermission('notify.manage')
  @Delete('notification-channels/:id')
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.channels.remove(ctx, id);
  }

  /** Sends a test message to the group through the queue (see it in the delivery log). */
  @ActionRoute('notification-channels/:id/test', 'notify.manage', ZTestNotificationChannelResponse)
  test(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.channels.test(ctx, id);
  }

  /** Every message sent outside the app: to whom, on which channel, its state and last error. */
  @RequirePermission('notify.manage')
  @Get('notification-deliveries')
  @Returns(ZListNotificationDeliveries)
  deliveries(
    @Ctx() ctx: OrgContext,
    @Query({ schema: ZListNotificationDeliveriesQuery }) q: TListNotificationDeliveriesQuery,
  ) {
    return this.channels.deliveries(ctx, q);
  }
}
