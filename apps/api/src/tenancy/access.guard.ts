import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ACCESS_KEY, grants, type AccessRule } from '../platform/access/decorators.js';
import { TokensService } from '../auth/tokens.service.js';
import { AuthErrors } from '../auth/auth.errors.js';
import { ApiKeysService } from './api-keys.service.js';
import { AccessRepository, type AccessFacts } from '../auth/access.repository.js';
import type { AuthPrincipal, OrgContext } from '../platform/access/context.js';
import { keyContext, memberContext } from './member-context.js';
import { AppError } from '../platform/errors/app-error.js';
import { may } from '../platform/access/permission.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AuthedRequest = FastifyRequest & { principal?: AuthPrincipal; orgContext?: OrgContext };

/**
 * The one global guard. In order: declaration (deny by default) → identity → a user still
 * on a one-time password reaches only the change-password routes → current membership of
 * :orgId → role permission. Each request reads membership
 * from the database: a removed or suspended member is refused on the next call.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
    private readonly apiKeys: ApiKeysService,
    private readonly access: AccessRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) throw new AppError('FORBIDDEN', 'Route declares no access rule');
    if (rule.kind === 'public') return true;

    const req = context.switchToHttp().getRequest<AuthedRequest>();
    if (rule.kind === 'apiKey') {
      // the org is the key's; a user's token is refused here (MCP clients hold a key, not a session)
      if (!/^ApiKey\s+/i.test(req.headers.authorization ?? '')) throw AuthErrors.apiKeyOnly();
      const { principal } = await this.identify(req, null);
      if (principal.kind !== 'API_KEY') throw AuthErrors.apiKeyOnly();
      req.principal = principal;
      req.orgContext = keyContext(principal, String(req.id));
      return true;
    }
    const outsideOrgs = rule.kind === 'authenticated' || rule.kind === 'platformAdmin';
    const orgId = outsideOrgs ? null : (req.params as Record<string, string | undefined>).orgId;
    if (!outsideOrgs && !orgId) throw new Error(`permission route without :orgId: ${req.routeOptions.url}`);
    // built only when refusing: an Error captures a stack trace, too costly for every request
    const notFound = () => new AppError('NOT_FOUND', 'Organization not found');
    // a malformed org id is a 404 whoever asks; the token is still checked first
    const { principal, facts } = await this.identify(req, orgId && UUID.test(orgId) ? orgId : null);
    req.principal = principal;
    // a one-time password is only good for replacing itself (the flag came with the session check)
    if (facts?.mustChangePassword && !(rule.kind === 'authenticated' && rule.duringPasswordChange))
      throw AuthErrors.passwordChangeRequired();

    if (rule.kind === 'authenticated' || rule.kind === 'platformAdmin') {
      if (principal.kind !== 'USER') throw AuthErrors.userOnly();
      // the flag was read with the session in this request's access query, never from a cache
      if (rule.kind === 'platformAdmin' && !principal.isPlatformAdmin)
        throw new AppError('FORBIDDEN', 'Only platform admins may do this');
      return true;
    }
    if (!orgId || !UUID.test(orgId)) throw notFound();

    let ctx: OrgContext;
    if (principal.kind === 'API_KEY') {
      if (principal.organizationId !== orgId) throw notFound();
      ctx = keyContext(principal, String(req.id));
    } else {
      const m = facts?.membership;
      if (!m || m.status === 'REMOVED') throw notFound();
      if (m.status === 'SUSPENDED')
        throw new AppError('MEMBERSHIP_SUSPENDED', 'Your membership of this organization is suspended');
      ctx = memberContext(orgId, principal, m, String(req.id));
    }
    if (!grants(rule, (p) => may(ctx, p))) throw AuthErrors.forbidden(rule.permission);
    req.orgContext = ctx;
    return true;
  }

  /**
   * Who is calling. A bearer token's signature and expiry are checked locally; then one
   * query says whether its session is still live and, for org routes, what the membership is.
   */
  private async identify(
    req: AuthedRequest,
    orgId: string | null,
  ): Promise<{ principal: AuthPrincipal; facts: AccessFacts | null }> {
    const header = req.headers.authorization;
    if (!header) throw AuthErrors.unauthenticated();
    if (/^ApiKey\s+/i.test(header))
      return { principal: await this.apiKeys.authenticate(header.replace(/^ApiKey\s+/i, '').trim()), facts: null };
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!bearer) throw AuthErrors.unauthenticated();
    const claimed = this.tokens.verifyAccess(bearer[1]!);
    const facts = await this.access.resolve(claimed.sessionId, claimed.userId, orgId);
    if (!facts) throw AuthErrors.tokenInvalid();
    const principal: AuthPrincipal = {
      kind: 'USER',
      userId: claimed.userId,
      sessionId: claimed.sessionId,
      isPlatformAdmin: facts.isPlatformAdmin,
    };
    return { principal, facts };
  }
}
