import type { TDataScope } from '@amms/contracts/permissions';

/**
 * How one resource maps each data scope to a query filter. Every resource must say
 * what TEAM and ASSIGNED mean for it, so a new repository cannot forget a scope.
 */
export interface ScopeMapping<W> {
  team: (teamIds: readonly string[]) => W;
  assigned: (membershipId: string) => W;
  /**
   * TEAM scope for a caller in no team. Default: nothing. A resource where part of the TEAM rule
   * does not depend on teams (e.g. "plus the ones I created") says what is left of it here.
   */
  teamless?: () => W;
}

export interface ScopeSubject {
  dataScope: TDataScope;
  teamIds: readonly string[];
  membershipId: string | null;
}

/** A filter no row matches: used when a scope has nothing to match against. */
export const MATCH_NOTHING = { id: { in: [] as string[] } } as const;

/**
 * The caller's scope resolved to one value of any type: `all` (ORG), `none` (nothing to match:
 * TEAM without teams and no `teamless`, ASSIGNED without a membership) or the mapping's answer.
 */
export function resolveScope<R>(subject: ScopeSubject, mapping: ScopeMapping<R> & { all: R; none: R }): R {
  switch (subject.dataScope) {
    case 'ORG':
      return mapping.all;
    case 'TEAM':
      if (subject.teamIds.length > 0) return mapping.team(subject.teamIds);
      return mapping.teamless ? mapping.teamless() : mapping.none;
    case 'ASSIGNED':
      return subject.membershipId ? mapping.assigned(subject.membershipId) : mapping.none;
  }
}

/**
 * The where-fragment for the caller's data scope, to be AND-ed inside the query
 * (`where: { id, organizationId, ...scope }`), never applied after loading.
 * ORG → no restriction; TEAM → rows of my teams (none if I have no team, unless the mapping's
 * `teamless` says otherwise); ASSIGNED → rows assigned to me (none for a caller without a membership).
 * `W` is a Prisma where-input: every model's accepts `{}` (all rows) and `MATCH_NOTHING` (an id filter).
 */
export function scopeWhere<W extends object>(subject: ScopeSubject, mapping: ScopeMapping<W>): W {
  return resolveScope<W>(subject, { ...mapping, all: {} as W, none: MATCH_NOTHING as unknown as W });
}

/**
 * The write rule of team-owned rows (jobs, fields, machines, and every new team-owned resource):
 * a TEAM-scoped writer may only put a row into one of their own teams (or they could not see it
 * afterwards), and never a row without a team; an ASSIGNED writer creates none; ORG writes anywhere.
 */
export function canWriteTeam(subject: Pick<ScopeSubject, 'dataScope' | 'teamIds'>, teamId: string | null): boolean {
  if (subject.dataScope === 'ORG') return true;
  return subject.dataScope === 'TEAM' && teamId !== null && subject.teamIds.includes(teamId);
}
