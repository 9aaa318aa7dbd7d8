import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZPurchase,
  ZReceivePurchaseRequest,
  ZReceivePurchaseResponse,
  ZStockDemandQuery,
  ZStockDemandResponse,
  type TReceivePurchaseRequest,
  type TStockDemandQuery,
} from '@amms/contracts/inventory';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import type { OrgContext } from '../platform/access/context.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import { PurchasesService } from './purchases.service.js';
import { StockQueriesService } from './stock-queries.service.js';

const ZIdParam = z.uuid();

/** Expected demand of due maintenance, and purchases (executed PURCHASE drafts): read and receive. */
@ApiTags('inventory')
@ApiBearerAuth()
@Controller('orgs/:orgId')
export class PurchasesController {
  constructor(
    private readonly queries: StockQueriesService,
    private readonly purchases: PurchasesService,
  ) {}

  @RequirePermission('inventory.read')
  @Get('stock/demand')
  @ApiOperation({ summary: 'Parts that the maintenance due within N days needs (plan checklists), per part' })
  @Returns(ZStockDemandResponse)
  demand(@Ctx() ctx: OrgContext, @Query({ schema: ZStockDemandQuery }) q: TStockDemandQuery) {
    return this.queries.demandList(ctx, q.withinDays);
  }

  @RequirePermission('inventory.read')
  @Get('purchases/:costDocumentId')
  @ApiOperation({ summary: 'The purchase behind a PARTS cost document an executed PURCHASE draft wrote' })
  @Returns(ZPurchase)
  get(@Ctx() ctx: OrgContext, @Param('costDocumentId', { schema: ZIdParam }) id: string) {
    return this.purchases.get(ctx, id);
  }

  /**
   * What arrived: RECEIPT movements at the lines' locations and unit costs (moving average). 409
   * RECEIPT_EXCEEDS_ORDER past what is outstanding, PURCHASE_NOT_RECEIVABLE when the cost
   * document is rejected or back in DRAFT.
   */
  @RequirePermission('inventory.write')
  @Idempotent()
  @Post('purchases/:costDocumentId/receipts')
  @HttpCode(201)
  @ApiOperation({ summary: 'Receive a purchase (all outstanding, or the lines given)' })
  @Returns(ZReceivePurchaseResponse, 201)
  receive(
    @Ctx() ctx: OrgContext,
    @Param('costDocumentId', { schema: ZIdParam }) id: string,
    @Body({ schema: ZReceivePurchaseRequest }) b: TReceivePurchaseRequest,
  ) {
    return this.purchases.receive(ctx, id, b);
  }
}
