import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZAddWorkOrderPartRequest,
  ZCreateWorkOrderRequest,
  ZListWorkOrdersQuery,
  ZListWorkOrdersResponse,
  ZReasonRequest,
  ZSubmitWorkOrderRequest,
  ZUpdateChecklistItemRequest,
  ZUpdateWorkOrderRequest,
  ZWorkOrderDetail,
  ZWorkOrderTransitionRequest,
  type TAddWorkOrderPartRequest,
  type TCreateWorkOrderRequest,
  type TListWorkOrdersQuery,
  type TReasonRequest,
  type TSubmitWorkOrderRequest,
  type TUpdateChecklistItemRequest,
  type TUpdateWorkOrderRequest,
  type TWorkOrderTransitionRequest,
} from '@amms/contracts/maintenance';
import { Ctx, RequirePermission } from '../auth/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../tenancy/context.js';
import { WorkOrderTransitionsService } from './work-order-transitions.service.js';
import { WorkOrdersService } from './work-orders.service.js';
import { InvalidatesCache } from '../platform/cache/invalidates.js';

const ZIdParam = z.uuid();
/** transition bodies are optional: `{}` or no body at all */
const ZOptionalTransition = ZWorkOrderTransitionRequest.optional().transform((v) => v ?? {});

@ApiTags('maintenance')
@ApiBearerAuth()
@Controller('orgs/:orgId/work-orders')
@InvalidatesCache('analytics')
export class WorkOrdersController {
  constructor(
    private readonly orders: WorkOrdersService,
    private readonly transitions: WorkOrderTransitionsService,
  ) {}

  /** Reporters without maintenance.read (operators) list only the orders they reported. */
  @RequirePermission('maintenance.read', 'workorder.write')
  @Get()
  @Returns(ZListWorkOrdersResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListWorkOrdersQuery }) q: TListWorkOrdersQuery) {
    return this.orders.list(ctx, q);
  }

  @RequirePermission('maintenance.read', 'workorder.write')
  @Get(':id')
  @Returns(ZWorkOrderDetail)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.orders.get(ctx, id);
  }

  /** Operators report faults here too (workorder.write). */
  @RequirePermission('workorder.write')
  @Idempotent()
  @Post()
  @Returns(ZWorkOrderDetail, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateWorkOrderRequest }) body: TCreateWorkOrderRequest) {
    return this.orders.create(ctx, body);
  }

  @RequirePermission('workorder.write')
  @Patch(':id')
  @Returns(ZWorkOrderDetail)
  update(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZUpdateWorkOrderRequest }) body: TUpdateWorkOrderRequest) {
    return this.orders.update(ctx, id, body);
  }

  @RequirePermission('workorder.work')
  @Idempotent()
  @Post(':id/start')
  @HttpCode(200)
  @Returns(ZWorkOrderDetail)
  start(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZOptionalTransition }) body: TWorkOrderTransitionRequest) {
    return this.transitions.start(ctx, id, body);
  }

  @RequirePermission('workorder.work')
  @Idempotent()
  @Post(':id/submit')
  @HttpCode(200)
  @Returns(ZWorkOrderDetail)
  submit(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZSubmitWorkOrderRequest.optional().transform((v) => v ?? {}) }) body: TSubmitWorkOrderRequest) {
    return this.transitions.submit(ctx, id, body);
  }

  @RequirePermission('workorder.accept')
  @Idempotent()
  @Post(':id/accept')
  @HttpCode(200)
  @Returns(ZWorkOrderDetail)
  accept(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZOptionalTransition }) body: TWorkOrderTransitionRequest) {
    return this.transitions.accept(ctx, id, body);
  }

  @RequirePermission('workorder.accept')
  @Idempotent()
  @Post(':id/reject')
  @HttpCode(200)
  @Returns(ZWorkOrderDetail)
  reject(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZReasonRequest }) body: TReasonRequest) {
    return this.transitions.reject(ctx, id, body);
  }

  @RequirePermission('workorder.write')
  @Idempotent()
  @Post(':id/cancel')
  @HttpCode(200)
  @Returns(ZWorkOrderDetail)
  cancel(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZReasonRequest }) body: TReasonRequest) {
    return this.transitions.cancel(ctx, id, body);
  }

  @RequirePermission('workorder.work')
  @Patch(':id/checklist/:itemId')
  @Returns(ZWorkOrderDetail)
  checklist(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Param('itemId', { schema: ZIdParam }) itemId: string,
    @Body({ schema: ZUpdateChecklistItemRequest }) body: TUpdateChecklistItemRequest,
  ) {
    return this.orders.updateChecklistItem(ctx, id, itemId, body);
  }

  @RequirePermission('workorder.work')
  @Idempotent()
  @Post(':id/parts')
  @Returns(ZWorkOrderDetail, 201)
  addPart(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZAddWorkOrderPartRequest }) body: TAddWorkOrderPartRequest) {
    return this.orders.addPart(ctx, id, body);
  }
}
