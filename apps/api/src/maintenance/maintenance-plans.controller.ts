import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZCreateMaintenancePlanRequest,
  ZDueQuery,
  ZDueResponse,
  ZListMaintenancePlansQuery,
  ZListMaintenancePlansResponse,
  ZMaintenancePlan,
  ZUpdateMaintenancePlanRequest,
  type TCreateMaintenancePlanRequest,
  type TDueQuery,
  type TListMaintenancePlansQuery,
  type TUpdateMaintenancePlanRequest,
} from '@amms/contracts/maintenance';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { MaintenancePlansService } from './maintenance-plans.service.js';
import { InvalidatesCache } from '../platform/cache/invalidates.js';

const ZIdParam = z.uuid();

@ApiTags('maintenance')
@ApiBearerAuth()
@Controller('orgs/:orgId')
@InvalidatesCache('analytics')
export class MaintenancePlansController {
  constructor(private readonly plans: MaintenancePlansService) {}

  @RequirePermission('maintenance.read')
  @Get('maintenance-plans')
  @Returns(ZListMaintenancePlansResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListMaintenancePlansQuery }) q: TListMaintenancePlansQuery) {
    return this.plans.list(ctx, q);
  }

  @RequirePermission('maintenance.read')
  @Get('maintenance-plans/:id')
  @Returns(ZMaintenancePlan)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.plans.get(ctx, id);
  }

  @RequirePermission('maintenance.plan')
  @Idempotent()
  @Post('maintenance-plans')
  @Returns(ZMaintenancePlan, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateMaintenancePlanRequest }) body: TCreateMaintenancePlanRequest) {
    return this.plans.create(ctx, body);
  }

  @RequirePermission('maintenance.plan')
  @Patch('maintenance-plans/:id')
  @Returns(ZMaintenancePlan)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateMaintenancePlanRequest }) body: TUpdateMaintenancePlanRequest,
  ) {
    return this.plans.update(ctx, id, body);
  }

  @RequirePermission('maintenance.read')
  @Get('maintenance/due')
  @Returns(ZDueResponse)
  due(@Ctx() ctx: OrgContext, @Query({ schema: ZDueQuery }) q: TDueQuery) {
    return this.plans.due(ctx, q);
  }
}
