import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordWeaknesses } from './password-policy.js';

describe('password policy', () => {
  it('accepts a long enough, varied password (the demo and test passwords among them)', () => {
    expect(passwordWeaknesses('amms-demo-2026')).toEqual([]);
    expect(passwordWeaknesses('test-password-2026', { email: 'owner-1@x.test' })).toEqual([]);
    expect(passwordWeaknesses('korn feld traktor')).toEqual([]);
  });

  it(`refuses fewer than ${PASSWORD_MIN_LENGTH} characters, counted as code points after NFKC`, () => {
    expect(passwordWeaknesses('abcde1234')).toEqual(['TOO_SHORT']);
    expect(passwordWeaknesses('abcde12345')).toEqual([]);
    // 9 CJK characters are 9, not 27 (UTF-8 bytes) or 9 UTF-16 units that happen to match
    expect(passwordWeaknesses('春耕夏耘秋收冬藏好')).toEqual(['TOO_SHORT']);
    expect(passwordWeaknesses('春耕夏耘秋收冬藏好年')).toEqual([]);
    // an astral character is one code point (two UTF-16 units)
    expect(passwordWeaknesses('🚜🚜🚜abcd12')).toEqual(['TOO_SHORT']);
    // full-width digits normalize to ASCII digits: "１２１２…" is "1212…"
    expect(passwordWeaknesses('１２１２１２１２１２')).toEqual(['TOO_FEW_DISTINCT']);
  });

  it('refuses a repeated pattern whatever its length, case-insensitively', () => {
    expect(passwordWeaknesses('aaaaaaaaaaaaaaaa')).toEqual(['TOO_FEW_DISTINCT']);
    expect(passwordWeaknesses('abcdABCDabcdABCD')).toEqual(['TOO_FEW_DISTINCT']);
    expect(passwordWeaknesses('abcdeabcde')).toEqual([]);
  });

  it('refuses well-known passwords whatever their case', () => {
    expect(passwordWeaknesses('1234567890')).toEqual(['TOO_COMMON']);
    expect(passwordWeaknesses('QwertyUiop')).toEqual(['TOO_COMMON']);
    expect(passwordWeaknesses('qwertyuiop!')).toEqual([]);
  });

  it("refuses a password containing the account's email or its local part (3+ characters)", () => {
    expect(passwordWeaknesses('Dispatcher-2026', { email: 'dispatcher@green-valley.demo' })).toEqual([
      'CONTAINS_EMAIL',
    ]);
    expect(passwordWeaknesses('x dispatcher@green-valley.demo', { email: 'Dispatcher@Green-Valley.demo' })).toEqual([
      'CONTAINS_EMAIL',
    ]);
    // a two-letter local part is too short to mean anything
    expect(passwordWeaknesses('my-li-password', { email: 'li@x.cn' })).toEqual([]);
  });

  it('lists every rule broken, in a stable order', () => {
    expect(passwordWeaknesses('aaaa', { email: 'aaaa@x.cn' })).toEqual([
      'TOO_SHORT',
      'TOO_FEW_DISTINCT',
      'CONTAINS_EMAIL',
    ]);
  });
});
