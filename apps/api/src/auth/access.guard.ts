import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { permissionsOf } from '@amms/contracts/permissions';
import { ACCESS_KEY, type AccessRule } from './decorators.js';
import { JwtAuthGuard } from './jwt.strategy.js';
import { AuthErrors } from './auth.errors.js';
import { ApiKeysService } from '../tenancy/api-keys.service.js';
import { MembershipsRepository } from '../tenancy/memberships.repository.js';
import type { AuthPrincipal, OrgContext } from '../tenancy/context.js';
import { AppError } from '../platform/errors/app-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AuthedRequest = FastifyRequest & { principal?: AuthPrincipal; orgContext?: OrgContext; user?: AuthPrincipal };

/**
 * The one global guard. In order: declaration (deny by default) → identity →
 * current membership of :orgId → role permission. Each request reads membership
 * from the database: a removed or suspended member is refused on the next call.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwtGuard: JwtAuthGuard,
    private readonly apiKeys: ApiKeysService,
    private readonly memberships: MembershipsRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (!rule) throw new AppError('FORBIDDEN', 'Route declares no access rule');
    if (rule.kind === 'public') return true;

    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const principal = await this.identify(context, req);
    req.principal = principal;

    if (rule.kind === 'authenticated') {
      if (principal.kind !== 'USER') throw AuthErrors.userOnly();
      return true;
    }

    const orgId = (req.params as Record<string, string | undefined>).orgId;
    if (!orgId) throw new Error(`permission route without :orgId: ${req.routeOptions.url}`);
    const notFound = new AppError('NOT_FOUND', 'Organization not found');
    if (!UUID.test(orgId)) throw notFound;

    let ctx: OrgContext;
    if (principal.kind === 'API_KEY') {
      if (principal.organizationId !== orgId) throw notFound;
      ctx = {
        requestId: String(req.id),
        organizationId: orgId,
        principal,
        membershipId: null,
        actorUserId: null,
        role: 'SERVICE',
        permissions: new Set(principal.scopes),
        dataScope: 'ORG',
        teamIds: [],
      };
    } else {
      const m = await this.memberships.findForAccess(orgId, principal.userId);
      if (!m || m.status === 'REMOVED') throw notFound;
      if (m.status === 'SUSPENDED') throw new AppError('MEMBERSHIP_SUSPENDED', 'Your membership of this organization is suspended');
      ctx = {
        requestId: String(req.id),
        organizationId: orgId,
        principal,
        membershipId: m.id,
        actorUserId: principal.userId,
        role: m.role,
        permissions: permissionsOf(m.role),
        dataScope: m.dataScope,
        teamIds: m.teams.map((t) => t.teamId),
      };
    }
    if (!ctx.permissions.has(rule.permission)) throw AuthErrors.forbidden(rule.permission);
    req.orgContext = ctx;
    return true;
  }

  private async identify(context: ExecutionContext, req: AuthedRequest): Promise<AuthPrincipal> {
    const header = req.headers.authorization;
    if (!header) throw AuthErrors.unauthenticated();
    if (/^ApiKey\s+/i.test(header)) return this.apiKeys.authenticate(header.replace(/^ApiKey\s+/i, '').trim());
    if (!/^Bearer\s+/i.test(header)) throw AuthErrors.unauthenticated();
    await this.jwtGuard.canActivate(context);
    if (!req.user) throw AuthErrors.tokenInvalid();
    return req.user;
  }
}
