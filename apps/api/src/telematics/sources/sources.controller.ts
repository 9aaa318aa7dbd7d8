import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZCreateTelematicsSourceRequest,
  ZLinkTelematicsUnitRequest,
  ZListTelematicsSourcesResponse,
  ZListTelematicsUnitsResponse,
  ZTelematicsPollResult,
  ZTelematicsSource,
  ZTelematicsUnit,
  ZUpdateTelematicsSourceRequest,
  type TCreateTelematicsSourceRequest,
  type TLinkTelematicsUnitRequest,
  type TUpdateTelematicsSourceRequest,
} from '@amms/contracts/telematics-sources';
import { Ctx, RequirePermission } from '../../platform/access/decorators.js';
import { Idempotent } from '../../platform/idempotency/idempotency.interceptor.js';
import { ActionRoute } from '../../platform/http/action-route.js';
import { Returns } from '../../platform/http/returns.js';
import type { OrgContext } from '../../platform/access/context.js';
import { TelematicsSourcesService } from './sources.service.js';
import { TelematicsPullService } from './pull.service.js';

const ZIdParam = z.uuid();
const ZUnitsQuery = z.object({ all: z.enum(['true', 'false']).optional() });

/** An org's AEMP 2.0 sources (admins), their units and a poll now. The secret is write-only. */
@ApiTags('telematics')
@ApiBearerAuth()
@Controller('orgs/:orgId/telematics')
export class TelematicsSourcesController {
  constructor(
    private readonly sources: TelematicsSourcesService,
    private readonly pull: TelematicsPullService,
  ) {}

  @RequirePermission('telematics.manage')
  @Get('sources')
  @ApiOperation({ summary: "The org's telematics sources (AEMP 2.0 endpoints) with their status; never the secret" })
  @Returns(ZListTelematicsSourcesResponse)
  list(@Ctx() ctx: OrgContext) {
    return this.sources.list(ctx);
  }

  @RequirePermission('telematics.manage')
  @Idempotent()
  @Post('sources')
  @ApiOperation({ summary: 'Connect an AEMP 2.0 / ISO 15143-3 endpoint (secret sealed, polled on a schedule)' })
  @Returns(ZTelematicsSource, 201)
  create(
    @Ctx() ctx: OrgContext,
    @Body({ schema: ZCreateTelematicsSourceRequest }) body: TCreateTelematicsSourceRequest,
  ) {
    return this.sources.create(ctx, body);
  }

  @RequirePermission('telematics.manage')
  @Get('sources/:id')
  @Returns(ZTelematicsSource)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.sources.get(ctx, id);
  }

  @RequirePermission('telematics.manage')
  @Patch('sources/:id')
  @ApiOperation({ summary: 'Change a source; `secret` rotates its stored secret' })
  @Returns(ZTelematicsSource)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateTelematicsSourceRequest }) body: TUpdateTelematicsSourceRequest,
  ) {
    return this.sources.update(ctx, id, body);
  }

  @RequirePermission('telematics.manage')
  @Delete('sources/:id')
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.sources.remove(ctx, id);
  }

  /** One poll cycle now (bounded by the source's timeouts); the answer says what it read. */
  @ActionRoute('sources/:id/poll', 'telematics.manage', ZTelematicsPollResult)
  @ApiOperation({ summary: 'Poll a source now: one cycle (fleet pages + time series), its result' })
  poll(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.pull.poll(ctx.organizationId, id);
  }

  @RequirePermission('telematics.manage')
  @Get('unmatched')
  @ApiOperation({ summary: 'Units the sources report that are linked to no machine (?all=true: every unit)' })
  @Returns(ZListTelematicsUnitsResponse)
  unmatched(@Ctx() ctx: OrgContext, @Query({ schema: ZUnitsQuery }) q: z.infer<typeof ZUnitsQuery>) {
    return this.sources.units(ctx, q.all === 'true');
  }

  @ActionRoute('unmatched/:id/link', 'telematics.manage', ZTelematicsUnit)
  @ApiOperation({ summary: 'Link a reported unit to a machine ({assetId}) or ignore it ({ignore: true})' })
  link(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZLinkTelematicsUnitRequest }) body: TLinkTelematicsUnitRequest,
  ) {
    return this.sources.link(ctx, id, body);
  }
}
