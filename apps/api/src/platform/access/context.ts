import type { TDataScope, TPermission, TRole } from '@amms/contracts/permissions';

export type AuthPrincipal =
  | { kind: 'USER'; userId: string; sessionId: string; isPlatformAdmin: boolean }
  | {
      kind: 'API_KEY';
      apiKeyId: string;
      organizationId: string;
      /** the key's scopes, narrowed to what its creator's current role holds */
      scopes: readonly TPermission[];
      /** the member the key acts for (its creator, an ACTIVE member) and their user */
      membershipId: string;
      userId: string;
      /** the key's data scope and teams, narrowed to its creator's current ones */
      dataScope: TDataScope;
      teamIds: readonly string[];
    };

/**
 * The verified context every org service method takes as its first argument.
 * Built fresh from the database on each request (and by workers from stored ids).
 */
export interface OrgContext {
  requestId: string;
  organizationId: string;
  principal: AuthPrincipal;
  /**
   * The member who acts. An API key acts for the member who created it: its membership and
   * user are the creator's, so every "not the same person" rule (cost approval, work-order
   * acceptance) and every "mine" filter treats a key as its creator. The audit trail still
   * records the key as the actor (actorOf reads the principal). null only outside requests.
   */
  membershipId: string | null;
  actorUserId: string | null;
  role: TRole | 'SERVICE';
  permissions: ReadonlySet<TPermission>;
  dataScope: TDataScope;
  teamIds: readonly string[];
}

export function actorOf(ctx: OrgContext): {
  actorType: 'USER' | 'API_KEY';
  actorUserId: string | null;
  actorApiKeyId: string | null;
} {
  return ctx.principal.kind === 'USER'
    ? { actorType: 'USER', actorUserId: ctx.principal.userId, actorApiKeyId: null }
    : { actorType: 'API_KEY', actorUserId: null, actorApiKeyId: ctx.principal.apiKeyId };
}
