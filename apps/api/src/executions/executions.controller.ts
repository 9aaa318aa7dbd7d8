import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ZExecuteDraftRequest, ZExecution, type TExecuteDraftRequest } from '@amms/contracts/drafts';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { ExecutionsService } from './executions.service.js';
import { ExecutionStreams } from './execution-stream.js';
import { RateLimit } from '../platform/rate-limit/rate-limit.guard.js';

const ZIdParam = z.uuid();

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('orgs/:orgId')
export class ExecutionsController {
  constructor(
    private readonly executions: ExecutionsService,
    private readonly streams: ExecutionStreams,
  ) {}

  @RequirePermission('draft.execute')
  @Idempotent({ required: true })
  @Post('drafts/:id/execute')
  @HttpCode(202)
  @Returns(ZExecution, 202)
  @ApiOperation({
    summary:
      'Execute the confirmed version: 202 with a PENDING execution (the worker writes each item); 200 with the existing one when this version was already executed',
  })
  async execute(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZExecuteDraftRequest }) body: TExecuteDraftRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { execution, created } = await this.executions.execute(ctx, id, body);
    if (!created) void reply.status(200);
    return execution;
  }

  @RequirePermission('draft.read')
  @Get('executions/:id')
  @Returns(ZExecution)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.executions.get(ctx, id);
  }

  @RequirePermission('draft.read')
  @RateLimit('stream')
  @Get('executions/:id/events')
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description:
      'Server-Sent Events. `event: execution` + `data: <the execution, as GET /executions/:id>` on connect and after every change; the stream ends after a final status ' +
      "(SUCCEEDED, PARTIAL, FAILED, REFUSED). `event: error` + `data: <error envelope>` when the caller's rights are gone, then the stream ends.",
  })
  @ApiOperation({ summary: 'Follow an execution live: its receipts as the worker writes them (Server-Sent Events)' })
  async events(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.streams.stream(ctx, id, reply);
  }
}
