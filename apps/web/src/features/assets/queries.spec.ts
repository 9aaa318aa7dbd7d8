import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { setServerTransport } from '@/lib/api-client';
import { costDocumentsQuery, workOrdersQuery } from './queries';

const orgId = '0b6f3c1e-8f8d-4c57-9a57-1f3ea2a8d001';
const assetId = '5d0c3a3e-2b7e-4f7e-9f4e-3c2b1a0d9e8f';

afterEach(() => setServerTransport(async () => new Response(null, { status: 599 })));

describe("the machine page's histories", () => {
  it('ask for work orders and cost documents in date order, newest first (the lists default to id order)', async () => {
    const paths: string[] = [];
    setServerTransport(async (path) => {
      paths.push(path);
      return new Response(JSON.stringify({ items: [], nextCursor: null }), { status: 200 });
    });
    const client = new QueryClient();
    await client.fetchInfiniteQuery(workOrdersQuery(orgId, assetId));
    await client.fetchInfiniteQuery(costDocumentsQuery(orgId, assetId));
    const sorts = paths.map((p) => new URL(p, 'http://x/').searchParams.get('sort'));
    expect(sorts).toEqual(['-createdAt', '-documentDate']);
  });
});
