import type { Role } from '@amms/db';
import { weekAnchor } from '../platform/random/prng.js';
import { PLATFORM_CATALOG } from './catalog.js';
import type { GenMember } from './generate.js';

/**
 * The generator's input for the seed specs: an org's members (5 office roles, 10 operators per
 * scale over its crews, 3 mechanics per scale), the platform models and the week anchor of `now`.
 * `idPrefix` starts every member's uuid (the hash spec pins its output with its own prefix).
 */
export function generatorInput(slug: string, scale: number, now: Date, idPrefix: string) {
  let n = 0;
  const uuid = () => `${idPrefix}-0000-4000-8000-${String(n++).padStart(12, '0')}`;
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
