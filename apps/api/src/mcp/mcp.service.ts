import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AgentService } from '../agent/agent.service.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { AssetsService } from '../assets/assets.service.js';
import { MachineModelsService } from '../assets/machine-models.service.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthErrors } from '../auth/auth.errors.js';
import { DraftsService } from '../drafts/drafts.service.js';
import { KnowledgeService } from '../knowledge/index.js';
import { MaintenancePlansService } from '../maintenance/maintenance-plans.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { normalizeError } from '../platform/errors/error-envelope.js';
import { RateLimitGuard } from '../platform/rate-limit/rate-limit.guard.js';
import type { OrgContext } from '../platform/access/context.js';
import { agentTools } from './tools/agent-tools.js';
import { readTools } from './tools/read-tools.js';
import { inventoryTools } from './tools/inventory-tools.js';
import { PartsService } from '../inventory/parts.service.js';
import { StockQueriesService } from '../inventory/stock-queries.service.js';
import type { McpTool, McpToolEnv } from './tool.js';
import { missingPermissions } from '../platform/access/permission.js';

export const MCP_SERVER_NAME = 'amms';
export const MCP_SERVER_VERSION = '1.0.0';
/** audited arguments are cut to this many characters (goals and questions are free text) */
const AUDIT_ARGS_CHARS = 500;

type Outcome = 'ok' | 'refused' | 'invalid' | 'failed';

/**
 * The MCP tools over the existing services. One `Server` per request (stateless Streamable
 * HTTP): built for the OrgContext the access guard made from the request's API key, so every
 * tool runs with the key's permissions, data scope and org, exactly as its REST route would.
 */
@Injectable()
export class McpService {
  private readonly log = new Logger('Mcp');
  readonly tools: readonly McpTool[];
  private readonly byName: ReadonlyMap<string, McpTool>;
  private readonly listed: Tool[];
  private readonly env: McpToolEnv;

  constructor(
    models: MachineModelsService,
    assets: AssetsService,
    plans: MaintenancePlansService,
    knowledge: KnowledgeService,
    analytics: AnalyticsService,
    agent: AgentService,
    drafts: DraftsService,
    parts: PartsService,
    stock: StockQueriesService,
    rateLimits: RateLimitGuard,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.tools = [
      ...readTools({ models, assets, plans, knowledge, analytics }),
      ...inventoryTools({ parts, stock }),
      ...agentTools({ agent, assets, drafts, countRun: (ctx) => rateLimits.hit('agent.run', ctx) }),
    ] as unknown as McpTool[];
    this.byName = new Map(this.tools.map((t) => [t.name, t]));
    this.listed = this.tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: `${t.description} Needs: ${t.permissions.join(', ')}.`,
      inputSchema: z.toJSONSchema(t.input, { io: 'input' }) as Tool['inputSchema'],
      annotations: {
        title: t.title,
        readOnlyHint: t.writes === 'nothing',
        destructiveHint: false,
        openWorldHint: false,
      },
    }));
    // the web's draft page; the first WEB_ORIGIN is where people sign in
    const web = (config.http.webOrigins[0] ?? 'http://localhost:3000').replace(/\/+$/, '');
    this.env = { draftLink: (org, id) => `${web}/orgs/${org}/drafts/${id}` };
  }

  /** A server answering `tools/list` and `tools/call` for this context. */
  createServer(ctx: OrgContext): Server {
    const server = new Server({ name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.listed }));
    server.setRequestHandler(CallToolRequestSchema, (req) =>
      this.call(ctx, req.params.name, req.params.arguments ?? {}),
    );
    return server;
  }

  /**
   * One tool call: permissions (all of the tool's), input validation, the service call. Every
   * call is audited (`mcp.tool_called` on the key, with the outcome), refusals included. Business
   * errors come back as a tool error carrying the API's error envelope, so a client switches on
   * `structuredContent.error.code` (and `details.required` for a missing permission).
   */
  async call(ctx: OrgContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const started = performance.now();
    const tool = this.byName.get(name);
    if (!tool) {
      await this.record(ctx, name, args, 'invalid', 'UNKNOWN_TOOL', started);
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    }
    const missing = missingPermissions(ctx, tool.permissions);
    if (missing.length > 0) {
      const err = AuthErrors.forbidden(missing[0]!);
      await this.record(ctx, name, args, 'refused', err.code, started, { missing });
      return errorResult(
        `This API key lacks the permission ${missing.join(', ')} needed by ${name}`,
        {
          code: err.code,
          message: `This API key lacks ${missing.join(', ')}`,
          details: { required: missing[0], missing },
        },
        ctx.requestId,
      );
    }
    const parsed = tool.input.safeParse(args);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code }));
      await this.record(ctx, name, args, 'invalid', 'VALIDATION_FAILED', started);
      return errorResult(
        `Invalid arguments for ${name}: ${details.map((d) => `${d.path || '(root)'}: ${d.message}`).join('; ')}`,
        { code: 'VALIDATION_FAILED', message: 'Invalid arguments', details },
        ctx.requestId,
      );
    }
    try {
      const result = await tool.run(ctx, parsed.data, this.env);
      await this.record(ctx, name, args, 'ok', null, started);
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (err) {
      const n = normalizeError(err);
      if (n.internal)
        this.log.error(`tool ${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      await this.record(ctx, name, args, n.internal ? 'failed' : 'refused', n.code, started);
      const message = n.internal ? 'Internal error' : n.message;
      return errorResult(
        `${n.code}: ${message}`,
        { code: n.code, message, ...(n.internal || n.details === undefined ? {} : { details: n.details }) },
        ctx.requestId,
      );
    }
  }

  private async record(
    ctx: OrgContext,
    tool: string,
    args: Record<string, unknown>,
    outcome: Outcome,
    code: string | null,
    started: number,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    if (ctx.principal.kind !== 'API_KEY') throw new Error('MCP calls are made with API keys');
    const json = JSON.stringify(args);
    await this.audit.appendNow(
      this.audit.forCtx(ctx, 'mcp.tool_called', 'api_key', ctx.principal.apiKeyId, {
        tool,
        outcome,
        ...(code ? { code } : {}),
        args: json.length > AUDIT_ARGS_CHARS ? `${json.slice(0, AUDIT_ARGS_CHARS)}…` : args,
        durationMs: Math.round(performance.now() - started),
        ...extra,
      }),
    );
  }
}

function errorResult(
  text: string,
  error: { code: string; message: string; details?: unknown },
  requestId: string,
): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }], structuredContent: { error: { ...error, requestId } } };
}
