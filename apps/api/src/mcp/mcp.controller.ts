import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ApiKeyOnly, Ctx, Public } from '../platform/access/decorators.js';
import { AppError } from '../platform/errors/app-error.js';
import { RateLimit } from '../platform/rate-limit/rate-limit.guard.js';
import type { OrgContext } from '../platform/access/context.js';
import { McpService } from './mcp.service.js';

/**
 * MCP over Streamable HTTP, stateless: every POST carries one JSON-RPC message and is answered
 * with JSON (no session, no server-sent stream), so any API process can answer any request and
 * each request is authenticated on its own (a revoked key stops at the next call). Outside the
 * `/api/v1` prefix: `POST /mcp`. The access guard turns the API key into the key's OrgContext.
 */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  constructor(private readonly mcp: McpService) {}

  @ApiKeyOnly()
  @RateLimit('mcp')
  @Post()
  async handle(@Ctx() ctx: OrgContext, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const server = this.mcp.createServer(ctx);
    await server.connect(transport);
    try {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      const request = new Request(`http://${req.hostname || 'localhost'}${req.url}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(req.body ?? null),
      });
      const res = await transport.handleRequest(request, { parsedBody: req.body });
      void reply.status(res.status);
      res.headers.forEach((value, key) => {
        if (key !== 'content-length') void reply.header(key, value);
      });
      const body = await res.text();
      await reply.send(body === '' ? undefined : body);
    } finally {
      await server.close();
    }
  }

  /** No server-sent stream and no sessions in stateless mode: clients treat 405 as "none offered". */
  @Public()
  @Get()
  getStream(@Res() reply: FastifyReply): never {
    void reply.header('allow', 'POST');
    throw new AppError('METHOD_NOT_ALLOWED', 'MCP at /mcp is stateless: POST one JSON-RPC message per request');
  }

  @Public()
  @Delete()
  endSession(@Res() reply: FastifyReply): never {
    void reply.header('allow', 'POST');
    throw new AppError('METHOD_NOT_ALLOWED', 'MCP at /mcp is stateless: there is no session to end');
  }
}
