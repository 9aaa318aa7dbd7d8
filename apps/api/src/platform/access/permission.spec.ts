import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TPermission } from '@amms/contracts/permissions';
import { may, mayAny, missingPermissions, roleMay, rolesThatMay } from './permission.js';

const holder = (...p: TPermission[]) => ({ permissions: new Set<TPermission>(p) });

describe('permission helpers', () => {
  it('may / mayAny / missingPermissions read the caller’s set', () => {
    const h = holder('job.read', 'asset.read');
    expect(may(h, 'job.read')).toBe(true);
    expect(may(h, 'job.schedule')).toBe(false);
    expect(mayAny(h, 'job.schedule', 'asset.read')).toBe(true);
    expect(mayAny(h, 'job.schedule', 'cost.read')).toBe(false);
    expect(missingPermissions(h, ['cost.read', 'job.read', 'job.schedule'])).toEqual(['cost.read', 'job.schedule']);
  });

  it('roleMay / rolesThatMay read the role table', () => {
    expect(roleMay('OPERATOR', 'job.execute')).toBe(true);
    expect(roleMay('VIEWER', 'job.execute')).toBe(false);
    expect(rolesThatMay('cost.approve')).toContain('ACCOUNTANT');
    expect(rolesThatMay('cost.approve')).not.toContain('OPERATOR');
  });
});

describe('one place for permission decisions', () => {
  const src = fileURLToPath(new URL('../..', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );

  it('no file outside platform/access asks a permission set or the role table directly', () => {
    const offenders = files(src)
      .map((f) => relative(src, f))
      .filter((f) => !f.startsWith('platform/access/'))
      .filter((f) => /permissions\.has\b|\broleHas\b/.test(readFileSync(join(src, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
