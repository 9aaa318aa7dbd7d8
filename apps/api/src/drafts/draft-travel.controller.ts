import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ZDraftTravel, ZDraftTravelQuery, type TDraftTravel, type TDraftTravelQuery } from '@amms/contracts/geo';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import type { OrgContext } from '../platform/access/context.js';
import { TravelService } from '../planning/travel/travel.service.js';
import { DraftErrors } from './drafts.errors.js';
import { DraftsService } from './drafts.service.js';

/**
 * `GET /drafts/:id/travel?version=`: a schedule draft's routes for its review — per machine and
 * local day the fields in order, each leg's road km and minutes, the totals. Same access as the
 * draft (another org's or an unseen draft is 404).
 */
@ApiTags('drafts')
@ApiBearerAuth()
@Controller('orgs/:orgId/drafts')
export class DraftTravelController {
  constructor(
    private readonly drafts: DraftsService,
    private readonly travel: TravelService,
  ) {}

  @RequirePermission('draft.read')
  @Get(':id/travel')
  @Returns(ZDraftTravel)
  @ApiOperation({ summary: "A schedule draft's routes per machine and day: legs (road km, minutes) and totals" })
  async routes(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: z.uuid() }) id: string,
    @Query({ schema: ZDraftTravelQuery }) q: TDraftTravelQuery,
  ): Promise<TDraftTravel> {
    const draft = await this.drafts.get(ctx, id);
    const version = q.version ?? draft.currentVersion;
    const v = draft.versions.find((x) => x.version === version);
    if (!v) throw DraftErrors.notFound();
    return this.travel.routes(ctx.organizationId, { draftId: id, version }, v.items);
  }
}
