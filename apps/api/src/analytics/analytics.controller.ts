import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ZAnalyticsCosts,
  ZAnalyticsCostsQuery,
  ZAnalyticsFuel,
  ZAnalyticsMachinesQuery,
  ZAnalyticsMaintenance,
  ZAnalyticsOperations,
  ZAnalyticsOverview,
  ZAnalyticsPeriodQuery,
  ZAnalyticsUtilization,
  type TAnalyticsCostsQuery,
  type TAnalyticsMachinesQuery,
  type TAnalyticsPeriodQuery,
} from '@amms/contracts/analytics';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import type { OrgContext } from '../platform/access/context.js';
import { AnalyticsService } from './analytics.service.js';

@ApiTags('analytics')
@ApiBearerAuth()
@Controller('orgs/:orgId/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @RequirePermission('analytics.read')
  @Get('overview')
  @Returns(ZAnalyticsOverview)
  overview(@Ctx() ctx: OrgContext, @Query({ schema: ZAnalyticsPeriodQuery }) q: TAnalyticsPeriodQuery) {
    return this.analytics.http.overview(ctx, q);
  }

  @RequirePermission('analytics.read')
  @Get('utilization')
  @Returns(ZAnalyticsUtilization)
  utilization(@Ctx() ctx: OrgContext, @Query({ schema: ZAnalyticsMachinesQuery }) q: TAnalyticsMachinesQuery) {
    return this.analytics.http.utilization(ctx, q);
  }

  @RequirePermission('analytics.read')
  @Get('operations')
  @Returns(ZAnalyticsOperations)
  operations(@Ctx() ctx: OrgContext, @Query({ schema: ZAnalyticsPeriodQuery }) q: TAnalyticsPeriodQuery) {
    return this.analytics.http.operations(ctx, q);
  }

  @RequirePermission('analytics.read')
  @Get('maintenance')
  @Returns(ZAnalyticsMaintenance)
  maintenance(@Ctx() ctx: OrgContext, @Query({ schema: ZAnalyticsMachinesQuery }) q: TAnalyticsMachinesQuery) {
    return this.analytics.http.maintenance(ctx, q);
  }

  /** Fuel per hectare and per hour by operation type and machine (jobs that recorded fuel). */
  @RequirePermission('analytics.read')
  @Get('fuel')
  @Returns(ZAnalyticsFuel)
  fuel(@Ctx() ctx: OrgContext, @Query({ schema: ZAnalyticsPeriodQuery }) q: TAnalyticsPeriodQuery) {
    return this.analytics.http.fuel(ctx, q);
  }

  @RequirePermission('analytics.read')
  @Get('costs')
  @Returns(ZAnalyticsCosts)
  costs(@Ctx() ctx: OrgContext, @Query({ schema: ZAnalyticsCostsQuery }) q: TAnalyticsCostsQuery) {
    return this.analytics.http.costs(ctx, q);
  }
}
