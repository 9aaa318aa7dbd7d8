// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { resetOfflineDbForTests } from '@/lib/offline/db';
import { drainQueue, enqueueWrite, listWrites, type NewWrite } from '@/lib/offline/queue';
import { FieldLogout } from './field-logout';
import { SyncBar } from './sync-bar';

/**
 * The sync bar and the sign-out warning on the real queue code over an in-memory IndexedDB
 * (fake-indexeddb): counts, refusals with the API's reason and a way to the current state.
 */
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineDbForTests();
});
afterEach(() => {
  cleanup();
  resetOfflineDbForTests();
});

let n = 0;
const write = (over: Partial<NewWrite> = {}): NewWrite => ({
  id: `w-${++n}`,
  orgId: 'org-1',
  kind: 'job.start',
  method: 'POST',
  path: `orgs/org-1/jobs/j${n}/start`,
  body: { version: 1 },
  idempotencyKey: `k-${n}`,
  occurredAt: new Date().toISOString(),
  entity: { type: 'job', id: `job-${n}` },
  label: `翻地 ${n}`,
  ...over,
});

const bar = (online = true) =>
  render(
    <I18nProvider locale="zh-CN">
      <SyncBar orgId="org-1" online={online} syncing={false} onSync={() => undefined} />
    </I18nProvider>,
  );

describe('sync bar', () => {
  it('says offline and counts the writes waiting; nothing when online with an empty queue', async () => {
    const { unmount } = bar(true);
    await waitFor(() => expect(screen.queryByTestId('sync-bar')).toBeNull());
    unmount();
    await enqueueWrite(write());
    await enqueueWrite(write({ kind: 'workorder.report', entity: { type: 'work_order', id: null } }));
    bar(false);
    expect(await screen.findByText('离线：可以继续操作，恢复网络后自动上传。')).toBeTruthy();
    expect((await screen.findByTestId('sync-count')).textContent).toBe('2 项更改等待同步');
    expect(screen.getByRole('button', { name: '立即同步' })).toBeTruthy();
  });

  it('says "已同步" when the queue empties while online (issue #31 §4.5)', async () => {
    await enqueueWrite(write());
    bar(true);
    expect((await screen.findByTestId('sync-count')).textContent).toBe('1 项更改等待同步');
    await drainQueue(async () => ({ kind: 'done', result: { id: 'J', version: 2 } }));
    expect((await screen.findByTestId('sync-done')).textContent).toContain('已同步');
  });

  it('a refused write shows the reason and a link to the current state until it is dismissed', async () => {
    const w = await enqueueWrite(write({ entity: { type: 'job', id: 'J1' }, label: '北地翻地' }));
    await drainQueue(async () => ({
      kind: 'rejected',
      error: { status: 409, code: 'INVALID_TRANSITION', message: 'A job cannot go from CANCELLED to IN_PROGRESS' },
    }));
    bar(true);
    const item = await screen.findByTestId('sync-rejected');
    expect(item.textContent).toContain('开始作业: 北地翻地');
    expect(item.textContent).toContain('当前状态下不能执行此操作。');
    expect(screen.getByRole('link', { name: '查看当前状态' }).getAttribute('href')).toBe('/field/jobs/J1?org=org-1');
    fireEvent.click(screen.getByRole('button', { name: '知道了，移除' }));
    await waitFor(() => expect(screen.queryByTestId('sync-rejected')).toBeNull());
    expect((await listWrites()).find((x) => x.id === w.id)).toBeUndefined();
  });
});

describe('sign-out with unsynced writes', () => {
  it('warns with the count first; staying keeps the queue', async () => {
    await enqueueWrite(write());
    render(
      <I18nProvider locale="zh-CN">
        <FieldLogout>退出</FieldLogout>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '退出' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('还有 1 项更改没有同步');
    fireEvent.click(screen.getByRole('button', { name: '留下' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await listWrites()).toHaveLength(1);
  });
});
