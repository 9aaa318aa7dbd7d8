import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZAsset,
  ZAssetDetail,
  ZCreateAssetRequest,
  ZCreateMeterReadingRequest,
  ZImportAssetsRequest,
  ZImportAssetsResponse,
  ZListAssetsQuery,
  ZListAssetsResponse,
  ZListMeterReadingsQuery,
  ZListMeterReadingsResponse,
  ZMeterReading,
  ZVoidMeterReadingRequest,
  ZUpdateAssetRequest,
  type TCreateAssetRequest,
  type TCreateMeterReadingRequest,
  type TImportAssetsRequest,
  type TListAssetsQuery,
  type TListMeterReadingsQuery,
  type TVoidMeterReadingRequest,
  type TUpdateAssetRequest,
} from '@amms/contracts/assets';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { ActionRoute } from '../platform/http/action-route.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { AssetsService } from './assets.service.js';
import { MeterReadingsService } from './meter-readings.service.js';
import { RateLimit } from '../platform/rate-limit/rate-limit.guard.js';

const ZIdParam = z.uuid();

@ApiTags('assets')
@ApiBearerAuth()
@Controller('orgs/:orgId/assets')
export class AssetsController {
  constructor(
    private readonly assets: AssetsService,
    private readonly meters: MeterReadingsService,
  ) {}

  @RequirePermission('asset.read')
  @Get()
  @Returns(ZListAssetsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListAssetsQuery }) q: TListAssetsQuery) {
    return this.assets.listResponse(ctx, q);
  }

  @RequirePermission('asset.read')
  @Get(':id')
  @Returns(ZAssetDetail)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.assets.getResponse(ctx, id);
  }

  @RequirePermission('asset.write')
  @Idempotent()
  @Post()
  @Returns(ZAsset, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateAssetRequest }) body: TCreateAssetRequest) {
    return this.assets.create(ctx, body);
  }

  /**
   * Bulk import of machines: 1..500 POST /assets bodies, each validated and written on its own
   * (per-item result; one bad item never half-writes another). 200 even when items failed.
   */
  @RequirePermission('asset.write')
  @RateLimit('upload')
  @Idempotent()
  @Post('import')
  @HttpCode(200)
  @Returns(ZImportAssetsResponse)
  @ApiOperation({
    summary: 'Import machines: one result per item (created or the error code); each item is its own transaction',
  })
  importAssets(@Ctx() ctx: OrgContext, @Body({ schema: ZImportAssetsRequest }) body: TImportAssetsRequest) {
    return this.assets.importMany(ctx, body.items);
  }

  @RequirePermission('asset.write')
  @Patch(':id')
  @Returns(ZAsset)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateAssetRequest }) body: TUpdateAssetRequest,
  ) {
    return this.assets.update(ctx, id, body);
  }

  @RequirePermission('asset.write')
  @Delete(':id')
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.assets.remove(ctx, id);
  }

  @RequirePermission('asset.read')
  @Get(':id/meter-readings')
  @Returns(ZListMeterReadingsResponse)
  listReadings(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Query({ schema: ZListMeterReadingsQuery }) q: TListMeterReadingsQuery,
  ) {
    return this.meters.list(ctx, id, q);
  }

  @RequirePermission('meter.write')
  @Idempotent()
  @Post(':id/meter-readings')
  @Returns(ZMeterReading, 201)
  recordReading(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCreateMeterReadingRequest }) body: TCreateMeterReadingRequest,
  ) {
    return this.meters.record(ctx, id, body);
  }

  @ActionRoute(':id/meter-readings/:readingId/void', 'meter.void', ZMeterReading)
  voidReading(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Param('readingId', { schema: ZIdParam }) readingId: string,
    @Body({ schema: ZVoidMeterReadingRequest }) body: TVoidMeterReadingRequest,
  ) {
    return this.meters.void(ctx, id, readingId, body);
  }
}
