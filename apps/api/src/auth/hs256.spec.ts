import { createHmac, createSecretKey } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from './hs256.js';

const SECRET = 'unit-secret-unit-secret-unit-secret-0001';
const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
const jwt = new JwtService({ secret: SECRET, signOptions: { algorithm: 'HS256' } });
const now = Math.floor(Date.now() / 1000);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** A token signed by hand: header and claims as given, HMAC-SHA256 under `secret`. */
const hand = (header: unknown, claims: unknown, secret = SECRET) => {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};
const claims = { sub: 'u', sid: 's', typ: 'access' };

describe('verifyHs256', () => {
  it('accepts what the JwtService signs and returns its claims', () => {
    const r = verifyHs256(jwt.sign(claims, { expiresIn: 60 }), key, now);
    expect(r).toMatchObject({ ok: true, claims: { ...claims, exp: expect.any(Number) } });
  });

  it('expired exactly at exp (like jsonwebtoken), valid one second before', () => {
    const t = hand({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: now });
    expect(verifyHs256(t, key, now)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyHs256(t, key, now - 1).ok).toBe(true);
  });

  it('an expired token with a bad signature is invalid, not expired', () => {
    const t = hand({ alg: 'HS256' }, { ...claims, exp: now - 10 }, 'another-secret');
    expect(verifyHs256(t, key, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each([
    ['alg none', () => `${b64({ alg: 'none' })}.${b64({ ...claims, exp: now + 60 })}.`],
    ['alg HS512 header', () => hand({ alg: 'HS512' }, { ...claims, exp: now + 60 })],
    ['no exp', () => hand({ alg: 'HS256' }, claims)],
    ['exp not a number', () => hand({ alg: 'HS256' }, { ...claims, exp: String(now + 60) })],
    ['nbf in the future', () => hand({ alg: 'HS256' }, { ...claims, exp: now + 60, nbf: now + 30 })],
    ['nbf not a number', () => hand({ alg: 'HS256' }, { ...claims, exp: now + 60, nbf: 'x' })],
    ['claims not an object', () => hand({ alg: 'HS256' }, [1, 2])],
    ['wrong secret', () => hand({ alg: 'HS256' }, { ...claims, exp: now + 60 }, 'wrong')],
    [
      'two segments',
      () =>
        hand({ alg: 'HS256' }, { ...claims, exp: now + 60 })
          .split('.')
          .slice(0, 2)
          .join('.'),
    ],
    ['four segments', () => `${hand({ alg: 'HS256' }, { ...claims, exp: now + 60 })}.x`],
    ['garbage', () => 'not-a-token'],
    ['empty header', () => `.${b64(claims)}.abc`],
  ])('%s → invalid', (_name, make) => {
    expect(verifyHs256(make(), key, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('the signature text must match exactly (no padding or stray characters)', () => {
    const t = jwt.sign(claims, { expiresIn: 60 });
    expect(verifyHs256(`${t}=`, key, now).ok).toBe(false);
    expect(verifyHs256(`${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`, key, now).ok).toBe(false);
    const tampered = t.split('.');
    tampered[1] = b64({ ...claims, sub: 'someone-else', exp: now + 60 });
    expect(verifyHs256(tampered.join('.'), key, now).ok).toBe(false);
  });
});
