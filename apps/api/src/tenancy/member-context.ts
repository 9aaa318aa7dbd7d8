import { permissionsOf, type TDataScope, type TMembershipStatus, type TRole } from '@amms/contracts/permissions';
import type { AuthPrincipal, OrgContext } from '../platform/access/context.js';

/** What a membership grants, as read from the database (never from a token or a queued job). */
export interface MemberFacts {
  id: string;
  role: TRole;
  dataScope: TDataScope;
  status: TMembershipStatus;
  teamIds: string[];
}

/**
 * The OrgContext of a member acting in an org. One builder for the request guard (membership
 * read per request) and the worker (membership re-read when a queued job runs), so both derive
 * permissions and data scope the same way. Callers refuse non-ACTIVE memberships first.
 */
export function memberContext(
  organizationId: string,
  principal: Extract<AuthPrincipal, { kind: 'USER' }>,
  m: MemberFacts,
  requestId: string,
): OrgContext {
  return {
    requestId,
    organizationId,
    principal,
    membershipId: m.id,
    actorUserId: principal.userId,
    role: m.role,
    permissions: permissionsOf(m.role),
    dataScope: m.dataScope,
    teamIds: m.teamIds,
  };
}

/** The OrgContext of an API key: its creator's membership and user, the key's (already narrowed) scopes, scope and teams. */
export function keyContext(principal: Extract<AuthPrincipal, { kind: 'API_KEY' }>, requestId: string): OrgContext {
  return {
    requestId,
    organizationId: principal.organizationId,
    principal,
    membershipId: principal.membershipId,
    actorUserId: principal.userId,
    role: 'SERVICE',
    permissions: new Set(principal.scopes),
    dataScope: principal.dataScope,
    teamIds: principal.teamIds,
  };
}

/** A member row as the worker reads it to act for the org: rights, teams and the user's locale. */
export interface ActingMemberRow extends Omit<MemberFacts, 'teamIds'> {
  userId: string;
  teams: { teamId: string }[];
  user: { isPlatformAdmin: boolean; locale: string };
}

/**
 * The members a background job may act as, in the order of `roles` (within a role, as given),
 * each with the OrgContext of their own rights. The caller takes the first that may do the work.
 */
export function* actingMembers(
  organizationId: string,
  members: ActingMemberRow[],
  roles: readonly TRole[],
  requestId: string,
): Generator<{ ctx: OrgContext; locale: string }> {
  const ordered = [...members].sort((a, b) => roles.indexOf(a.role) - roles.indexOf(b.role));
  for (const m of ordered) {
    const principal = {
      kind: 'USER' as const,
      userId: m.userId,
      sessionId: requestId,
      isPlatformAdmin: m.user.isPlatformAdmin,
    };
    const ctx = memberContext(organizationId, principal, { ...m, teamIds: m.teams.map((t) => t.teamId) }, requestId);
    yield { ctx, locale: m.user.locale };
  }
}
