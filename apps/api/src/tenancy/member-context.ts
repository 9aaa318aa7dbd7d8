import { permissionsOf, type TDataScope, type TMembershipStatus, type TRole } from '@amms/contracts/permissions';
import type { PrismaClient } from '@amms/db';
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

/** A membership of `organizationId` with its user and teams, as it is now (null: none). */
export async function loadMember(
  db: PrismaClient,
  organizationId: string,
  membershipId: string,
): Promise<(MemberFacts & { userId: string; isPlatformAdmin: boolean }) | null> {
  const m = await db.membership.findFirst({
    where: { id: membershipId, organizationId },
    select: {
      id: true,
      role: true,
      dataScope: true,
      status: true,
      userId: true,
      user: { select: { isPlatformAdmin: true } },
      teams: { select: { teamId: true }, orderBy: { teamId: 'asc' } },
    },
  });
  if (!m) return null;
  return {
    id: m.id,
    role: m.role,
    dataScope: m.dataScope,
    status: m.status,
    userId: m.userId,
    isPlatformAdmin: m.user.isPlatformAdmin,
    teamIds: m.teams.map((t) => t.teamId),
  };
}
