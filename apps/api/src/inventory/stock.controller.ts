import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZCreateStockCountRequest,
  ZCreateStockLocationRequest,
  ZCreateStockMovementRequest,
  ZDecideWriteOffRequest,
  ZInventorySettings,
  ZListStockLocationsResponse,
  ZListWriteOffsResponse,
  ZLowStockResponse,
  ZSetReorderRequest,
  ZStockCount,
  ZStockLocation,
  ZStockMovementResult,
  ZStockQuery,
  ZStockResponse,
  ZStockRow,
  ZWriteOffRequest,
  type TCreateStockCountRequest,
  type TCreateStockLocationRequest,
  type TCreateStockMovementRequest,
  type TInventorySettings,
  type TSetReorderRequest,
  type TStockQuery,
} from '@amms/contracts/inventory';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import type { OrgContext } from '../platform/access/context.js';
import { ActionRoute } from '../platform/http/action-route.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import { StockAdminService } from './stock-admin.service.js';
import { StockMovementsService } from './stock-movements.service.js';
import { StockQueriesService } from './stock-queries.service.js';

const ZIdParam = z.uuid();

@ApiTags('inventory')
@ApiBearerAuth()
@Controller('orgs/:orgId')
export class StockController {
  constructor(
    private readonly queries: StockQueriesService,
    private readonly movements: StockMovementsService,
    private readonly admin: StockAdminService,
  ) {}

  @RequirePermission('inventory.read')
  @Get('stock-locations')
  @Returns(ZListStockLocationsResponse)
  async locations(@Ctx() ctx: OrgContext) {
    return { items: await this.admin.locations(ctx) };
  }

  @RequirePermission('inventory.write')
  @Idempotent()
  @Post('stock-locations')
  @Returns(ZStockLocation, 201)
  createLocation(
    @Ctx() ctx: OrgContext,
    @Body({ schema: ZCreateStockLocationRequest }) b: TCreateStockLocationRequest,
  ) {
    return this.admin.createLocation(ctx, b);
  }

  /**
   * One movement. 201 with `status: POSTED` and the movement, or (a write-off over the org's
   * threshold) `status: PENDING_APPROVAL` with the write-off a second person decides; 409
   * INSUFFICIENT_STOCK names what is available here and where else.
   */
  @RequirePermission('inventory.write', 'inventory.adjust', 'workorder.write')
  @Idempotent()
  @Post('stock-movements')
  @ApiOperation({ summary: 'Receipt, issue, return, transfer, adjustment or write-off' })
  @Returns(ZStockMovementResult, 201)
  move(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateStockMovementRequest }) b: TCreateStockMovementRequest) {
    return this.movements.post(ctx, b);
  }

  @RequirePermission('inventory.read')
  @Get('stock')
  @ApiOperation({ summary: 'On hand, reserved and available per part and location' })
  @Returns(ZStockResponse)
  async stock(@Ctx() ctx: OrgContext, @Query({ schema: ZStockQuery }) q: TStockQuery) {
    return { items: await this.queries.rows(ctx, q) };
  }

  @RequirePermission('inventory.read')
  @Get('stock/low')
  @ApiOperation({ summary: 'Parts at or below their reorder point, with supplier and lead time' })
  @Returns(ZLowStockResponse)
  async low(@Ctx() ctx: OrgContext) {
    return { items: await this.queries.low(ctx) };
  }

  @RequirePermission('inventory.write')
  @Put('stock/reorder')
  @ApiOperation({ summary: 'Set or clear the reorder point and quantity of a part at a location' })
  @Returns(ZStockRow)
  reorder(@Ctx() ctx: OrgContext, @Body({ schema: ZSetReorderRequest }) b: TSetReorderRequest) {
    return this.queries.setReorder(ctx, b);
  }

  @RequirePermission('inventory.adjust')
  @Idempotent()
  @Post('stock-counts')
  @Returns(ZStockCount, 201)
  createCount(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateStockCountRequest }) b: TCreateStockCountRequest) {
    return this.admin.createCount(ctx, b);
  }

  @RequirePermission('inventory.read')
  @Get('stock-counts/:id')
  @Returns(ZStockCount)
  getCount(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.admin.getCount(ctx, id);
  }

  @ActionRoute('stock-counts/:id/confirm', 'inventory.adjust', ZStockCount)
  confirmCount(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.admin.confirmCount(ctx, id);
  }

  @RequirePermission('inventory.adjust')
  @Get('stock-write-offs')
  @Returns(ZListWriteOffsResponse)
  async writeOffs(@Ctx() ctx: OrgContext) {
    return { items: await this.admin.writeOffs(ctx) };
  }

  @ActionRoute('stock-write-offs/:id/approve', 'inventory.adjust', ZStockMovementResult)
  approve(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZDecideWriteOffRequest }) _b: unknown,
  ) {
    return this.admin.decideWriteOff(ctx, id, true);
  }

  @ActionRoute('stock-write-offs/:id/reject', 'inventory.adjust', ZWriteOffRequest)
  reject(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZDecideWriteOffRequest }) _b: unknown,
  ) {
    return this.admin.decideWriteOff(ctx, id, false);
  }

  @RequirePermission('inventory.read')
  @Get('inventory-settings')
  @Returns(ZInventorySettings)
  settings(@Ctx() ctx: OrgContext) {
    return this.admin.settings(ctx);
  }

  @RequirePermission('member.manage')
  @Patch('inventory-settings')
  @HttpCode(200)
  @Returns(ZInventorySettings)
  updateSettings(@Ctx() ctx: OrgContext, @Body({ schema: ZInventorySettings }) b: TInventorySettings) {
    return this.admin.updateSettings(ctx, b);
  }
}
