import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ZAgentRun, ZConversation, ZCreateRunRequest, type TCreateRunRequest } from '@amms/contracts/drafts';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { AgentService } from './agent.service.js';
import { RateLimit } from '../platform/rate-limit/rate-limit.guard.js';

const ZIdParam = z.uuid();

@ApiTags('agent')
@ApiBearerAuth()
@Controller('orgs/:orgId/agent')
export class AgentController {
  constructor(private readonly agent: AgentService) {}

  /** 201 whatever the outcome (COMPLETED / NEEDS_INPUT / FAILED): the run itself was created and recorded. */
  @RequirePermission('agent.run')
  @RateLimit('agent.run')
  @Idempotent()
  @Post('runs')
  @HttpCode(201)
  @Returns(ZAgentRun, 201)
  @ApiOperation({
    summary:
      'Plan a goal: constraints, read-only tool calls and (for a schedule) a draft version 1, or a clarifying question',
  })
  start(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateRunRequest }) body: TCreateRunRequest) {
    return this.agent.start(ctx, body);
  }

  @RequirePermission('draft.read')
  @Get('runs/:id')
  @Returns(ZAgentRun)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.agent.get(ctx, id);
  }

  @RequirePermission('draft.read')
  @Get('conversations/:id')
  @Returns(ZConversation)
  conversation(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.agent.conversation(ctx, id);
  }
}
