import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZCreatePartRequest,
  ZListPartsQuery,
  ZListPartsResponse,
  ZPartDetail,
  ZPartMovementsQuery,
  ZPartMovementsResponse,
  ZUpdatePartRequest,
  ZWorkOrderPartsRequest,
  ZWorkOrderPartsView,
  type TCreatePartRequest,
  type TListPartsQuery,
  type TPartMovementsQuery,
  type TUpdatePartRequest,
  type TWorkOrderPartsRequest,
} from '@amms/contracts/inventory';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import type { OrgContext } from '../platform/access/context.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import { PartHistoryService } from './part-history.service.js';
import { PartsService } from './parts.service.js';
import { WorkOrderPartsService } from './work-order-parts.service.js';

const ZIdParam = z.uuid();

@ApiTags('inventory')
@ApiBearerAuth()
@Controller('orgs/:orgId/parts')
export class PartsController {
  constructor(
    private readonly parts: PartsService,
    private readonly history: PartHistoryService,
  ) {}

  @RequirePermission('inventory.read')
  @Get()
  @ApiOperation({ summary: 'The parts catalog (search by number, name or barcode; an exact barcode scan)' })
  @Returns(ZListPartsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListPartsQuery }) q: TListPartsQuery) {
    return this.parts.list(ctx, q);
  }

  @RequirePermission('inventory.read')
  @Get(':id')
  @ApiOperation({ summary: 'A part with its stock per location and the manual pages that name it' })
  @Returns(ZPartDetail)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.parts.get(ctx, id);
  }

  @RequirePermission('inventory.read')
  @Get(':id/movements')
  @ApiOperation({
    summary: "A part's stock movements across the caller's locations, newest first (who, when, the work order)",
  })
  @Returns(ZPartMovementsResponse)
  movements(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Query({ schema: ZPartMovementsQuery }) q: TPartMovementsQuery,
  ) {
    return this.history.list(ctx, id, q);
  }

  @RequirePermission('inventory.write')
  @Idempotent()
  @Post()
  @Returns(ZPartDetail, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreatePartRequest }) body: TCreatePartRequest) {
    return this.parts.create(ctx, body);
  }

  @RequirePermission('inventory.write')
  @Patch(':id')
  @Returns(ZPartDetail)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdatePartRequest }) body: TUpdatePartRequest,
  ) {
    return this.parts.update(ctx, id, body);
  }
}

@ApiTags('inventory')
@ApiBearerAuth()
@Controller('orgs/:orgId/work-orders')
export class WorkOrderPartsController {
  constructor(private readonly woParts: WorkOrderPartsService) {}

  @RequirePermission('inventory.read', 'maintenance.read')
  @Get(':id/stock-parts')
  @ApiOperation({ summary: "A work order's reservations, issues and returns, and its parts cost from stock" })
  @Returns(ZWorkOrderPartsView)
  view(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.woParts.view(ctx, id);
  }

  /** Reserve, issue, return or unreserve (the field app queues it offline with its Idempotency-Key). */
  @RequirePermission('inventory.write', 'workorder.write')
  @Idempotent()
  @Post(':id/stock-parts')
  @ApiOperation({ summary: 'Reserve / issue / return / unreserve a part for the work order' })
  @Returns(ZWorkOrderPartsView, 201)
  act(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZWorkOrderPartsRequest }) body: TWorkOrderPartsRequest,
  ) {
    return this.woParts.act(ctx, id, body);
  }
}
