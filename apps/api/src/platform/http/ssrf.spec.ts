import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, isBlockedAddress } from './ssrf.js';
import { postWebhook } from './webhook-sender.js';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:db8::1',
    'not-an-ip',
    '',
  ])('refuses %s', (ip) => expect(isBlockedAddress(ip)).toBe(true));

  it.each([
    '8.8.8.8',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('lets %s through', (ip) => expect(isBlockedAddress(ip)).toBe(false));
});

describe('checkTarget (create time)', () => {
  it('refuses private IP literals and localhost unless the host is allowed', async () => {
    expect(await checkTarget(new URL('http://10.0.0.1/x'), [])).toMatchObject({ ok: false });
    expect(await checkTarget(new URL('http://[::ffff:10.0.0.1]/x'), [])).toMatchObject({ ok: false });
    expect(await checkTarget(new URL('http://localhost:3000/x'), [])).toMatchObject({ ok: false });
    expect(await checkTarget(new URL('http://127.0.0.1:3000/x'), ['127.0.0.1'])).toEqual({ ok: true });
    expect(await checkTarget(new URL('https://93.184.215.14/x'), [])).toEqual({ ok: true });
  });
});

describe('postWebhook (send time)', () => {
  let server: Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const a = server.address();
    port = typeof a === 'object' && a ? a.port : 0;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('refuses a loopback target at connect time when its host is not allowed; nothing reaches it', async () => {
    const r = await postWebhook(`http://127.0.0.1:${port}/hook`, {}, '{}', { timeoutMs: 2000, allowHosts: [] });
    expect(r).toMatchObject({ ok: false, refused: true, statusCode: null });
    // a name resolving to loopback is refused too, even with the IP allowed (the allow list is per host as written)
    const byName = await postWebhook(`http://localhost:${port}/hook`, {}, '{}', {
      timeoutMs: 2000,
      allowHosts: ['127.0.0.1'],
    });
    expect(byName).toMatchObject({ ok: false, refused: true });
    expect(hits).toBe(0);
    const allowed = await postWebhook(`http://127.0.0.1:${port}/hook`, {}, '{}', {
      timeoutMs: 2000,
      allowHosts: ['127.0.0.1'],
    });
    expect(allowed).toMatchObject({ ok: true, statusCode: 200, responseExcerpt: 'ok', refused: false });
    expect(hits).toBe(1);
  });

  it('gives up after the timeout', async () => {
    const slow = createServer(() => undefined); // never answers
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const a = slow.address();
    const r = await postWebhook(`http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/`, {}, '{}', {
      timeoutMs: 300,
      allowHosts: ['127.0.0.1'],
    });
    expect(r).toMatchObject({ ok: false, statusCode: null, refused: false });
    expect(r.error).toContain('timed out');
    slow.closeAllConnections();
    await new Promise((res) => slow.close(res));
  });
});
