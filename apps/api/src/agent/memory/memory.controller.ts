import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZAgentFeedback,
  ZAgentFeedbackRequest,
  ZAgentPreferenceList,
  type TAgentFeedbackRequest,
} from '@amms/contracts/agent-memory';
import { Ctx, RequirePermission } from '../../platform/access/decorators.js';
import { Returns } from '../../platform/http/returns.js';
import { Idempotent } from '../../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../../platform/access/context.js';
import { AgentMemoryService } from './memory.service.js';

const ZIdParam = z.uuid();

/** The agent's memory a person can see and manage: their own preferences, and feedback on runs. */
@ApiTags('agent')
@ApiBearerAuth()
@Controller('orgs/:orgId/agent')
export class AgentMemoryController {
  constructor(private readonly memory: AgentMemoryService) {}

  @RequirePermission('agent.run')
  @Get('preferences')
  @Returns(ZAgentPreferenceList)
  @ApiOperation({ summary: "The caller's own saved agent preferences in this org (newest first)" })
  preferences(@Ctx() ctx: OrgContext) {
    return this.memory.listPreferences(ctx);
  }

  @RequirePermission('agent.run')
  @Delete('preferences/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete one of the caller’s own preferences (another person’s → 404)' })
  async deletePreference(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.memory.deletePreference(ctx, id);
  }

  @RequirePermission('agent.run')
  @Idempotent()
  @Post('runs/:runId/feedback')
  @HttpCode(200)
  @Returns(ZAgentFeedback)
  @ApiOperation({
    summary: 'Thumbs up / down on a run’s answer or draft (one per person and run; a new vote replaces it)',
  })
  feedback(
    @Ctx() ctx: OrgContext,
    @Param('runId', { schema: ZIdParam }) runId: string,
    @Body({ schema: ZAgentFeedbackRequest }) body: TAgentFeedbackRequest,
  ) {
    return this.memory.feedback(ctx, runId, body);
  }
}
