import 'server-only';
import type { TMeResponse, TMyMembership } from '@amms/contracts/auth';
import { notFound } from 'next/navigation';
import { activeMemberships, requireMe } from '@/lib/server/auth';
import { fieldHref } from './links';
import type { FieldOrgProps } from './types';

export type FieldContext = { me: TMeResponse; membership: TMyMembership | null; memberships: TMyMembership[] };

const FIELD_ROLES: readonly TMyMembership['role'][] = ['OPERATOR', 'MECHANIC'];

/**
 * Auth + org choice for every /field page. The org comes from `?org=<orgId>` (404 when I am
 * not an active member of it: nothing about that org is revealed); without it, my first
 * active membership as OPERATOR or MECHANIC, else my first active membership.
 */
export async function requireFieldContext(
  path: string,
  searchParams: Record<string, string | string[] | undefined>,
): Promise<FieldContext> {
  const raw = searchParams.org;
  const orgParam = typeof raw === 'string' && raw ? raw : undefined;
  const me = await requireMe(orgParam ? fieldHref(path, orgParam) : path);
  const memberships = activeMemberships(me);
  if (orgParam) {
    const membership = memberships.find((m) => m.organization.id === orgParam);
    if (!membership) notFound();
    return { me, membership, memberships };
  }
  const membership = memberships.find((m) => FIELD_ROLES.includes(m.role)) ?? memberships[0] ?? null;
  return { me, membership, memberships };
}

export function fieldOrgProps(membership: TMyMembership): FieldOrgProps {
  return {
    orgId: membership.organization.id,
    orgName: membership.organization.name,
    timeZone: membership.organization.timezone,
    membershipId: membership.membershipId,
    role: membership.role,
    permissions: membership.permissions,
  };
}

/** Does the field app have anything for this member? (run jobs, report faults, work on orders) */
export function usesFieldApp(membership: TMyMembership): boolean {
  return (['job.execute', 'workorder.write', 'workorder.work'] as const).some((p) =>
    membership.permissions.includes(p),
  );
}
