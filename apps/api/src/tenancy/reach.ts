import type { TDataScope } from '@amms/contracts/permissions';

/** What a member or a key sees: a data scope and, under TEAM (or ASSIGNED), the teams it holds. */
export interface Reach {
  dataScope: TDataScope;
  teamIds: readonly string[];
}

/** ORG sees everything, TEAM less, ASSIGNED least. */
const NARROWNESS: Readonly<Record<TDataScope, number>> = { ORG: 0, TEAM: 1, ASSIGNED: 2 };

/**
 * What of `granted` goes beyond `holder` (null: nothing). The ceiling rule: nobody grants or
 * touches, through a member or a key, a reach wider than their own — a scope at least as narrow
 * as theirs and, unless they are ORG-scoped, only teams they are in.
 */
export function beyondReach(granted: Reach, holder: Reach): { dataScope?: TDataScope; teamIds?: string[] } | null {
  const out: { dataScope?: TDataScope; teamIds?: string[] } = {};
  if (NARROWNESS[granted.dataScope] < NARROWNESS[holder.dataScope]) out.dataScope = granted.dataScope;
  if (holder.dataScope !== 'ORG') {
    const mine = new Set(holder.teamIds);
    const foreign = granted.teamIds.filter((t) => !mine.has(t));
    if (foreign.length > 0) out.teamIds = [...new Set(foreign)].sort();
  }
  return out.dataScope || out.teamIds ? out : null;
}

/** The narrower scope of the two (a role's default scope, capped at the caller's). */
export function narrowerScope(a: TDataScope, b: TDataScope): TDataScope {
  return NARROWNESS[a] >= NARROWNESS[b] ? a : b;
}

/**
 * Both limits at once (a key's stored reach and its creator's current one): the narrower scope,
 * and the teams both allow (an ORG side allows any team, so the other side's teams stand).
 */
export function intersectReach(a: Reach, b: Reach): Reach {
  const dataScope = narrowerScope(a.dataScope, b.dataScope);
  let teamIds: readonly string[];
  if (a.dataScope === 'ORG') teamIds = b.teamIds;
  else if (b.dataScope === 'ORG') teamIds = a.teamIds;
  else {
    const inB = new Set(b.teamIds);
    teamIds = a.teamIds.filter((t) => inB.has(t));
  }
  return { dataScope, teamIds: [...new Set(teamIds)].sort() };
}
