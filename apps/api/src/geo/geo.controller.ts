import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZFieldBoundary,
  ZMapFeatures,
  ZMapFeaturesQuery,
  ZPutBoundaryRequest,
  type TMapFeaturesQuery,
  type TPutBoundaryRequest,
} from '@amms/contracts/geo';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import type { OrgContext } from '../platform/access/context.js';
import { BoundaryService } from './boundary.service.js';
import { MapService } from './map.service.js';

const ZIdParam = z.uuid();

@ApiTags('fields')
@ApiBearerAuth()
@Controller('orgs/:orgId/fields/:id/boundary')
export class BoundaryController {
  constructor(private readonly boundaries: BoundaryService) {}

  @RequirePermission('field.read')
  @Get()
  @ApiOperation({ summary: "The field's boundary (GeoJSON MultiPolygon, WGS84), measured area and centroid" })
  @Returns(ZFieldBoundary)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.boundaries.get(ctx, id);
  }

  @RequirePermission('field.write')
  @Put()
  @ApiOperation({
    summary:
      'Set the boundary (GeoJSON Polygon / MultiPolygon / Feature). Invalid geometry is repaired with ST_MakeValid where possible; `repairs` says what changed',
  })
  @Returns(ZFieldBoundary)
  put(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZPutBoundaryRequest }) body: TPutBoundaryRequest,
  ) {
    return this.boundaries.put(ctx, id, body);
  }

  @RequirePermission('field.write')
  @Delete()
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.boundaries.remove(ctx, id);
  }
}

@ApiTags('map')
@ApiBearerAuth()
@Controller('orgs/:orgId/map')
export class MapController {
  constructor(private readonly map: MapService) {}

  @RequirePermission('field.read')
  @Get('features')
  @ApiOperation({
    summary:
      "GeoJSON FeatureCollection of the caller's fields (coloured by the day's and week's work) and machines (at their last known position), data-scoped",
  })
  @Returns(ZMapFeatures)
  features(@Ctx() ctx: OrgContext, @Query({ schema: ZMapFeaturesQuery }) q: TMapFeaturesQuery) {
    return this.map.featuresHttp(ctx, q);
  }
}
