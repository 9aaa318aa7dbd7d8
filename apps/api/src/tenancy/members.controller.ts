import { Returns } from '../platform/http/returns.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZAddMemberResponse,
  ZPasswordResetResponse,
  ZListMembersResponse,
  ZMember,
  ZAddMemberRequest,
  ZListMembersQuery,
  ZUpdateMemberRequest,
  type TAddMemberRequest,
  type TListMembersQuery,
  type TUpdateMemberRequest,
} from '@amms/contracts/members';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import { MembersService } from './members.service.js';
import type { OrgContext } from '../platform/access/context.js';

const ZIdParam = z.uuid();

@ApiTags('members')
@ApiBearerAuth()
@Controller('orgs/:orgId/members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @RequirePermission('member.read')
  @Get()
  @Returns(ZListMembersResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListMembersQuery }) q: TListMembersQuery) {
    return this.members.list(ctx, q);
  }

  @RequirePermission('member.read')
  @Get(':id')
  @Returns(ZMember)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.members.get(ctx, id);
  }

  @RequirePermission('member.manage')
  @Idempotent()
  @Post()
  @Returns(ZAddMemberResponse, 201)
  add(@Ctx() ctx: OrgContext, @Body({ schema: ZAddMemberRequest }) body: TAddMemberRequest) {
    return this.members.add(ctx, body);
  }

  @RequirePermission('member.manage')
  @Patch(':id')
  @Returns(ZMember)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateMemberRequest }) body: TUpdateMemberRequest,
  ) {
    return this.members.update(ctx, id, body);
  }

  /**
   * No @Idempotent(): the answer holds a one-time password, which no idempotency record should
   * keep, and a repeat is safe by itself (it issues a newer password; the older one stops working).
   */
  @RequirePermission('member.manage')
  @Post(':id/password-reset')
  @HttpCode(200)
  @Returns(ZPasswordResetResponse)
  @ApiOperation({ summary: 'Give a member a new one-time password (shown once); signs them out everywhere' })
  resetPassword(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.members.resetPassword(ctx, id);
  }

  @RequirePermission('member.manage')
  @Delete(':id')
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.members.remove(ctx, id);
  }
}
