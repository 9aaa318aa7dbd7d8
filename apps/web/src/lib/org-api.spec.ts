import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { fetchAllPages, orgApi, qs, seg } from './org-api';
import { isUuid, UUID } from './uuid';

describe('orgApi / seg', () => {
  it('builds org paths with the id encoded', () => {
    expect(orgApi('org-1')).toBe('orgs/org-1');
    expect(orgApi('org-1', 'jobs')).toBe('orgs/org-1/jobs');
    expect(orgApi('org-1', '/jobs?limit=2')).toBe('orgs/org-1/jobs?limit=2');
    expect(orgApi('a/b?c', 'jobs')).toBe('orgs/a%2Fb%3Fc/jobs');
    expect(seg('../x')).toBe('..%2Fx');
  });
});

describe('qs', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(qs({})).toBe('');
    expect(qs({ a: undefined, b: null, c: '' })).toBe('');
    expect(qs({ status: 'PLANNED,SCHEDULED', limit: 25, q: 'a b&c', done: false })).toBe(
      '?status=PLANNED%2CSCHEDULED&limit=25&q=a+b%26c&done=false',
    );
    expect(qs({ zero: 0 })).toBe('?zero=0');
  });
});

describe('UUID', () => {
  it('accepts UUIDs of any version and nothing else', () => {
    expect(isUuid('0b9f6f7e-3c1a-4d2b-9e8f-1a2b3c4d5e6f')).toBe(true);
    expect(isUuid('0B9F6F7E-3C1A-7D2B-9E8F-1A2B3C4D5E6F')).toBe(true);
    expect(isUuid('0b9f6f7e-3c1a-4d2b-9e8f-1a2b3c4d5e6')).toBe(false);
    expect(isUuid('../0b9f6f7e-3c1a-4d2b-9e8f-1a2b3c4d5e6f')).toBe(false);
    expect(isUuid(42)).toBe(false);
    expect(UUID.test('not-a-uuid')).toBe(false);
  });
});

/**
 * fetchAllPages follows the cursor through the BFF proxy path. The browser's fetch is replaced
 * by a tiny in-memory list server here (the web's own code under test is the paging loop).
 */
describe('fetchAllPages', () => {
  const ZPage = z.object({ items: z.array(z.object({ n: z.number() })), nextCursor: z.string().nullable() });
  const urls: string[] = [];
  function serve(total: number, failAt?: number) {
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      const u = new URL(url, 'http://web.test');
      const limit = Number(u.searchParams.get('limit'));
      const from = Number(u.searchParams.get('cursor') ?? 0);
      if (failAt !== undefined && from >= failAt) {
        return new Response(
          JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'bad cursor', requestId: 'r1' } }),
          { status: 400 },
        );
      }
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => ({ n: from + i }));
      const next = from + limit < total ? String(from + limit) : null;
      return new Response(JSON.stringify({ items, nextCursor: next }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    urls.length = 0;
  });

  it('reads every page in order and says when nothing was cut', async () => {
    serve(5);
    const res = await fetchAllPages('orgs/o/fields?sort=name', ZPage, undefined, 5, 2);
    expect(res.truncated).toBe(false);
    expect(res.items.map((i) => i.n)).toEqual([0, 1, 2, 3, 4]);
    expect(urls).toEqual([
      '/api/proxy/orgs/o/fields?sort=name&limit=2',
      '/api/proxy/orgs/o/fields?sort=name&limit=2&cursor=2',
      '/api/proxy/orgs/o/fields?sort=name&limit=2&cursor=4',
    ]);
  });

  it('stops after maxPages and says the list was cut', async () => {
    serve(10);
    const res = await fetchAllPages('orgs/o/assets', ZPage, undefined, 2, 3);
    expect(res.truncated).toBe(true);
    expect(res.items).toHaveLength(6);
    expect(urls[0]).toBe('/api/proxy/orgs/o/assets?limit=3');
  });

  it('passes an API error on', async () => {
    serve(10, 3);
    await expect(fetchAllPages('orgs/o/assets', ZPage, undefined, 5, 3)).rejects.toBeInstanceOf(ApiError);
  });
});
