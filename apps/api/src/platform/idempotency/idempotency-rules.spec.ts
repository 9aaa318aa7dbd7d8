import { describe, expect, it } from 'vitest';
import type { AuthPrincipal } from '../access/context.js';
import {
  decideIdempotency,
  isValidIdempotencyKey,
  keyScopeOf,
  shouldStoreOutcome,
  type StoredKey,
} from './idempotency-rules.js';

const now = new Date('2026-03-01T12:00:00.000Z');
const stored = (s: Partial<StoredKey> = {}): StoredKey => ({
  requestHash: 'h1',
  status: 'COMPLETED',
  lockedUntil: new Date(now.getTime() + 60_000),
  ...s,
});

describe('decideIdempotency', () => {
  it('no record → PROCEED', () => {
    expect(decideIdempotency(null, 'h1', now)).toBe('PROCEED');
  });

  it('same body, finished → REPLAY', () => {
    expect(decideIdempotency(stored({ status: 'COMPLETED' }), 'h1', now)).toBe('REPLAY');
  });

  it('same body, finished long after the lock ran out → still REPLAY', () => {
    expect(decideIdempotency(stored({ status: 'COMPLETED', lockedUntil: new Date(0) }), 'h1', now)).toBe('REPLAY');
  });

  it('other body → MISMATCH, whether finished or running', () => {
    expect(decideIdempotency(stored({ status: 'COMPLETED' }), 'h2', now)).toBe('MISMATCH');
    expect(decideIdempotency(stored({ status: 'IN_PROGRESS' }), 'h2', now)).toBe('MISMATCH');
    expect(decideIdempotency(stored({ status: 'IN_PROGRESS', lockedUntil: new Date(0) }), 'h2', now)).toBe('MISMATCH');
  });

  it('same body, still running (lock in the future) → IN_USE', () => {
    expect(
      decideIdempotency(stored({ status: 'IN_PROGRESS', lockedUntil: new Date(now.getTime() + 1) }), 'h1', now),
    ).toBe('IN_USE');
  });

  it('same body, runner gone (lock expired, boundary included) → TAKEOVER', () => {
    expect(decideIdempotency(stored({ status: 'IN_PROGRESS', lockedUntil: now }), 'h1', now)).toBe('TAKEOVER');
    expect(
      decideIdempotency(stored({ status: 'IN_PROGRESS', lockedUntil: new Date(now.getTime() - 1) }), 'h1', now),
    ).toBe('TAKEOVER');
  });
});

describe('isValidIdempotencyKey', () => {
  it.each(['a', 'b0c6c5f2-6a8e-4d8e-9a65-0a1f1f2c3d4e', 'order:2026-03-01#1', '!~', 'x'.repeat(255)])(
    'accepts %j',
    (key) => {
      expect(isValidIdempotencyKey(key)).toBe(true);
    },
  );

  it.each(['', ' ', 'has space', 'tab\there', 'new\nline', 'x'.repeat(256), 'ümlaut', '键'])('refuses %j', (key) => {
    expect(isValidIdempotencyKey(key)).toBe(false);
  });
});

describe('shouldStoreOutcome', () => {
  it('stores successes and business refusals', () => {
    expect(shouldStoreOutcome(200, null)).toBe(true);
    expect(shouldStoreOutcome(201, null)).toBe(true);
    expect(shouldStoreOutcome(204, null)).toBe(true);
    expect(shouldStoreOutcome(409, 'MEMBER_EXISTS')).toBe(true);
    expect(shouldStoreOutcome(403, 'FORBIDDEN')).toBe(true);
    expect(shouldStoreOutcome(422, 'SCOPE_NOT_GRANTABLE')).toBe(true);
    expect(shouldStoreOutcome(404, 'NOT_FOUND')).toBe(true);
  });

  it('does not store server failures (rolled back: the client may retry)', () => {
    expect(shouldStoreOutcome(500, 'INTERNAL')).toBe(false);
    expect(shouldStoreOutcome(503, 'SERVICE_UNAVAILABLE')).toBe(false);
    expect(shouldStoreOutcome(500, null)).toBe(false);
  });

  it('does not store requests that never started or should be retried', () => {
    expect(shouldStoreOutcome(400, 'VALIDATION_FAILED')).toBe(false);
    expect(shouldStoreOutcome(400, 'MALFORMED_JSON')).toBe(false);
    expect(shouldStoreOutcome(409, 'IDEMPOTENCY_KEY_IN_USE')).toBe(false);
    expect(shouldStoreOutcome(429, 'RATE_LIMITED')).toBe(false);
  });
});

describe('keyScopeOf', () => {
  it('scopes a key to the org in the path and the caller, and to the path without its query', () => {
    const user = { kind: 'USER', userId: 'u1' } as AuthPrincipal;
    const key = { kind: 'API_KEY', apiKeyId: 'k1' } as AuthPrincipal;
    expect(keyScopeOf({ url: '/v1/orgs/o1/jobs?x=1', params: { orgId: 'o1' }, principal: user })).toEqual({
      scope: 'o1:u:u1',
      path: '/v1/orgs/o1/jobs',
    });
    expect(keyScopeOf({ url: '/v1/orgs/o1/jobs', params: { orgId: 'o1' }, principal: key }).scope).toBe('o1:k:k1');
    expect(keyScopeOf({ url: '/v1/auth/login', params: {} }).scope).toBe('-:anon');
  });
});
