import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ZMapSettings,
  ZUpdateMapSettingsRequest,
  type TMapSettings,
  type TUpdateMapSettingsRequest,
} from '@amms/contracts/geo';
import { AuditService } from '../audit/audit.service.js';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { InvalidatesCache } from '../platform/cache/invalidates.js';
import { Returns } from '../platform/http/returns.js';
import type { OrgContext } from '../platform/access/context.js';
import { TravelRepository } from '../planning/travel/travel.repository.js';

/**
 * The org's map settings: the road factor that turns straight-line distance between fields into
 * road km for travel estimates (the scheduler's gaps between one machine's jobs). Read by every
 * member (org.read); changed by owners and admins (member.manage), audited.
 */
@ApiTags('fields')
@ApiBearerAuth()
@Controller('orgs/:orgId/map-settings')
export class MapSettingsController {
  constructor(
    private readonly repo: TravelRepository,
    private readonly audit: AuditService,
  ) {}

  @RequirePermission('org.read')
  @Get()
  @ApiOperation({ summary: 'The road factor used for travel estimates between fields' })
  @Returns(ZMapSettings)
  async get(@Ctx() ctx: OrgContext): Promise<TMapSettings> {
    return { roadFactor: await this.repo.roadFactor(ctx.organizationId) };
  }

  @RequirePermission('member.manage')
  @Patch()
  @InvalidatesCache('map')
  @ApiOperation({ summary: 'Set the road factor (1.0–3.0)' })
  @Returns(ZMapSettings)
  update(
    @Ctx() ctx: OrgContext,
    @Body({ schema: ZUpdateMapSettingsRequest }) body: TUpdateMapSettingsRequest,
  ): Promise<TMapSettings> {
    return this.repo.transaction(async (tx) => {
      const was = await this.repo.roadFactor(ctx.organizationId, tx);
      if (was !== body.roadFactor) {
        await this.repo.setRoadFactor(tx, ctx.organizationId, body.roadFactor);
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'org.map_settings_updated', 'organization', ctx.organizationId, {
            before: { roadFactor: was },
            after: { roadFactor: body.roadFactor },
          }),
        );
      }
      return { roadFactor: body.roadFactor };
    });
  }
}
