import { describe, expect, it } from 'vitest';
import { canonicalJson, eventHash, verifySegment, type ChainedFields, type StoredEvent } from './hash-chain.js';

const base: ChainedFields = {
  chain: 'org-1',
  seq: 1,
  organizationId: '0b0e7f0a-1111-4222-8333-444455556666',
  action: 'team.created',
  entityType: 'team',
  entityId: 'team-1',
  actorType: 'USER',
  actorUserId: '7c1d2f00-aaaa-4bbb-8ccc-dddddddddddd',
  actorApiKeyId: null,
  requestId: 'req-1',
  data: { after: { name: 'North', description: null } },
  createdAt: new Date('2026-03-01T08:00:00.000Z'),
};

/** A valid chain of n events, built with the same function the service uses. */
function chain(n: number): StoredEvent[] {
  const out: StoredEvent[] = [];
  let prev: string | null = null;
  for (let i = 1; i <= n; i++) {
    const f: ChainedFields = {
      ...base,
      seq: i,
      entityId: `team-${i}`,
      createdAt: new Date(base.createdAt.getTime() + i * 1000),
    };
    const hash = eventHash(prev, f);
    out.push({ ...f, id: `id-${i}`, prevHash: prev, hash });
    prev = hash;
  }
  return out;
}

describe('canonicalJson', () => {
  it('does not depend on key order, at any depth', () => {
    const a = { b: 1, a: { y: [1, { q: 1, p: 2 }], x: 'x' } };
    const b = { a: { x: 'x', y: [1, { p: 2, q: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"x":"x","y":[1,{"p":2,"q":1}]},"b":1}');
  });

  it('keeps array order significant', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it('drops undefined properties, keeps nulls, writes dates as ISO', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(new Date('2026-01-02T03:04:05.006Z'))).toBe('"2026-01-02T03:04:05.006Z"');
  });

  it('distinguishes a string from a number', () => {
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
  });

  it('writes exactly what the plain definition writes (audit hashes stay what they were)', () => {
    // the definition canonicalJson had before it was written for speed
    const plain = (value: unknown): string => {
      if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
      if (value instanceof Date) return JSON.stringify(value.toISOString());
      if (Array.isArray(value)) return `[${value.map(plain).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${plain(v)}`).join(',')}}`;
    };
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 3];
    const values: unknown[] = [
      base,
      { z: 1, a: undefined, B: [undefined, null, 0, -0, 1e21, NaN, Infinity], é: 'ü', '\u2028': '"\\' },
      { ä: 1, a: { Z: 2, '10': 3, '9': 4, '': 5 }, sparse, nested: [[{ y: 1, x: [] }], {}] },
      [new Date(0), true, false, 'x\ny', { d: new Date('2026-12-06T00:00:00.000Z') }],
      { emoji: '🚜', surrogate: '\ud800', tab: '\t' },
      Object.assign(Object.create({ inherited: 1 }), { own: 2 }),
      'plain string',
      42,
      null,
    ];
    for (let i = 0; i < 200; i++) {
      // random rows like a telematics batch's, with keys in random order
      const row: Record<string, unknown> = { serialNumber: `SN-${i}`, at: new Date(i * 1e9).toISOString(), lat: i / 7 };
      if (i % 3 === 0) row['faultCodes'] = [`SPN ${i} FMI 1`];
      if (i % 5 === 0) row['engineHours'] = undefined;
      const keys = Object.keys(row).sort(() => ((i * 7919) % 3) - 1);
      values.push(Object.fromEntries(keys.map((k) => [k, row[k]])));
    }
    for (const v of values) expect(canonicalJson(v)).toBe(plain(v));
    expect(canonicalJson(values)).toBe(plain(values));
  });
});

describe('eventHash', () => {
  it('is a stable sha256 hex of the covered fields', () => {
    expect(eventHash(null, base)).toMatch(/^[0-9a-f]{64}$/);
    expect(eventHash(null, { ...base })).toBe(eventHash(null, base));
  });

  it('ignores key order inside data', () => {
    const reordered = { ...base, data: { after: { description: null, name: 'North' } } };
    expect(eventHash(null, reordered)).toBe(eventHash(null, base));
  });

  const changes: [keyof ChainedFields, unknown][] = [
    ['chain', 'org-2'],
    ['seq', 2],
    ['organizationId', null],
    ['action', 'team.deleted'],
    ['entityType', 'membership'],
    ['entityId', 'team-2'],
    ['actorType', 'API_KEY'],
    ['actorUserId', null],
    ['actorApiKeyId', 'c0ffee00-0000-4000-8000-000000000000'],
    ['requestId', 'req-2'],
    ['data', { after: { name: 'South', description: null } }],
    ['createdAt', new Date('2026-03-01T08:00:00.001Z')],
  ];
  it.each(changes)('changes when %s changes', (field, value) => {
    expect(eventHash(null, { ...base, [field]: value })).not.toBe(eventHash(null, base));
  });

  it('changes with the previous hash', () => {
    expect(eventHash('a'.repeat(64), base)).not.toBe(eventHash(null, base));
    expect(eventHash('a'.repeat(64), base)).not.toBe(eventHash('b'.repeat(64), base));
  });

  it('ignores fields it does not cover (id, hash, extra columns)', () => {
    const stored = { ...base, id: 'some-id', hash: 'whatever', prevHash: 'x', extra: 1 } as ChainedFields;
    expect(eventHash(null, stored)).toBe(eventHash(null, base));
  });
});

describe('verifySegment', () => {
  const start = { expectedSeq: 1, prevHash: null };

  it('accepts an intact chain and returns the state to continue from', () => {
    const events = chain(5);
    const r = verifySegment(events, start);
    expect(r.broken).toBeNull();
    expect(r.next).toEqual({ expectedSeq: 6, prevHash: events[4]!.hash });
  });

  it('accepts an empty page without moving', () => {
    expect(verifySegment([], start)).toEqual({ broken: null, next: start });
  });

  it('continues across pages', () => {
    const events = chain(7);
    const first = verifySegment(events.slice(0, 3), start);
    expect(first.broken).toBeNull();
    const second = verifySegment(events.slice(3), first.next);
    expect(second.broken).toBeNull();
    expect(second.next.expectedSeq).toBe(8);
  });

  it('a page that does not follow the previous one is a broken link', () => {
    const events = chain(4);
    // right seq, but its prevHash is not the hash the first page ended with
    const forged = { ...events[3]!, prevHash: 'f'.repeat(64) };
    const r = verifySegment([forged], verifySegment(events.slice(0, 3), start).next);
    expect(r.broken).toEqual({ seq: 4, id: 'id-4', reason: 'LINK_MISMATCH' });
  });

  it('detects a changed field as HASH_MISMATCH at that event', () => {
    const events = chain(5);
    events[2] = { ...events[2]!, data: { after: { name: 'Tampered', description: null } } };
    expect(verifySegment(events, start).broken).toEqual({ seq: 3, id: 'id-3', reason: 'HASH_MISMATCH' });
  });

  it('detects a rewritten hash as LINK_MISMATCH at the next event', () => {
    const events = chain(5);
    // an attacker edits event 3 and recomputes its own hash: event 4 no longer links to it
    const edited = { ...events[2]!, action: 'team.deleted' };
    events[2] = { ...edited, hash: eventHash(edited.prevHash, edited) };
    expect(verifySegment(events, start).broken).toEqual({ seq: 4, id: 'id-4', reason: 'LINK_MISMATCH' });
  });

  it('detects a deleted event as SEQ_GAP', () => {
    const events = chain(5);
    events.splice(1, 1);
    expect(verifySegment(events, start).broken).toEqual({ seq: 3, id: 'id-3', reason: 'SEQ_GAP' });
  });

  it('detects a chain that does not start at 1 as SEQ_GAP', () => {
    const events = chain(3).slice(1);
    expect(verifySegment(events, start).broken).toEqual({ seq: 2, id: 'id-2', reason: 'SEQ_GAP' });
  });

  it('detects a gap at a page boundary', () => {
    const events = chain(6);
    const first = verifySegment(events.slice(0, 3), start);
    expect(verifySegment(events.slice(4), first.next).broken).toEqual({ seq: 5, id: 'id-5', reason: 'SEQ_GAP' });
  });

  it('reports the first broken event when several are broken', () => {
    const events = chain(6);
    events[1] = { ...events[1]!, requestId: 'x' };
    events[4] = { ...events[4]!, requestId: 'y' };
    expect(verifySegment(events, start).broken?.seq).toBe(2);
  });
});
