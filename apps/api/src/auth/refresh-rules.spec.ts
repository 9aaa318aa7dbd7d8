import { describe, expect, it } from 'vitest';
import { classifyRefresh, type StoredRefreshToken } from './refresh-rules.js';

const now = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const token = (t: Partial<StoredRefreshToken> = {}): StoredRefreshToken => ({
  expiresAt: at(86_400_000),
  rotatedAt: null,
  revokedAt: null,
  ...t,
});

describe('classifyRefresh', () => {
  it('a live, unused token rotates', () => {
    expect(classifyRefresh(token(), now)).toBe('ROTATE');
  });

  it('a token already rotated is a replay', () => {
    expect(classifyRefresh(token({ rotatedAt: at(-1000) }), now)).toBe('REUSED');
  });

  it('rotated and then revoked (family killed) still reads as reuse', () => {
    expect(classifyRefresh(token({ rotatedAt: at(-2000), revokedAt: at(-1000) }), now)).toBe('REUSED');
  });

  it('rotated and expired still reads as reuse', () => {
    expect(classifyRefresh(token({ rotatedAt: at(-2000), expiresAt: at(-1000) }), now)).toBe('REUSED');
  });

  it('revoked (logout) is refused as revoked', () => {
    expect(classifyRefresh(token({ revokedAt: at(-1000) }), now)).toBe('REVOKED');
  });

  it('revoked and expired reads as revoked', () => {
    expect(classifyRefresh(token({ revokedAt: at(-1000), expiresAt: at(-500) }), now)).toBe('REVOKED');
  });

  it('expires exactly at expiresAt', () => {
    expect(classifyRefresh(token({ expiresAt: at(0) }), now)).toBe('EXPIRED');
    expect(classifyRefresh(token({ expiresAt: at(-1) }), now)).toBe('EXPIRED');
    expect(classifyRefresh(token({ expiresAt: at(1) }), now)).toBe('ROTATE');
  });
});
