import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { offlineDb, resetOfflineDbForTests } from './db';
import { persistQueries } from './persist';

/** The field app's query cache kept in IndexedDB (fake-indexeddb), across visits. */
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineDbForTests();
});
afterEach(() => resetOfflineDbForTests());

const saved = async (owner: string) => (await (await offlineDb()).get('cache', `queries:${owner}`))?.value;
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('not saved in time');
};

describe('persistQueries', () => {
  it('keeps data that was in the cache before it started (the server render hydrated it), not other queries', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['orgs', 'o1', 'field', 'jobs', { week: 1 }], { items: ['job-1'] });
    qc.setQueryData(['orgs', 'o1', 'analytics'], { other: true });
    const p = persistQueries(qc, 'm1', [['orgs', 'o1', 'field']]);
    await p.restored;
    await until(async () => (await saved('m1')) !== undefined);
    const state = (await saved('m1')) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    expect(state.queries.map((q) => q.queryKey)).toEqual([['orgs', 'o1', 'field', 'jobs', { week: 1 }]]);
    expect(state.queries[0]!.state.data).toEqual({ items: ['job-1'] });
    p.stop();

    // the next visit (no network): the saved lists come back
    const next = new QueryClient();
    const q = persistQueries(next, 'm1', [['orgs', 'o1', 'field']]);
    expect(await q.restored).toBe(true);
    expect(next.getQueryData(['orgs', 'o1', 'field', 'jobs', { week: 1 }])).toEqual({ items: ['job-1'] });
    q.stop();
  });

  it('saves nothing when nothing it keeps is in the cache', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['orgs', 'o1', 'analytics'], { other: true });
    const p = persistQueries(qc, 'm2', [['orgs', 'o1', 'field']]);
    await p.restored;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await saved('m2')).toBeUndefined();
    p.stop();
  });
});
