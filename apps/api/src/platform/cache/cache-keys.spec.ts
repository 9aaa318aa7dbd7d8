import { describe, expect, it } from 'vitest';
import { CacheKeys, flightId, jitteredTtl, listValueKey, normalize, queryHash, scopeHash } from './cache-keys.js';

const ORG = '11111111-1111-4111-8111-111111111111';
const org = { dataScope: 'ORG', teamIds: [], membershipId: 'm1' } as const;
const team = (...teamIds: string[]) => ({ dataScope: 'TEAM' as const, teamIds, membershipId: 'm1' });
const assigned = (membershipId: string | null) => ({ dataScope: 'ASSIGNED' as const, teamIds: [], membershipId });

describe('cache keys', () => {
  it('normalizes queries: key order and undefined values do not change the key; values do', () => {
    const a = CacheKeys.list(ORG, 'asset', org, { limit: 50, status: 'ACTIVE', q: undefined, cursor: undefined });
    const b = CacheKeys.list(ORG, 'asset', org, { status: 'ACTIVE', limit: 50 });
    expect(listValueKey(a, [3])).toBe(listValueKey(b, [3]));
    expect(normalize({ b: { y: 1, x: [2, { d: 1, c: undefined }] }, a: null })).toBe(
      '{"a":null,"b":{"x":[2,{"d":1}],"y":1}}',
    );
    expect(queryHash({ limit: 50 })).not.toBe(queryHash({ limit: 51 }));
    expect(queryHash({ ids: [1, 2] })).not.toBe(queryHash({ ids: [2, 1] })); // array order can matter
    expect(queryHash({ a: '1' })).not.toBe(queryHash({ a: 1 }));
  });

  it('separates data scopes: ORG, each team set (order-insensitive), each ASSIGNED member', () => {
    expect(scopeHash(team('t2', 't1'))).toBe(scopeHash(team('t1', 't2')));
    const hashes = [org, team('t1'), team('t1', 't2'), team(), assigned('m1'), assigned('m2'), assigned(null)].map(
      scopeHash,
    );
    expect(new Set(hashes).size).toBe(hashes.length);
    const q = { limit: 50 };
    expect(listValueKey(CacheKeys.list(ORG, 'asset', org, q), [0])).not.toBe(
      listValueKey(CacheKeys.list(ORG, 'asset', team('t1'), q), [0]),
    );
    expect(CacheKeys.detail(ORG, 'asset', 'a1', org).field).not.toBe(
      CacheKeys.detail(ORG, 'asset', 'a1', team('t1')).field,
    );
  });

  it('has the documented shapes: detail hash per entity, list under the org generation (+ platform generation)', () => {
    const d = CacheKeys.detail(ORG, 'asset', 'a1', team('t1'));
    expect(d.hashKey).toBe(`amms:v1:${ORG}:asset:a1`);
    const l = CacheKeys.list(ORG, 'asset', org, { limit: 5 });
    expect(l.genKeys).toEqual([`amms:v1:${ORG}:asset:gen`]);
    expect(listValueKey(l, ['7'])).toMatch(new RegExp(`^amms:v1:${ORG}:asset:g7:list:org:[0-9a-f]{16}$`));
    const m = CacheKeys.list(ORG, 'machine-model', org, {}, { platformWide: true });
    expect(m.genKeys).toEqual([`amms:v1:${ORG}:machine-model:gen`, 'amms:v1:platform:machine-model:gen']);
    expect(listValueKey(m, ['2', null])).toContain(':machine-model:g2.0:list:');
    // the flight identity does not depend on generations; another org never shares it
    expect(flightId(l)).toBe(flightId(CacheKeys.list(ORG, 'asset', org, { limit: 5 })));
    expect(flightId(l)).not.toBe(
      flightId(CacheKeys.list('22222222-2222-4222-8222-222222222222', 'asset', org, { limit: 5 })),
    );
  });

  it('jitters TTLs within ±20 %, never below 1 s', () => {
    expect(jitteredTtl(60, () => 0)).toBe(48);
    expect(jitteredTtl(60, () => 0.999999)).toBe(72);
    expect(jitteredTtl(1, () => 0)).toBe(1);
    const seen = Array.from({ length: 2000 }, () => jitteredTtl(300));
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(240);
    expect(Math.max(...seen)).toBeLessThanOrEqual(360);
    expect(new Set(seen).size).toBeGreaterThan(50); // actually spread, not a constant
  });
});
