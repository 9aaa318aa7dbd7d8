import { describe, expect, it } from 'vitest';
import { DEFLATE_FROM_BYTES, hashIdempotencyKey, seal, unseal } from './sealed-response.js';

describe('sealed idempotency responses', () => {
  const value = { apiKey: { id: 'x' }, key: 'amms_abc_secret' };

  it('round-trips with the same scope and key', () => {
    expect(unseal('org:u', 'k1', seal('org:u', 'k1', value))).toEqual(value);
  });

  it('does not contain the plaintext', () => {
    expect(JSON.stringify(seal('org:u', 'k1', value))).not.toContain('secret');
  });

  it('cannot be opened with another key or scope, or after tampering', () => {
    const s = seal('org:u', 'k1', value);
    expect(() => unseal('org:u', 'k2', s)).toThrow();
    expect(() => unseal('org:v', 'k1', s)).toThrow();
    const ct = Buffer.from(s.ct, 'base64');
    ct[0] = ct[0]! ^ 1;
    expect(() => unseal('org:u', 'k1', { ...s, ct: ct.toString('base64') })).toThrow();
  });

  it('hashes keys per scope', () => {
    expect(hashIdempotencyKey('a', 'k')).not.toBe(hashIdempotencyKey('b', 'k'));
    expect(hashIdempotencyKey('a', 'k')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('deflates a large answer before sealing (v2): ~10× smaller stored, the same value back', () => {
    const big = {
      accepted: 1000,
      results: Array.from({ length: 1000 }, (_, index) => ({
        index,
        status: 'ACCEPTED',
        assetId: `0b0e7f0a-1111-4222-8333-${String(index).padStart(12, '0')}`,
        error: null,
        flags: [],
      })),
    };
    const json = JSON.stringify(big).length;
    expect(json).toBeGreaterThan(DEFLATE_FROM_BYTES);
    const s = seal('org:u', 'k1', big);
    expect(s.v).toBe(2);
    expect(Buffer.from(s.ct, 'base64').length).toBeLessThan(json / 8);
    expect(unseal('org:u', 'k1', s)).toEqual(big);
    // the version is authenticated: read as v1 it does not open
    expect(() => unseal('org:u', 'k1', { ...s, v: 1 })).toThrow();
    expect(() => unseal('org:u', 'k2', s)).toThrow();
  });

  it('keeps small answers (the secrets shown once) as v1', () => {
    const s = seal('org:u', 'k1', value);
    expect(s.v).toBe(1);
    expect(unseal('org:u', 'k1', s)).toEqual(value);
  });
});
