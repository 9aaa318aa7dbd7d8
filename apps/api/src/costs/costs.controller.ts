import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZCostDocumentDetail,
  ZCostTransitionRequest,
  ZCreateCostDocumentRequest,
  ZListCostDocumentsQuery,
  ZListCostDocumentsResponse,
  ZRejectCostDocumentRequest,
  ZUpdateCostDocumentRequest,
  type TCostTransitionRequest,
  type TCreateCostDocumentRequest,
  type TListCostDocumentsQuery,
  type TRejectCostDocumentRequest,
  type TUpdateCostDocumentRequest,
} from '@amms/contracts/costs';
import { Ctx, RequirePermission } from '../auth/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../tenancy/context.js';
import { CostsService } from './costs.service.js';
import { InvalidatesCache } from '../platform/cache/invalidates.js';

const ZIdParam = z.uuid();

@ApiTags('costs')
@ApiBearerAuth()
@Controller('orgs/:orgId/cost-documents')
@InvalidatesCache('analytics')
export class CostsController {
  constructor(private readonly costs: CostsService) {}

  @RequirePermission('cost.read')
  @Get()
  @Returns(ZListCostDocumentsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListCostDocumentsQuery }) q: TListCostDocumentsQuery) {
    return this.costs.list(ctx, q);
  }

  @RequirePermission('cost.read')
  @Get(':id')
  @Returns(ZCostDocumentDetail)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.costs.get(ctx, id);
  }

  @RequirePermission('cost.write')
  @Idempotent()
  @Post()
  @Returns(ZCostDocumentDetail, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateCostDocumentRequest }) body: TCreateCostDocumentRequest) {
    return this.costs.create(ctx, body);
  }

  @RequirePermission('cost.write')
  @Patch(':id')
  @Returns(ZCostDocumentDetail)
  update(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZUpdateCostDocumentRequest }) body: TUpdateCostDocumentRequest) {
    return this.costs.update(ctx, id, body);
  }

  @RequirePermission('cost.write')
  @Delete(':id')
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.costs.remove(ctx, id);
  }

  @RequirePermission('cost.write')
  @Idempotent()
  @Post(':id/submit')
  @HttpCode(200)
  @Returns(ZCostDocumentDetail)
  submit(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZCostTransitionRequest }) body: TCostTransitionRequest) {
    return this.costs.submit(ctx, id, body.version);
  }

  @RequirePermission('cost.approve')
  @Idempotent()
  @Post(':id/approve')
  @HttpCode(200)
  @Returns(ZCostDocumentDetail)
  approve(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZCostTransitionRequest }) body: TCostTransitionRequest) {
    return this.costs.approve(ctx, id, body.version);
  }

  @RequirePermission('cost.approve')
  @Idempotent()
  @Post(':id/reject')
  @HttpCode(200)
  @Returns(ZCostDocumentDetail)
  reject(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZRejectCostDocumentRequest }) body: TRejectCostDocumentRequest) {
    return this.costs.reject(ctx, id, body.reason, body.version);
  }

  @RequirePermission('cost.write')
  @Idempotent()
  @Post(':id/reopen')
  @HttpCode(200)
  @Returns(ZCostDocumentDetail)
  reopen(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string, @Body({ schema: ZCostTransitionRequest }) body: TCostTransitionRequest) {
    return this.costs.reopen(ctx, id, body.version);
  }
}
