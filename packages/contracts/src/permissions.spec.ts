import { describe, expect, it } from 'vitest';
import {
  DATA_SCOPES,
  DEFAULT_SCOPE,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLE_RANK,
  ROLES,
  permissionsOf,
  roleHas,
  type TPermission,
} from './permissions.js';

const known = new Set<string>(PERMISSIONS);
const isRead = (p: TPermission) => p.endsWith('.read');

describe('permission table', () => {
  it('has an entry for every role and nothing else', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
  });

  it('every permission is `resource.action` and listed once', () => {
    for (const p of PERMISSIONS) expect(p).toMatch(/^[a-z]+\.[a-z]+$/);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it.each(ROLES)('%s grants only known permissions, each once', (role) => {
    const granted = ROLE_PERMISSIONS[role];
    expect(granted.filter((p) => !known.has(p))).toEqual([]);
    expect(new Set(granted).size).toBe(granted.length);
  });

  it.each(ROLES)('%s can read its org', (role) => {
    expect(roleHas(role, 'org.read')).toBe(true);
  });

  it.each(['OWNER', 'ADMIN'] as const)('%s has every permission', (role) => {
    expect([...permissionsOf(role)].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('VIEWER only reads', () => {
    const writes = ROLE_PERMISSIONS.VIEWER.filter((p) => !isRead(p));
    expect(writes).toEqual([]);
    expect(ROLE_PERMISSIONS.VIEWER.length).toBeGreaterThan(1);
  });

  it('ACCOUNTANT approves costs but never touches jobs or drafts', () => {
    expect(roleHas('ACCOUNTANT', 'cost.approve')).toBe(true);
    const forbidden = ROLE_PERMISSIONS.ACCOUNTANT.filter((p) => p.startsWith('job.') || p.startsWith('draft.'));
    expect(forbidden).toEqual([]);
  });

  it('OPERATOR executes jobs but does not schedule them', () => {
    expect(roleHas('OPERATOR', 'job.execute')).toBe(true);
    expect(roleHas('OPERATOR', 'job.schedule')).toBe(false);
  });

  it('people and keys are managed only by OWNER and ADMIN', () => {
    const managers = ROLES.filter(
      (r) => roleHas(r, 'member.manage') || roleHas(r, 'apikey.manage') || roleHas(r, 'team.manage'),
    );
    expect(managers.sort()).toEqual(['ADMIN', 'OWNER']);
  });

  it('only OWNER and ADMIN outrank everyone else; OWNER is the top', () => {
    const top = Math.max(...ROLES.map((r) => ROLE_RANK[r]));
    expect(ROLES.filter((r) => ROLE_RANK[r] === top)).toEqual(['OWNER']);
    for (const r of ROLES) if (r !== 'OWNER' && r !== 'ADMIN') expect(ROLE_RANK[r]).toBeLessThan(ROLE_RANK.ADMIN);
  });

  it('permissionsOf and roleHas agree with the table', () => {
    for (const role of ROLES) {
      const set = permissionsOf(role);
      for (const p of PERMISSIONS) expect(set.has(p)).toBe(roleHas(role, p));
    }
  });

  it('every role has a valid default data scope', () => {
    for (const role of ROLES) expect(DATA_SCOPES).toContain(DEFAULT_SCOPE[role]);
  });
});
