import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { TPermission } from '@amms/contracts/permissions';
import type { AuthPrincipal, OrgContext } from './context.js';

export const ACCESS_KEY = 'amms:access';

/**
 * How a route is reached. Deny by default: the access guard refuses a route with
 * no declaration at all, and the route-permission snapshot test lists them all.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'authenticated'; duringPasswordChange?: true }
  | { kind: 'platformAdmin' }
  | { kind: 'apiKey' }
  | PermissionRule;

/** `permission`, or any of `or` (a route some callers reach through another right, e.g. reporters reading their reports). */
export interface PermissionRule {
  kind: 'permission';
  permission: TPermission;
  or?: readonly TPermission[];
}

/** Whether a caller holding exactly the permissions `has` answers yes to passes the rule. */
export function grants(rule: PermissionRule, has: (p: TPermission) => boolean): boolean {
  return has(rule.permission) || (rule.or ?? []).some(has);
}

/** No identity needed (login, health). */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);
/**
 * A signed-in user, outside any org (me, my orgs). `duringPasswordChange`: also reachable by a
 * user who must still change a one-time password (every other route answers 403
 * PASSWORD_CHANGE_REQUIRED to them): only what the change-password screen needs.
 */
export const Authenticated = (opts: { duringPasswordChange?: boolean } = {}) =>
  SetMetadata(
    ACCESS_KEY,
    (opts.duringPasswordChange
      ? { kind: 'authenticated', duringPasswordChange: true }
      : { kind: 'authenticated' }) satisfies AccessRule,
  );
/** A platform admin outside any org (the platform catalog); never an org's business rows. */
export const PlatformAdmin = () => SetMetadata(ACCESS_KEY, { kind: 'platformAdmin' } satisfies AccessRule);
/**
 * An org API key only, the org being the key's (no `:orgId` in the path: the MCP endpoint). The
 * guard builds the key's OrgContext as for any org route; the handler checks permissions per
 * operation (an MCP tool names its own). A bearer token → 401.
 */
export const ApiKeyOnly = () => SetMetadata(ACCESS_KEY, { kind: 'apiKey' } satisfies AccessRule);
/**
 * An org route: current membership of :orgId with this permission (or one of the alternatives,
 * in which case the service narrows what a caller with only an alternative gets).
 */
export const RequirePermission = (permission: TPermission, ...or: TPermission[]) =>
  SetMetadata(
    ACCESS_KEY,
    (or.length > 0 ? { kind: 'permission', permission, or } : { kind: 'permission', permission }) satisfies AccessRule,
  );

interface RequestWithAuth {
  principal?: AuthPrincipal;
  orgContext?: OrgContext;
}

/** The verified org context built by the access guard. */
export const Ctx = createParamDecorator((_: unknown, ctx: ExecutionContext): OrgContext => {
  const req = ctx.switchToHttp().getRequest<RequestWithAuth>();
  if (!req.orgContext) throw new Error('Ctx used on a route without RequirePermission');
  return req.orgContext;
});

export const Principal = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthPrincipal => {
  const req = ctx.switchToHttp().getRequest<RequestWithAuth>();
  if (!req.principal) throw new Error('Principal used on a public route');
  return req.principal;
});
