import { Returns } from '../platform/http/returns.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ZPageQuery, type TPageQuery } from '@amms/contracts/common';
import {
  ZListTeamsResponse,
  ZTeam,
  ZCreateTeamRequest,
  ZUpdateTeamRequest,
  type TCreateTeamRequest,
  type TUpdateTeamRequest,
} from '@amms/contracts/teams';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import { TeamsService } from './teams.service.js';
import type { OrgContext } from '../platform/access/context.js';

const ZIdParam = z.uuid();

@ApiTags('teams')
@ApiBearerAuth()
@Controller('orgs/:orgId/teams')
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @RequirePermission('team.read')
  @Get()
  @Returns(ZListTeamsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZPageQuery }) q: TPageQuery) {
    return this.teams.list(ctx, q.limit, q.cursor);
  }

  @RequirePermission('team.read')
  @Get(':id')
  @Returns(ZTeam)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.teams.get(ctx, id);
  }

  @RequirePermission('team.manage')
  @Idempotent()
  @Post()
  @Returns(ZTeam, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateTeamRequest }) body: TCreateTeamRequest) {
    return this.teams.create(ctx, body);
  }

  @RequirePermission('team.manage')
  @Patch(':id')
  @Returns(ZTeam)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateTeamRequest }) body: TUpdateTeamRequest,
  ) {
    return this.teams.update(ctx, id, body);
  }

  @RequirePermission('team.manage')
  @Delete(':id')
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.teams.remove(ctx, id);
  }
}
