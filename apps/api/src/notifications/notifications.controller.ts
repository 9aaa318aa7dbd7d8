import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZListNotificationsQuery,
  ZListNotificationsResponse,
  ZNotification,
  ZReadAllNotificationsResponse,
  type TListNotificationsQuery,
} from '@amms/contracts/notifications';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { ActionRoute } from '../platform/http/action-route.js';
import { Returns } from '../platform/http/returns.js';
import type { OrgContext } from '../platform/access/context.js';
import { NotificationsService } from './notifications.service.js';

/** Every member reads their own notifications (org.read: every role has it). */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('orgs/:orgId/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** Newest first, with the unread count (`?unread=true`: unread only). */
  @RequirePermission('org.read')
  @Get()
  @Returns(ZListNotificationsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListNotificationsQuery }) q: TListNotificationsQuery) {
    return this.notifications.list(ctx, q);
  }

  @ActionRoute('read-all', 'org.read', ZReadAllNotificationsResponse)
  readAll(@Ctx() ctx: OrgContext) {
    return this.notifications.readAll(ctx);
  }

  @ActionRoute(':id/read', 'org.read', ZNotification)
  read(@Ctx() ctx: OrgContext, @Param('id', { schema: z.uuid() }) id: string) {
    return this.notifications.read(ctx, id);
  }
}
