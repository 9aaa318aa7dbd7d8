import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZAssetTelematicsSummary,
  ZListAssetFaultsQuery,
  ZListAssetFaultsResponse,
  ZPositionsQuery,
  ZPositionsResponse,
  ZPushReadingsRequest,
  ZPushReadingsResponse,
  type TPositionsQuery,
  type TPushReadingsRequest,
} from '@amms/contracts/telematics';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { TelematicsIngestService } from './telematics-ingest.service.js';
import { TelematicsReadsService } from './telematics-reads.service.js';
import { TelematicsSourcesController } from './sources/sources.controller.js';
import { TelematicsSettingsController } from './settings/telematics-settings.controller.js';

const ZIdParam = z.uuid();

@ApiTags('telematics')
@ApiBearerAuth()
@Controller('orgs/:orgId/telematics')
export class TelematicsController {
  constructor(private readonly ingest: TelematicsIngestService) {}

  /**
   * Gateways and terminals push up to 1,000 readings. Each row is checked on its own: the answer
   * names every refused row with a stable code, the good rows are written (all in one
   * transaction). Re-sending a batch writes nothing new (idempotent per machine, kind and time).
   */
  @RequirePermission('telematics.write')
  @Idempotent()
  @Post('readings')
  @HttpCode(200)
  @ApiOperation({ summary: 'Push a batch of telematics readings (per-row results)' })
  @Returns(ZPushReadingsResponse)
  push(@Ctx() ctx: OrgContext, @Body({ schema: ZPushReadingsRequest }) body: TPushReadingsRequest) {
    return this.ingest.ingest(ctx, body.readings, 'PUSH');
  }
}

@ApiTags('telematics')
@ApiBearerAuth()
@Controller('orgs/:orgId/assets')
export class AssetTelematicsController {
  constructor(private readonly reads: TelematicsReadsService) {}

  @RequirePermission('telematics.read')
  @Get(':id/positions')
  @ApiOperation({ summary: "A machine's track: GeoJSON LineString + timed points (default: the last 24 h)" })
  @Returns(ZPositionsResponse)
  positions(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Query({ schema: ZPositionsQuery }) q: TPositionsQuery,
  ) {
    return this.reads.positions(ctx, id, q);
  }

  @RequirePermission('telematics.read')
  @Get(':id/telematics')
  @ApiOperation({
    summary:
      "The machine's telematics at a glance: last position, hours, operator/terminal disagreement, active faults",
  })
  @Returns(ZAssetTelematicsSummary)
  summary(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.reads.summary(ctx, id);
  }

  @RequirePermission('telematics.read')
  @Get(':id/faults')
  @ApiOperation({ summary: "A machine's fault codes, active and cleared (?active=true|false)" })
  @Returns(ZListAssetFaultsResponse)
  faults(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Query({ schema: ZListAssetFaultsQuery }) q: z.infer<typeof ZListAssetFaultsQuery>,
  ) {
    return this.reads.faults(ctx, id, q.active);
  }
}

export const TELEMATICS_CONTROLLERS = [
  TelematicsController,
  AssetTelematicsController,
  TelematicsSourcesController,
  TelematicsSettingsController,
];
