import type { TDataScope } from '@amms/contracts/permissions';

/**
 * How one resource maps each data scope to a query filter. Every resource must say
 * what TEAM and ASSIGNED mean for it, so a new repository cannot forget a scope.
 */
export interface ScopeMapping<W> {
  team: (teamIds: readonly string[]) => W;
  assigned: (membershipId: string) => W;
}

export interface ScopeSubject {
  dataScope: TDataScope;
  teamIds: readonly string[];
  membershipId: string | null;
}

/** A filter no row matches: used when a scope has nothing to match against. */
export const MATCH_NOTHING = { id: { in: [] as string[] } } as const;

/**
 * The where-fragment for the caller's data scope, to be AND-ed inside the query
 * (`where: { id, organizationId, ...scope }`), never applied after loading.
 * ORG → no restriction; TEAM → rows of my teams (none if I have no team);
 * ASSIGNED → rows assigned to me (none for a caller without a membership).
 */
export function scopeWhere<W>(
  subject: ScopeSubject,
  mapping: ScopeMapping<W>,
): W | Record<string, never> | typeof MATCH_NOTHING {
  switch (subject.dataScope) {
    case 'ORG':
      return {};
    case 'TEAM':
      return subject.teamIds.length > 0 ? mapping.team(subject.teamIds) : MATCH_NOTHING;
    case 'ASSIGNED':
      return subject.membershipId ? mapping.assigned(subject.membershipId) : MATCH_NOTHING;
  }
}
