import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateOrgData } from './generate.js';
import { generatorInput } from './generate.fixtures.js';

/**
 * The generator's exact output, pinned by hash: a change of shape (moving code between files)
 * must not move a single random draw. A deliberate change to the demo data updates these.
 */
const digest = (slug: string, scale: number, now: string) => {
  const data = generateOrgData(generatorInput(slug, scale, new Date(now), '20000000'));
  const text = JSON.stringify(data, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
};

describe('seed generator output', () => {
  it.each([
    ['green-valley', 1, '2026-12-02T15:00:00Z', 'b734ed910b8f5fde'],
    ['red-river', 1, '2026-12-02T15:00:00Z', 'da3d8bdb21986b48'],
    ['green-valley', 2, '2026-06-10T03:00:00Z', 'fd7a4cff76502948'],
    ['red-river', 1, '2027-03-01T02:00:00Z', '9560d1474b88da16'],
  ])('%s ×%i at %s hashes to %s', (slug, scale, now, hash) => {
    expect(digest(slug, scale, now)).toBe(hash);
  });
});
