// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { dehydrate, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { offlineDb, resetOfflineDbForTests } from '@/lib/offline/db';
import { enqueueWrite } from '@/lib/offline/queue';
import { FieldOffline } from './field-offline';

/**
 * Issue #30 §1: on a page opened online, FieldOffline reads the saved copy of the field data and
 * sends the queue only after the load (the first paint and hydration come first); offline the
 * saved copy is put back at once; coming back online sends the queue at once.
 */
const ORG = 'org-1';
const MEMBERSHIP = 'm-1';
const KEY = ['orgs', ORG, 'field', 'jobs', 'saved'];

async function saveCopy() {
  const other = new QueryClient();
  other.setQueryData(KEY, { items: ['翻地'] });
  const db = await offlineDb();
  await db.put('cache', { key: `queries:${MEMBERSHIP}`, value: dehydrate(other), savedAt: Date.now() });
}

let readyState: DocumentReadyState = 'loading';
let fetchSpy: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineDbForTests();
  readyState = 'loading';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  fetchSpy = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchSpy);
  await saveCopy();
  await enqueueWrite({
    id: 'w-1',
    orgId: ORG,
    kind: 'job.start',
    method: 'POST',
    path: `orgs/${ORG}/jobs/j1/start`,
    body: { version: 1 },
    idempotencyKey: 'k-1',
    occurredAt: new Date().toISOString(),
    entity: { type: 'job', id: 'j1' },
    label: '翻地',
  });
});
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetOfflineDbForTests();
});

function mount() {
  const qc = new QueryClient();
  render(
    <QueryClientProvider client={qc}>
      <I18nProvider locale="zh-CN">
        <FieldOffline orgId={ORG} membershipId={MEMBERSHIP} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return qc;
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 60)));
const sent = () => fetchSpy.mock.calls.filter(([url]) => String(url).includes('/jobs/j1/start')).length;

describe('FieldOffline start-up', () => {
  it('online: the saved copy and the queue wait for the load', async () => {
    onlineManager.setOnline(true);
    const qc = mount();
    await settle();
    expect(qc.getQueryData(KEY)).toBeUndefined();
    expect(sent()).toBe(0);
    readyState = 'complete';
    await act(async () => void window.dispatchEvent(new Event('load')));
    await vi.waitFor(() => expect(qc.getQueryData(KEY)).toEqual({ items: ['翻地'] }));
    await vi.waitFor(() => expect(sent()).toBe(1));
  });

  it('offline: the saved copy is put back at once, the queue is sent on coming back online', async () => {
    onlineManager.setOnline(false);
    const qc = mount();
    await vi.waitFor(() => expect(qc.getQueryData(KEY)).toEqual({ items: ['翻地'] }));
    expect(sent()).toBe(0);
    readyState = 'complete';
    await act(async () => void window.dispatchEvent(new Event('load')));
    await settle();
    expect(sent()).toBe(0);
    await act(async () => onlineManager.setOnline(true));
    await vi.waitFor(() => expect(sent()).toBe(1));
  });
});
