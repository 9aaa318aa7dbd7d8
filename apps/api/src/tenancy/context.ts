import type { TDataScope, TPermission, TRole } from '@amms/contracts/permissions';

export type AuthPrincipal =
  | { kind: 'USER'; userId: string; sessionId: string; isPlatformAdmin: boolean }
  | { kind: 'API_KEY'; apiKeyId: string; organizationId: string; scopes: readonly TPermission[] };

/**
 * The verified context every org service method takes as its first argument.
 * Built fresh from the database on each request (and by workers from stored ids).
 */
export interface OrgContext {
  requestId: string;
  organizationId: string;
  principal: AuthPrincipal;
  /** null for API keys (a key is a service member, not a person) */
  membershipId: string | null;
  actorUserId: string | null;
  role: TRole | 'SERVICE';
  permissions: ReadonlySet<TPermission>;
  dataScope: TDataScope;
  teamIds: readonly string[];
}

export function actorOf(ctx: OrgContext): { actorType: 'USER' | 'API_KEY'; actorUserId: string | null; actorApiKeyId: string | null } {
  return ctx.principal.kind === 'USER'
    ? { actorType: 'USER', actorUserId: ctx.principal.userId, actorApiKeyId: null }
    : { actorType: 'API_KEY', actorUserId: null, actorApiKeyId: ctx.principal.apiKeyId };
}
