import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZCreatePrestartCheckRequest,
  ZJobPrestart,
  ZListPrestartChecksResponse,
  ZListPrestartListsResponse,
  ZPrestartCheck,
  ZPutPrestartListRequest,
  type TCreatePrestartCheckRequest,
  type TPutPrestartListRequest,
} from '@amms/contracts/prestart';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import type { OrgContext } from '../platform/access/context.js';
import { ActionRoute } from '../platform/http/action-route.js';
import { Returns } from '../platform/http/returns.js';
import { PrestartService } from './prestart.service.js';

const ZIdParam = z.uuid();

@ApiTags('prestart')
@ApiBearerAuth()
@Controller('orgs/:orgId')
export class PrestartController {
  constructor(private readonly prestart: PrestartService) {}

  /** Every pre-start list of the org: per machine model, and per machine kind for models without one. */
  @RequirePermission('asset.read')
  @Get('prestart-lists')
  @Returns(ZListPrestartListsResponse)
  lists(@Ctx() ctx: OrgContext) {
    return this.prestart.lists(ctx);
  }

  /** Replace the list of one model or kind (maintenance planners with the ORG data scope). */
  @RequirePermission('maintenance.plan')
  @Put('prestart-lists')
  @Returns(ZListPrestartListsResponse)
  putList(@Ctx() ctx: OrgContext, @Body({ schema: ZPutPrestartListRequest }) body: TPutPrestartListRequest) {
    return this.prestart.putList(ctx, body);
  }

  /** The list for the job's main machine and the checks made for the job, newest first. */
  @RequirePermission('job.read')
  @Get('jobs/:id/prestart')
  @Returns(ZJobPrestart)
  forJob(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.prestart.forJob(ctx, id);
  }

  /** The operator's answers before the start; a failed item opens a fault report. */
  @ActionRoute('jobs/:id/prestart-checks', 'job.execute', ZPrestartCheck, 201)
  check(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCreatePrestartCheckRequest }) body: TCreatePrestartCheckRequest,
  ) {
    return this.prestart.check(ctx, id, body);
  }

  /** The machine's checks, newest first (the last 50). */
  @RequirePermission('asset.read')
  @Get('assets/:id/prestart-checks')
  @Returns(ZListPrestartChecksResponse)
  forAsset(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.prestart.forAsset(ctx, id);
  }
}
