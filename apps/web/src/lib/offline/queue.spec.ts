import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetOfflineDbForTests, type QueuedWrite } from './db';
import { dismissWrite, drainQueue, enqueueWrite, listWrites, type NewWrite, type SendOutcome } from './queue';

/**
 * The offline write queue on an in-memory IndexedDB (fake-indexeddb), with a sender standing in
 * for the network: order, keys kept across failed attempts, refusals kept, dependencies filled.
 */
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineDbForTests();
});
afterEach(() => resetOfflineDbForTests());

let n = 0;
const write = (over: Partial<NewWrite> = {}): NewWrite => ({
  id: `local-${++n}`,
  orgId: 'org-1',
  kind: 'job.start',
  method: 'POST',
  path: `orgs/org-1/jobs/j${n}/start`,
  body: { meterHours: 100 + n, version: 1 },
  idempotencyKey: `key-${n}`,
  occurredAt: new Date().toISOString(),
  entity: { type: 'job', id: `j${n}` },
  label: `Job ${n}`,
  ...over,
});

/** A sender that records what it got and answers from a script (default: done). */
function sender(script: Record<string, SendOutcome | (() => SendOutcome)> = {}) {
  const sent: QueuedWrite[] = [];
  const send = async (w: QueuedWrite): Promise<SendOutcome> => {
    sent.push(w);
    const s = script[w.id];
    return typeof s === 'function' ? s() : (s ?? { kind: 'done', result: { id: `srv-${w.id}`, version: 2 } });
  };
  return { sent, send };
}

describe('offline write queue', () => {
  it('sends in the order the writes were made, each with its own key, and empties', async () => {
    const a = await enqueueWrite(write());
    const b = await enqueueWrite(write());
    const c = await enqueueWrite(write());
    expect((await listWrites()).map((w) => w.id)).toEqual([a.id, b.id, c.id]);
    const s = sender();
    const r = await drainQueue(s.send);
    expect(r).toMatchObject({ sent: 3, rejected: 0, left: 0 });
    expect(s.sent.map((w) => [w.id, w.idempotencyKey])).toEqual([
      [a.id, a.idempotencyKey],
      [b.id, b.idempotencyKey],
      [c.id, c.idempotencyKey],
    ]);
    expect(await listWrites()).toEqual([]);
  });

  it('no answer stops the drain; the write stays pending and goes again later with the same key', async () => {
    const a = await enqueueWrite(write());
    const b = await enqueueWrite(write());
    let down = true;
    const s = sender({ [a.id]: () => (down ? { kind: 'retry', reason: 'Failed to fetch' } : { kind: 'done' }) });
    const first = await drainQueue(s.send);
    expect(first).toMatchObject({ sent: 0, left: 2, stoppedBy: 'Failed to fetch' });
    // b was not sent: it may depend on a
    expect(s.sent.map((w) => w.id)).toEqual([a.id]);
    const left = await listWrites();
    expect(left.map((w) => [w.id, w.state, w.attempts])).toEqual([
      [a.id, 'pending', 1],
      [b.id, 'pending', 0],
    ]);
    down = false;
    const second = await drainQueue(s.send);
    expect(second).toMatchObject({ sent: 2, left: 0 });
    expect(s.sent.filter((w) => w.id === a.id).map((w) => w.idempotencyKey)).toEqual([
      a.idempotencyKey,
      a.idempotencyKey,
    ]);
  });

  it('a refusal (409) is kept with the API error, the writes behind it are refused too, others go on', async () => {
    const start = await enqueueWrite(write({ entity: { type: 'job', id: 'J' } }));
    const complete = await enqueueWrite(
      write({ kind: 'job.complete', dependsOn: start.id, versionFromDep: true, entity: { type: 'job', id: 'J' } }),
    );
    const other = await enqueueWrite(write());
    const conflict = {
      status: 409,
      code: 'VERSION_CONFLICT',
      message: 'changed',
      details: { current: { status: 'CANCELLED' } },
    };
    const s = sender({ [start.id]: { kind: 'rejected', error: conflict } });
    const r = await drainQueue(s.send);
    expect(r).toMatchObject({ sent: 1, rejected: 2, left: 0 });
    expect(s.sent.map((w) => w.id)).toEqual([start.id, other.id]);
    const left = await listWrites();
    expect(left.map((w) => [w.id, w.state, w.error?.code])).toEqual([
      [start.id, 'rejected', 'VERSION_CONFLICT'],
      [complete.id, 'rejected', 'DEPENDENCY_REJECTED'],
    ]);
    expect(left[0]!.error).toEqual(conflict);
    // a later drain does not send refused writes again; nothing disappears until dismissed
    await drainQueue(s.send);
    expect(s.sent).toHaveLength(2);
    await dismissWrite(start.id);
    expect((await listWrites()).map((w) => w.id)).toEqual([complete.id]);
  });

  it('pending writes cannot be dismissed', async () => {
    const a = await enqueueWrite(write());
    await dismissWrite(a.id);
    expect((await listWrites()).map((w) => w.id)).toEqual([a.id]);
  });

  it('a photo behind a queued fault report goes to the work order the report created; a chained write takes its version', async () => {
    const report = await enqueueWrite(
      write({ kind: 'workorder.report', path: 'orgs/org-1/work-orders', entity: { type: 'work_order', id: null } }),
    );
    const photo = await enqueueWrite(
      write({
        kind: 'workorder.photo',
        path: 'orgs/org-1/work-orders/{dep}/attachments',
        body: undefined,
        file: { blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }), name: 'p.jpg' },
        dependsOn: report.id,
        entity: { type: 'work_order', id: null },
      }),
    );
    const start = await enqueueWrite(write({ entity: { type: 'job', id: 'K' }, body: { version: 1 } }));
    const complete = await enqueueWrite(
      write({ dependsOn: start.id, versionFromDep: true, body: { version: 1, areaDoneHa: 3 } }),
    );
    const s = sender({
      [report.id]: { kind: 'done', result: { id: 'wo-42', version: 1 } },
      [start.id]: { kind: 'done', result: { id: 'K', version: 7 } },
    });
    await drainQueue(s.send);
    const sentPhoto = s.sent.find((w) => w.id === photo.id)!;
    expect(sentPhoto.path).toBe('orgs/org-1/work-orders/wo-42/attachments');
    expect(sentPhoto.file?.name).toBe('p.jpg');
    expect(s.sent.find((w) => w.id === complete.id)!.body).toEqual({ version: 7, areaDoneHa: 3 });
    expect(await listWrites()).toEqual([]);
  });

  it('two drains at once send every write once', async () => {
    for (let i = 0; i < 5; i++) await enqueueWrite(write());
    const s = sender();
    const [x, y] = await Promise.all([drainQueue(s.send), drainQueue(s.send)]);
    expect(x).toEqual(y);
    expect(s.sent).toHaveLength(5);
    expect(new Set(s.sent.map((w) => w.id)).size).toBe(5);
  });
});
