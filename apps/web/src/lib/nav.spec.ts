import { describe, expect, it } from 'vitest';
import { landingPath } from './nav';

/** Issue #12: each role lands where it works. */
describe('landingPath', () => {
  const org = { id: '7b0c1d2e-0000-4000-8000-000000000001' };
  it('operators and mechanics land in the field app of their org', () => {
    expect(landingPath({ role: 'OPERATOR', organization: org })).toBe(`/field?org=${org.id}`);
    expect(landingPath({ role: 'MECHANIC', organization: org })).toBe(`/field?org=${org.id}`);
  });
  it('the others on the org dashboard', () => {
    for (const role of ['OWNER', 'ADMIN', 'DISPATCHER', 'ACCOUNTANT', 'VIEWER'] as const)
      expect(landingPath({ role, organization: org })).toBe(`/orgs/${org.id}`);
  });
});
