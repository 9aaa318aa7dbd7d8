import { describe, expect, it } from 'vitest';
import { ZPlanConstraints, type TPlanConstraints } from './agent.js';

const ID = '00000000-0000-4000-8000-000000000001';
const valid: TPlanConstraints = {
  intent: 'SCHEDULE_JOBS',
  period: { from: '2026-12-07', to: '2026-12-13' },
  operationTypes: ['HARVESTING'],
  teams: [{ id: ID, name: '一队' }],
  fields: [],
  minPriority: null,
  urgentFirst: false,
  avoid: { inMaintenance: true, dueForMaintenance: false, assets: [], operators: [] },
  prefer: { assets: [], operators: [] },
  missing: [],
  question: null,
  language: 'zh',
  notes: ['目标：安排作业'],
};
const ok = (patch: object) => ZPlanConstraints.safeParse({ ...valid, ...patch }).success;

describe('ZPlanConstraints', () => {
  it('accepts a consistent plan', () => {
    expect(ZPlanConstraints.parse(valid)).toEqual(valid);
    expect(ok({ intent: 'UNKNOWN', period: null, missing: ['intent', 'period'], question: '你想让我安排什么？' })).toBe(
      true,
    );
  });

  it('is strict: unknown keys, ids that are not uuids, bad dates are refused', () => {
    expect(ok({ organizationId: ID })).toBe(false);
    expect(ok({ avoid: { ...valid.avoid, everything: true } })).toBe(false);
    expect(ok({ teams: [{ id: 'team-1', name: '一队' }] })).toBe(false);
    expect(ok({ teams: [{ id: ID, name: '一队', extra: 1 }] })).toBe(false);
    expect(ok({ period: { from: '2026-12-13', to: '2026-12-07' } })).toBe(false);
    expect(ok({ period: { from: '2026-02-30', to: '2026-03-01' } })).toBe(false);
    expect(ok({ operationTypes: ['HARVESTING', 'HARVESTING'] })).toBe(false);
    expect(ok({ operationTypes: ['DIGGING'] })).toBe(false);
    expect(ok({ minPriority: 6 })).toBe(false);
    expect(ok({ minPriority: 2.5 })).toBe(false);
  });

  it('is bounded', () => {
    const refs = Array.from({ length: 51 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `n${i}`,
    }));
    expect(ok({ fields: refs })).toBe(false);
    expect(ok({ fields: refs.slice(0, 50) })).toBe(true);
    expect(ok({ notes: Array.from({ length: 21 }, () => 'x') })).toBe(false);
    expect(ok({ notes: ['x'.repeat(301)] })).toBe(false);
    expect(ok({ teams: [{ id: ID, name: '' }] })).toBe(false);
    expect(ok({ teams: [valid.teams[0], valid.teams[0]] })).toBe(false);
  });

  it('tells one consistent story', () => {
    // a question exactly when something is missing
    expect(ok({ question: '?' })).toBe(false);
    expect(ok({ period: null, missing: ['period'] })).toBe(false);
    // UNKNOWN ⇔ intent missing; no period ⇔ period missing
    expect(ok({ intent: 'UNKNOWN' })).toBe(false);
    expect(ok({ missing: ['intent'], question: '?' })).toBe(false);
    expect(ok({ period: null })).toBe(false);
    expect(ok({ missing: ['period'], question: '?' })).toBe(false);
    // never both avoided and preferred
    expect(
      ok({
        avoid: { ...valid.avoid, assets: [{ id: ID, name: 'S780' }] },
        prefer: { assets: [{ id: ID, name: 'S780' }], operators: [] },
      }),
    ).toBe(false);
  });
});
