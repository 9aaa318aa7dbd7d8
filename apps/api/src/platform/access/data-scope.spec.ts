import { describe, expect, it } from 'vitest';
import { MATCH_NOTHING, scopeWhere, type ScopeMapping, type ScopeSubject } from './data-scope.js';

type Where = { kind: string; ids: readonly string[] };
const mapping: ScopeMapping<Where> = {
  team: (teamIds) => ({ kind: 'team', ids: teamIds }),
  assigned: (membershipId) => ({ kind: 'assigned', ids: [membershipId] }),
};
const subject = (s: Partial<ScopeSubject>): ScopeSubject => ({
  dataScope: 'ORG',
  teamIds: [],
  membershipId: 'm-1',
  ...s,
});

describe('scopeWhere', () => {
  it('ORG: no restriction, even with teams', () => {
    expect(scopeWhere(subject({ dataScope: 'ORG', teamIds: ['t-1'] }), mapping)).toEqual({});
  });

  it('TEAM with teams: rows of exactly those teams', () => {
    expect(scopeWhere(subject({ dataScope: 'TEAM', teamIds: ['t-1', 't-2'] }), mapping)).toEqual({
      kind: 'team',
      ids: ['t-1', 't-2'],
    });
  });

  it('TEAM without teams: matches nothing (not everything)', () => {
    const w = scopeWhere(subject({ dataScope: 'TEAM', teamIds: [] }), mapping);
    expect(w).toBe(MATCH_NOTHING);
    expect(MATCH_NOTHING.id.in).toEqual([]);
  });

  it('ASSIGNED with a membership: rows assigned to that membership', () => {
    expect(scopeWhere(subject({ dataScope: 'ASSIGNED', membershipId: 'm-42', teamIds: ['t-1'] }), mapping)).toEqual({
      kind: 'assigned',
      ids: ['m-42'],
    });
  });

  it('ASSIGNED without a membership (API key): matches nothing', () => {
    expect(scopeWhere(subject({ dataScope: 'ASSIGNED', membershipId: null }), mapping)).toBe(MATCH_NOTHING);
  });

  it('calls only the mapping the scope needs', () => {
    const calls: string[] = [];
    const spyMapping: ScopeMapping<Where> = {
      team: (ids) => (calls.push('team'), mapping.team(ids)),
      assigned: (id) => (calls.push('assigned'), mapping.assigned(id)),
    };
    scopeWhere(subject({ dataScope: 'ORG', teamIds: ['t'] }), spyMapping);
    scopeWhere(subject({ dataScope: 'TEAM', teamIds: ['t'] }), spyMapping);
    scopeWhere(subject({ dataScope: 'ASSIGNED' }), spyMapping);
    expect(calls).toEqual(['team', 'assigned']);
  });
});
