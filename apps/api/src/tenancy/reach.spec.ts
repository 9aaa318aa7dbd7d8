import { describe, expect, it } from 'vitest';
import { beyondReach, intersectReach, narrowerScope } from './reach.js';

describe('reach ceilings', () => {
  it('an ORG holder may grant anything', () => {
    expect(beyondReach({ dataScope: 'ORG', teamIds: ['t9'] }, { dataScope: 'ORG', teamIds: [] })).toBeNull();
  });

  it('a TEAM holder grants TEAM or ASSIGNED within their own teams only', () => {
    const holder = { dataScope: 'TEAM' as const, teamIds: ['t1', 't2'] };
    expect(beyondReach({ dataScope: 'TEAM', teamIds: ['t1'] }, holder)).toBeNull();
    expect(beyondReach({ dataScope: 'ASSIGNED', teamIds: ['t2'] }, holder)).toBeNull();
    expect(beyondReach({ dataScope: 'ORG', teamIds: [] }, holder)).toEqual({ dataScope: 'ORG' });
    expect(beyondReach({ dataScope: 'TEAM', teamIds: ['t3', 't1', 't3'] }, holder)).toEqual({ teamIds: ['t3'] });
  });

  it('an ASSIGNED holder grants only ASSIGNED', () => {
    expect(beyondReach({ dataScope: 'TEAM', teamIds: [] }, { dataScope: 'ASSIGNED', teamIds: [] })).toEqual({
      dataScope: 'TEAM',
    });
  });

  it('intersects a key with its creator', () => {
    expect(intersectReach({ dataScope: 'ORG', teamIds: [] }, { dataScope: 'TEAM', teamIds: ['t1'] })).toEqual({
      dataScope: 'TEAM',
      teamIds: ['t1'],
    });
    expect(
      intersectReach({ dataScope: 'TEAM', teamIds: ['t1', 't2'] }, { dataScope: 'TEAM', teamIds: ['t2', 't3'] }),
    ).toEqual({ dataScope: 'TEAM', teamIds: ['t2'] });
    expect(intersectReach({ dataScope: 'TEAM', teamIds: ['t1'] }, { dataScope: 'ASSIGNED', teamIds: ['t1'] })).toEqual({
      dataScope: 'ASSIGNED',
      teamIds: ['t1'],
    });
    expect(narrowerScope('ORG', 'TEAM')).toBe('TEAM');
  });
});
