import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZAddWorkOrderPartRequest,
  ZCreateWorkOrderRequest,
  ZListWorkOrdersQuery,
  ZListWorkOrdersViewResponse,
  ZReasonRequest,
  ZSubmitWorkOrderRequest,
  ZUpdateChecklistItemRequest,
  ZUpdateWorkOrderRequest,
  ZWorkOrderDetailView,
  ZAcceptWorkOrderRequest,
  type TAcceptWorkOrderRequest,
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
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { ActionRoute } from '../platform/http/action-route.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { WorkOrderTransitionsService } from './work-order-transitions.service.js';
import { WorkOrdersService } from './work-orders.service.js';
import { InvalidatesCache } from '../platform/cache/invalidates.js';
import { listFor, presentDetail } from './maintenance.mappers.js';
import { PeopleService } from '../people/people.service.js';
import { AttachmentsService } from '../attachments/attachments.service.js';

const ZIdParam = z.uuid();
/** transition bodies are optional: `{}` or no body at all */
const ZOptionalTransition = ZWorkOrderTransitionRequest.optional().transform((v) => v ?? {});
const ZOptionalAccept = ZAcceptWorkOrderRequest.optional().transform((v) => v ?? {});

@ApiTags('maintenance')
@ApiBearerAuth()
@Controller('orgs/:orgId/work-orders')
// every answer goes through presentDetail / listFor: people named, no costs for a caller without maintenance.read
@InvalidatesCache('analytics')
export class WorkOrdersController {
  constructor(
    private readonly orders: WorkOrdersService,
    private readonly transitions: WorkOrderTransitionsService,
    private readonly people: PeopleService,
    private readonly attachments: AttachmentsService,
  ) {}

  /** Reporters without maintenance.read (operators) list only the orders they reported. */
  @RequirePermission('maintenance.read', 'workorder.write')
  @Get()
  @Returns(ZListWorkOrdersViewResponse)
  async list(@Ctx() ctx: OrgContext, @Query({ schema: ZListWorkOrdersQuery }) q: TListWorkOrdersQuery) {
    return listFor(ctx, await this.orders.list(ctx, q));
  }

  @RequirePermission('maintenance.read', 'workorder.write')
  @Get(':id')
  @Returns(ZWorkOrderDetailView)
  async get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    const order = await this.orders.get(ctx, id);
    const attachments = await this.attachments.listVisible(ctx.organizationId, 'WORK_ORDER', id);
    return { ...(await presentDetail(ctx, this.people, order)), attachments };
  }

  /** Operators report faults here too (workorder.write). */
  @RequirePermission('workorder.write')
  @Idempotent()
  @Post()
  @Returns(ZWorkOrderDetailView, 201)
  async create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateWorkOrderRequest }) body: TCreateWorkOrderRequest) {
    return presentDetail(ctx, this.people, await this.orders.create(ctx, body));
  }

  @RequirePermission('workorder.write')
  @Patch(':id')
  @Returns(ZWorkOrderDetailView)
  async update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateWorkOrderRequest }) body: TUpdateWorkOrderRequest,
  ) {
    return presentDetail(ctx, this.people, await this.orders.update(ctx, id, body));
  }

  @ActionRoute(':id/start', 'workorder.work', ZWorkOrderDetailView)
  async start(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZOptionalTransition }) body: TWorkOrderTransitionRequest,
  ) {
    return presentDetail(ctx, this.people, await this.transitions.start(ctx, id, body));
  }

  @ActionRoute(':id/submit', 'workorder.work', ZWorkOrderDetailView)
  async submit(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZSubmitWorkOrderRequest.optional().transform((v) => v ?? {}) }) body: TSubmitWorkOrderRequest,
  ) {
    return presentDetail(ctx, this.people, await this.transitions.submit(ctx, id, body));
  }

  @ActionRoute(':id/accept', 'workorder.accept', ZWorkOrderDetailView)
  async accept(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZOptionalAccept }) body: TAcceptWorkOrderRequest,
  ) {
    return presentDetail(ctx, this.people, await this.transitions.accept(ctx, id, body));
  }

  @ActionRoute(':id/reject', 'workorder.accept', ZWorkOrderDetailView)
  async reject(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZReasonRequest }) body: TReasonRequest,
  ) {
    return presentDetail(ctx, this.people, await this.transitions.reject(ctx, id, body));
  }

  @ActionRoute(':id/cancel', 'workorder.write', ZWorkOrderDetailView)
  async cancel(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZReasonRequest }) body: TReasonRequest,
  ) {
    return presentDetail(ctx, this.people, await this.transitions.cancel(ctx, id, body));
  }

  @RequirePermission('workorder.work')
  @Idempotent()
  @Patch(':id/checklist/:itemId')
  @Returns(ZWorkOrderDetailView)
  async checklist(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Param('itemId', { schema: ZIdParam }) itemId: string,
    @Body({ schema: ZUpdateChecklistItemRequest }) body: TUpdateChecklistItemRequest,
  ) {
    return presentDetail(ctx, this.people, await this.orders.updateChecklistItem(ctx, id, itemId, body));
  }

  @RequirePermission('workorder.work')
  @Idempotent()
  @Post(':id/parts')
  @Returns(ZWorkOrderDetailView, 201)
  async addPart(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZAddWorkOrderPartRequest }) body: TAddWorkOrderPartRequest,
  ) {
    return presentDetail(ctx, this.people, await this.orders.addPart(ctx, id, body));
  }
}
