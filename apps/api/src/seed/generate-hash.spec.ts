import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Role } from '@amms/db';
import { PLATFORM_CATALOG } from './catalog.js';
import { generateOrgData, type GenMember } from './generate.js';
import { weekAnchor } from '../platform/random/prng.js';

/**
 * The generator's exact output, pinned by hash: a change of shape (moving code between files)
 * must not move a single random draw. A deliberate change to the demo data updates these.
 */
function input(slug: string, scale: number, now: Date) {
  let n = 0;
  const uuid = () => `20000000-0000-4000-8000-${String(n++).padStart(12, '0')}`;
  const crews = slug === 'green-valley' ? ['crew-a', 'crew-b'] : ['crew-a'];
  const members: GenMember[] = [];
  const add = (role: Role, teamIds: string[]) => members.push({ membershipId: uuid(), userId: uuid(), role, teamIds });
  for (const r of ['OWNER', 'ADMIN', 'DISPATCHER', 'ACCOUNTANT', 'VIEWER'] as const) add(r, []);
  for (let i = 0; i < 10 * scale; i++) add('OPERATOR', [crews[i % crews.length] as string]);
  for (let i = 0; i < 3 * scale; i++) add('MECHANIC', ['shop']);
  const modelIds = Object.fromEntries(
    PLATFORM_CATALOG.map((m, i) => [m.key, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`]),
  );
  return { slug, organizationId: 'org-1', scale, anchor: weekAnchor(now), now, modelIds, crewTeamIds: crews, members };
}

const digest = (slug: string, scale: number, now: string) => {
  const data = generateOrgData(input(slug, scale, new Date(now)));
  const text = JSON.stringify(data, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
};

describe('seed generator output', () => {
  it.each([
    ['green-valley', 1, '2026-12-02T15:00:00Z', '702eeefda880116e'],
    ['red-river', 1, '2026-12-02T15:00:00Z', '8acb24aa4a93b557'],
    ['green-valley', 2, '2026-06-10T03:00:00Z', '03a63ca089af5835'],
    ['red-river', 1, '2027-03-01T02:00:00Z', '8d9e7664b3fd2090'],
  ])('%s ×%i at %s hashes to %s', (slug, scale, now, hash) => {
    expect(digest(slug, scale, now)).toBe(hash);
  });
});
