import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ZPageQuery, type TPageQuery } from '@amms/contracts/common';
import {
  ZCreateWebhookRequest,
  ZListWebhookDeliveriesQuery,
  ZListWebhookDeliveriesResponse,
  ZListWebhooksResponse,
  ZRotateWebhookSecretRequest,
  ZUpdateWebhookRequest,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookSecretResponse,
  type TCreateWebhookRequest,
  type TListWebhookDeliveriesQuery,
  type TRotateWebhookSecretRequest,
  type TUpdateWebhookRequest,
} from '@amms/contracts/webhooks';
import { Ctx, RequirePermission } from '../../platform/access/decorators.js';
import { Idempotent } from '../../platform/idempotency/idempotency.interceptor.js';
import { ActionRoute } from '../../platform/http/action-route.js';
import { Returns } from '../../platform/http/returns.js';
import type { OrgContext } from '../../platform/access/context.js';
import { WebhooksService } from './webhooks.service.js';

const ZIdParam = z.uuid();

@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('orgs/:orgId/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @RequirePermission('webhook.manage')
  @Get()
  @Returns(ZListWebhooksResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZPageQuery }) q: TPageQuery) {
    return this.webhooks.list(ctx, q.limit, q.cursor);
  }

  /** The signing secret is in this answer only (and in the rotation's). */
  @RequirePermission('webhook.manage')
  @Idempotent()
  @Post()
  @Returns(ZWebhookSecretResponse, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateWebhookRequest }) body: TCreateWebhookRequest) {
    return this.webhooks.create(ctx, body);
  }

  @RequirePermission('webhook.manage')
  @Get(':id')
  @Returns(ZWebhookEndpoint)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.webhooks.get(ctx, id);
  }

  @RequirePermission('webhook.manage')
  @Patch(':id')
  @Returns(ZWebhookEndpoint)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateWebhookRequest }) body: TUpdateWebhookRequest,
  ) {
    return this.webhooks.update(ctx, id, body);
  }

  @RequirePermission('webhook.manage')
  @Delete(':id')
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.webhooks.remove(ctx, id);
  }

  @ActionRoute(':id/rotate-secret', 'webhook.manage', ZWebhookSecretResponse)
  rotate(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZRotateWebhookSecretRequest }) body: TRotateWebhookSecretRequest,
  ) {
    return this.webhooks.rotateSecret(ctx, id, body);
  }

  @RequirePermission('webhook.manage')
  @Get(':id/deliveries')
  @Returns(ZListWebhookDeliveriesResponse)
  deliveries(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Query({ schema: ZListWebhookDeliveriesQuery }) q: TListWebhookDeliveriesQuery,
  ) {
    return this.webhooks.deliveries(ctx, id, q);
  }

  @RequirePermission('webhook.manage')
  @Get(':id/deliveries/:deliveryId')
  @Returns(ZWebhookDelivery)
  delivery(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Param('deliveryId', { schema: ZIdParam }) deliveryId: string,
  ) {
    return this.webhooks.delivery(ctx, id, deliveryId);
  }

  @RequirePermission('webhook.manage')
  @Idempotent()
  @Post(':id/deliveries/:deliveryId/redeliver')
  @Returns(ZWebhookDelivery, 202)
  @HttpCode(202)
  redeliver(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Param('deliveryId', { schema: ZIdParam }) deliveryId: string,
  ) {
    return this.webhooks.redeliver(ctx, id, deliveryId);
  }
}
