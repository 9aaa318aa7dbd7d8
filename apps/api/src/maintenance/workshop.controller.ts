import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ZCostDocumentDetail } from '@amms/contracts/costs';
import {
  ZMaintenanceSettings,
  ZUpdateMaintenanceSettingsRequest,
  ZWorkOrderCostDocumentRequest,
  type TUpdateMaintenanceSettingsRequest,
  type TWorkOrderCostDocumentRequest,
} from '@amms/contracts/workshop';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { InvalidatesCache } from '../platform/cache/invalidates.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { WorkshopService } from './workshop.service.js';

@ApiTags('maintenance')
@ApiBearerAuth()
@Controller('orgs/:orgId')
@InvalidatesCache('analytics')
export class WorkshopController {
  constructor(private readonly workshop: WorkshopService) {}

  /** The default labour rate new work orders take. */
  @RequirePermission('maintenance.read')
  @Get('maintenance-settings')
  @Returns(ZMaintenanceSettings)
  settings(@Ctx() ctx: OrgContext) {
    return this.workshop.settings(ctx);
  }

  /** Maintenance managers (workorder.accept) set the workshop's default labour rate. */
  @RequirePermission('workorder.accept')
  @Patch('maintenance-settings')
  @Returns(ZMaintenanceSettings)
  updateSettings(
    @Ctx() ctx: OrgContext,
    @Body({ schema: ZUpdateMaintenanceSettingsRequest }) body: TUpdateMaintenanceSettingsRequest,
  ) {
    return this.workshop.updateSettings(ctx, body);
  }

  /** A DRAFT cost document with the order's parts and labour (then submitted and approved like any other). */
  @RequirePermission('cost.write')
  @Idempotent()
  @Post('work-orders/:id/cost-document')
  @Returns(ZCostDocumentDetail, 201)
  costDocument(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: z.uuid() }) id: string,
    @Body({ schema: ZWorkOrderCostDocumentRequest.optional().transform((v) => v ?? {}) })
    body: TWorkOrderCostDocumentRequest,
  ) {
    return this.workshop.costDocument(ctx, id, body);
  }
}
