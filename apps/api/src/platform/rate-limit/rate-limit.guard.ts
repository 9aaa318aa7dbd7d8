import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OrgContext } from '../access/context.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { AppError } from '../errors/app-error.js';
import { MetricsService } from '../metrics/metrics.service.js';
import type { RateLimitName } from './limits.js';
import { RateLimiter } from './rate-limiter.js';

export const RATE_LIMIT_KEY = 'amms:rate-limit';

/**
 * Declares the route's rate limit (limits.ts says how much). Org routes only: the guard counts
 * per member (membership, or API key) and per org, after the access guard has identified the
 * caller. Over the limit → 429 RATE_LIMITED with `Retry-After` and `details.retryAfterSeconds`.
 *
 *   @RequirePermission('knowledge.manage')
 *   @RateLimit('upload')
 *   @Post('knowledge/documents')
 */
export const RateLimit = (name: RateLimitName) => SetMetadata(RATE_LIMIT_KEY, name);

type OrgRequest = FastifyRequest & { orgContext?: OrgContext };

/** Global guard, registered after AccessGuard (guards run in registration order). */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.get<RateLimitName | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!name) return true;
    const req = context.switchToHttp().getRequest<OrgRequest>();
    const ctx = req.orgContext;
    if (!ctx) throw new Error(`@RateLimit('${name}') on a route without an org context: ${req.routeOptions.url}`);
    const rule = this.config.rateLimits[name];
    if (rule.kind === 'window') {
      await this.hit(name, ctx);
      return true;
    }
    const { memberKey, orgKey } = countersOf(name, ctx);
    // concurrent: hold a slot per member and per org until the response closes
    const member = await this.limiter.acquire(memberKey, rule.perMember, rule.windowSeconds);
    if (!member) throw this.refuse(name, 'member', 5, rule.perMember);
    const org = await this.limiter.acquire(orgKey, rule.perOrg, rule.windowSeconds);
    if (!org) {
      await member();
      throw this.refuse(name, 'org', 5, rule.perOrg);
    }
    const raw = context.switchToHttp().getResponse<FastifyReply>().raw;
    raw.once('close', () => void Promise.all([member(), org()]));
    return true;
  }

  /**
   * Counts one use of the window limit `name` for the caller; over it → throws 429
   * RATE_LIMITED. For work started by another entry point than its route (an MCP tool starting
   * an agent run counts against `agent.run` like `POST /agent/runs`).
   */
  async hit(name: RateLimitName, ctx: OrgContext): Promise<void> {
    const rule = this.config.rateLimits[name];
    if (rule.kind !== 'window') throw new Error(`rate limit ${name} is not a window limit`);
    const { memberKey, orgKey } = countersOf(name, ctx);
    const member = await this.limiter.hit(memberKey, rule.perMember, rule.windowSeconds);
    if (!member.allowed) throw this.refuse(name, 'member', member.retryAfterSeconds, rule.perMember);
    const org = await this.limiter.hit(orgKey, rule.perOrg, rule.windowSeconds);
    if (!org.allowed) throw this.refuse(name, 'org', org.retryAfterSeconds, rule.perOrg);
  }

  private refuse(name: RateLimitName, per: 'member' | 'org', retryAfterSeconds: number, limit: number): AppError {
    this.metrics.rateLimited.inc({ limit: name, per });
    const what =
      this.config.rateLimits[name].kind === 'concurrent'
        ? `${limit} open at once`
        : `${limit} per ${this.config.rateLimits[name].windowSeconds} s`;
    return new AppError(
      'RATE_LIMITED',
      `Too many requests (${name}: ${what} per ${per === 'member' ? 'member' : 'organization'}): wait and try again`,
      {
        limit: name,
        per,
        retryAfterSeconds: Math.max(1, retryAfterSeconds),
      },
    );
  }
}

function countersOf(name: RateLimitName, ctx: OrgContext): { memberKey: string; orgKey: string } {
  const who = ctx.principal.kind === 'API_KEY' ? `k:${ctx.principal.apiKeyId}` : `m:${ctx.membershipId}`;
  return { memberKey: `${name}:${ctx.organizationId}:${who}`, orgKey: `${name}:${ctx.organizationId}:org` };
}
