import { describe, expect, it } from 'vitest';
import {
  canWriteTeam,
  MATCH_NOTHING,
  resolveScope,
  scopeWhere,
  type ScopeMapping,
  type ScopeSubject,
} from './data-scope.js';

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

  it("TEAM without teams: the mapping's teamless answer when it has one, and only then", () => {
    const withTeamless: ScopeMapping<Where> = { ...mapping, teamless: () => ({ kind: 'mine', ids: ['m-1'] }) };
    expect(scopeWhere(subject({ dataScope: 'TEAM', teamIds: [] }), withTeamless)).toEqual({
      kind: 'mine',
      ids: ['m-1'],
    });
    expect(scopeWhere(subject({ dataScope: 'TEAM', teamIds: ['t-1'] }), withTeamless)).toEqual({
      kind: 'team',
      ids: ['t-1'],
    });
    expect(scopeWhere(subject({ dataScope: 'ASSIGNED', membershipId: null }), withTeamless)).toBe(MATCH_NOTHING);
  });
});

describe('resolveScope', () => {
  const kinds = { all: 'ALL', none: 'NONE', team: () => 'TEAM', assigned: () => 'MINE' };
  it('answers all / none / the mapping, typed as the caller asks', () => {
    expect(resolveScope(subject({ dataScope: 'ORG' }), kinds)).toBe('ALL');
    expect(resolveScope(subject({ dataScope: 'TEAM', teamIds: ['t'] }), kinds)).toBe('TEAM');
    expect(resolveScope(subject({ dataScope: 'TEAM', teamIds: [] }), kinds)).toBe('NONE');
    expect(resolveScope(subject({ dataScope: 'ASSIGNED', membershipId: 'm' }), kinds)).toBe('MINE');
    expect(resolveScope(subject({ dataScope: 'ASSIGNED', membershipId: null }), kinds)).toBe('NONE');
  });
});

describe('canWriteTeam', () => {
  it('ORG writes anywhere, TEAM only into its own teams, ASSIGNED nowhere', () => {
    expect(canWriteTeam(subject({ dataScope: 'ORG' }), null)).toBe(true);
    expect(canWriteTeam(subject({ dataScope: 'ORG' }), 't-9')).toBe(true);
    expect(canWriteTeam(subject({ dataScope: 'TEAM', teamIds: ['t-1'] }), 't-1')).toBe(true);
    expect(canWriteTeam(subject({ dataScope: 'TEAM', teamIds: ['t-1'] }), 't-2')).toBe(false);
    expect(canWriteTeam(subject({ dataScope: 'TEAM', teamIds: ['t-1'] }), null)).toBe(false);
    expect(canWriteTeam(subject({ dataScope: 'ASSIGNED', teamIds: ['t-1'] }), 't-1')).toBe(false);
  });
});
