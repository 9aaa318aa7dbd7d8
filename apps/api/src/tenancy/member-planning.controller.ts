import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZCreateLeaveRequest,
  ZCreateLeaveResponse,
  ZListLeaveQuery,
  ZListLeaveResponse,
  ZMemberPlanning,
  ZUpdateMemberPlanningRequest,
  type TCreateLeaveRequest,
  type TListLeaveQuery,
  type TUpdateMemberPlanningRequest,
} from '@amms/contracts/members';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import type { OrgContext } from '../platform/access/context.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import { MemberPlanningRepository } from './member-planning.repository.js';

const ZIdParam = z.uuid();

/**
 * A member as planning sees them: runs machines?, day limit, licences (member.manage writes),
 * and their leave (whoever schedules jobs records it: job.schedule).
 */
@ApiTags('members')
@ApiBearerAuth()
@Controller('orgs/:orgId/members/:id')
export class MemberPlanningController {
  constructor(private readonly planning: MemberPlanningRepository) {}

  @RequirePermission('member.read')
  @Get('planning')
  @Returns(ZMemberPlanning)
  @ApiOperation({ summary: 'Whether the member runs machines, their daily hour limit and licences' })
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.planning.get(ctx, id);
  }

  @RequirePermission('member.manage')
  @Put('planning')
  @Returns(ZMemberPlanning)
  @ApiOperation({ summary: 'Set operatesMachines, maxDailyHours and the licences (replaced whole) planning uses' })
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateMemberPlanningRequest }) body: TUpdateMemberPlanningRequest,
  ) {
    return this.planning.update(ctx, id, body);
  }

  @RequirePermission('member.read')
  @Get('leave')
  @Returns(ZListLeaveResponse)
  listLeave(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Query({ schema: ZListLeaveQuery }) q: TListLeaveQuery,
  ) {
    return this.planning.listLeave(ctx, id, q);
  }

  @RequirePermission('job.schedule')
  @Idempotent()
  @Post('leave')
  @Returns(ZCreateLeaveResponse, 201)
  @ApiOperation({ summary: 'Record leave; returns the live bookings and open drafts it touches' })
  addLeave(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCreateLeaveRequest }) body: TCreateLeaveRequest,
  ) {
    return this.planning.addLeave(ctx, id, body);
  }

  @RequirePermission('job.schedule')
  @Delete('leave/:leaveId')
  @HttpCode(204)
  async removeLeave(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Param('leaveId', { schema: ZIdParam }) leaveId: string,
  ) {
    await this.planning.removeLeave(ctx, id, leaveId);
  }
}
