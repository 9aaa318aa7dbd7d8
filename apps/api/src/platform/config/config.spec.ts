import { describe, expect, it } from 'vitest';
import { parseConfig, parseTrustedProxies } from './config.js';

const SECRET = 'a-real-secret-of-at-least-32-characters-0001';
const DEV_DEFAULT = 'amms-dev-only-secret-change-me-please-0000';

describe('JWT_ACCESS_SECRET', () => {
  it('is required when NODE_ENV is unset (unset is never development)', () => {
    expect(() => parseConfig({})).toThrow(/JWT_ACCESS_SECRET: required/);
    expect(() => parseConfig({ NODE_ENV: undefined })).toThrow(/JWT_ACCESS_SECRET: required/);
  });

  it('is required in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_ACCESS_SECRET: required/);
  });

  it('falls back to the development secret only for an explicit NODE_ENV=development or test', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).auth.accessSecret).toBe(DEV_DEFAULT);
    expect(parseConfig({ NODE_ENV: 'test' }).auth.accessSecret).toBe(DEV_DEFAULT);
  });

  it('refuses the development secret itself outside development/test, even when set explicitly', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: DEV_DEFAULT })).toThrow(
      /development secret is refused/,
    );
    expect(() => parseConfig({ JWT_ACCESS_SECRET: DEV_DEFAULT })).toThrow(/development secret is refused/);
  });

  it('takes a given secret of at least 32 characters anywhere; shorter is refused', () => {
    expect(parseConfig({ JWT_ACCESS_SECRET: SECRET }).auth.accessSecret).toBe(SECRET);
    expect(parseConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: SECRET }).auth.accessSecret).toBe(SECRET);
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: 'short' })).toThrow(/JWT_ACCESS_SECRET/);
  });

  it('an unknown NODE_ENV is refused rather than guessed', () => {
    expect(() => parseConfig({ NODE_ENV: 'staging', JWT_ACCESS_SECRET: SECRET })).toThrow(/NODE_ENV/);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('defaults to none', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).http.trustedProxies).toEqual([]);
    expect(parseTrustedProxies('')).toEqual([]);
    expect(parseTrustedProxies(' , ')).toEqual([]);
  });

  it('takes addresses, CIDRs and the range names, comma-separated', () => {
    expect(
      parseTrustedProxies('127.0.0.1, ::1,10.0.0.0/8 ,fd00::/8,192.168.0.0/255.255.0.0,loopback,uniquelocal'),
    ).toEqual(['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8', '192.168.0.0/255.255.0.0', 'loopback', 'uniquelocal']);
    expect(parseConfig({ NODE_ENV: 'test', TRUSTED_PROXIES: '10.1.2.3' }).http.trustedProxies).toEqual(['10.1.2.3']);
  });

  it('refuses anything else, naming the bad entries', () => {
    for (const bad of ['*', 'true', 'localhost', '10.0.0.0/33', '::1/129', '1.2.3', '10.0.0.0/8/8', 'web:3000']) {
      expect(() => parseTrustedProxies(`127.0.0.1,${bad}`), bad).toThrow(
        `TRUSTED_PROXIES: not an address, CIDR or range name: ${bad}`,
      );
    }
  });
});

describe('operations endpoints', () => {
  it('docs default on in development/test, off in production and when NODE_ENV is unset; API_DOCS decides when set', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).ops.docs).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).ops.docs).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: SECRET }).ops.docs).toBe(false);
    expect(parseConfig({ JWT_ACCESS_SECRET: SECRET }).ops.docs).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: SECRET, API_DOCS: 'on' }).ops.docs).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test', API_DOCS: 'off' }).ops.docs).toBe(false);
    expect(() => parseConfig({ NODE_ENV: 'test', API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });

  it('metrics: open without a token only in development/test; a token must be 16+ characters', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).ops).toMatchObject({ metricsToken: null, metricsOpen: true });
    expect(parseConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: SECRET }).ops).toMatchObject({
      metricsToken: null,
      metricsOpen: false,
    });
    expect(parseConfig({ JWT_ACCESS_SECRET: SECRET, METRICS_TOKEN: 'scrape-token-0123456789' }).ops.metricsToken).toBe(
      'scrape-token-0123456789',
    );
    expect(() => parseConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
