import { describe, expect, it } from 'vitest';
import type { OrgContext } from '../platform/access/context.js';
import { costScope } from '../platform/access/cost-scope.js';

const ctx = (over: Partial<OrgContext>): OrgContext => ({
  requestId: 'r',
  organizationId: 'o',
  principal: { kind: 'USER', userId: 'u', sessionId: 's', isPlatformAdmin: false },
  membershipId: 'm-1',
  actorUserId: 'u',
  role: 'ACCOUNTANT',
  permissions: new Set(),
  dataScope: 'ORG',
  teamIds: [],
  ...over,
});

describe('costScope', () => {
  it('ORG: no restriction', () => {
    expect(costScope(ctx({ dataScope: 'ORG', teamIds: ['t'] }))).toEqual({});
  });
  it("TEAM: documents about my teams' assets, or created by me", () => {
    expect(costScope(ctx({ dataScope: 'TEAM', teamIds: ['t-1', 't-2'] }))).toEqual({
      OR: [{ asset: { is: { teamId: { in: ['t-1', 't-2'] } } } }, { createdByMembershipId: 'm-1' }],
    });
  });
  it('TEAM without a team: still my own documents', () => {
    expect(costScope(ctx({ dataScope: 'TEAM', teamIds: [] }))).toEqual({ createdByMembershipId: 'm-1' });
  });
  it('ASSIGNED: created by me; nothing for a caller without a membership', () => {
    expect(costScope(ctx({ dataScope: 'ASSIGNED' }))).toEqual({ createdByMembershipId: 'm-1' });
    expect(costScope(ctx({ dataScope: 'ASSIGNED', membershipId: null }))).toEqual({ id: { in: [] } });
    expect(costScope(ctx({ dataScope: 'TEAM', teamIds: [], membershipId: null }))).toEqual({ id: { in: [] } });
  });
});
