import { offlineDb, type QueuedWrite } from './db';

/**
 * The offline write queue (IndexedDB). Writes are kept in the order they were made and sent
 * one by one, each with the Idempotency-Key it got when it was made: a write that reached the
 * API before the connection dropped is answered from the API's idempotency store, never done
 * twice. A refusal (409, 422, any other 4xx) stays in the queue as `rejected` with the API's
 * error until the person dismisses it; nothing is dropped silently.
 */

export type NewWrite = Omit<QueuedWrite, 'seq' | 'state' | 'attempts' | 'error' | 'result'>;

/** What sending one write gave: done (with the answer's id/version), refused, or unknown (network, 5xx, 429). */
export type SendOutcome =
  | { kind: 'done'; result?: { id?: string; version?: number } }
  | { kind: 'rejected'; error: NonNullable<QueuedWrite['error']> }
  | { kind: 'retry'; reason: string };

export type Sender = (write: QueuedWrite) => Promise<SendOutcome>;

const listeners = new Set<() => void>();
const CHANNEL = 'amms-offline-queue';
let channel: BroadcastChannel | null = null;

function bus(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listeners.forEach((l) => l());
  return channel;
}

/** Called on every change of the queue, in this tab and (via BroadcastChannel) in the others. */
export function subscribeQueue(listener: () => void): () => void {
  bus();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  listeners.forEach((l) => l());
  bus()?.postMessage('changed');
}

export async function enqueueWrite(write: NewWrite): Promise<QueuedWrite> {
  const db = await offlineDb();
  const tx = db.transaction('queue', 'readwrite');
  const last = await tx.store.index('seq').openCursor(null, 'prev');
  const item: QueuedWrite = { ...write, seq: (last?.value.seq ?? 0) + 1, state: 'pending', attempts: 0 };
  await tx.store.add(item);
  await tx.done;
  changed();
  return item;
}

/** Every queued write (pending and rejected), oldest first. */
export async function listWrites(): Promise<QueuedWrite[]> {
  const db = await offlineDb();
  return (await db.getAllFromIndex('queue', 'seq')).filter((w) => w.state !== 'done');
}

/** The person read a refusal and lets it go (the API state stands). Pending writes cannot be dismissed. */
export async function dismissWrite(id: string): Promise<void> {
  const db = await offlineDb();
  const w = await db.get('queue', id);
  if (!w || w.state === 'pending') return;
  await db.delete('queue', id);
  changed();
}

/** Signing out anyway: what was not sent is given up (the warning said so). */
export async function clearWrites(): Promise<void> {
  const db = await offlineDb();
  await db.clear('queue');
  changed();
}

function fill(write: QueuedWrite, dep: QueuedWrite | undefined): QueuedWrite {
  if (!write.dependsOn) return write;
  const id = dep?.result?.id ?? '';
  const body =
    write.body && write.versionFromDep && dep?.result?.version
      ? { ...write.body, version: dep.result.version }
      : write.body;
  return { ...write, path: write.path.replaceAll('{dep}', encodeURIComponent(id)), body };
}

let draining: Promise<DrainResult> | null = null;

export type DrainResult = { sent: number; rejected: number; left: number; stoppedBy?: string };

/**
 * Send the pending writes in order. Stops at the first write whose fate is unknown (network,
 * 5xx): the later ones may depend on it, and the next drain sends it again with the same key.
 * A write whose dependency was refused is refused too (DEPENDENCY_REJECTED), not sent.
 * One drain at a time per tab; across tabs, a Web Lock when the browser has it.
 */
export function drainQueue(send: Sender): Promise<DrainResult> {
  draining ??= withLock(() => drainOnce(send)).finally(() => {
    draining = null;
  });
  return draining;
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  return locks.request(CHANNEL, fn) as Promise<T>;
}

async function drainOnce(send: Sender): Promise<DrainResult> {
  const db = await offlineDb();
  const all = await db.getAllFromIndex('queue', 'seq');
  const byId = new Map(all.map((w) => [w.id, w]));
  const out: DrainResult = { sent: 0, rejected: 0, left: 0 };
  for (const w of all) {
    if (w.state !== 'pending') continue;
    if (out.stoppedBy) {
      out.left++;
      continue;
    }
    const dep = w.dependsOn ? byId.get(w.dependsOn) : undefined;
    if (w.dependsOn && dep?.state === 'rejected') {
      const rejected: QueuedWrite = {
        ...w,
        state: 'rejected',
        error: { status: 424, code: 'DEPENDENCY_REJECTED', message: dep.label, details: { dependsOn: dep.id } },
      };
      await db.put('queue', rejected);
      byId.set(w.id, rejected);
      out.rejected++;
      changed();
      continue;
    }
    const outcome = await send(fill(w, dep)).catch((err: unknown): SendOutcome => ({
      kind: 'retry',
      reason: err instanceof Error ? err.message : 'error',
    }));
    const attempts = w.attempts + 1;
    if (outcome.kind === 'retry') {
      await db.put('queue', { ...w, attempts });
      out.stoppedBy = outcome.reason;
      out.left++;
    } else if (outcome.kind === 'rejected') {
      const rejected: QueuedWrite = { ...w, attempts, state: 'rejected', error: outcome.error };
      await db.put('queue', rejected);
      byId.set(w.id, rejected);
      out.rejected++;
    } else {
      const done: QueuedWrite = { ...w, attempts, state: 'done', result: outcome.result };
      byId.set(w.id, done);
      // kept while a later write still needs its answer; gone once nothing depends on it
      if (all.some((x) => x.dependsOn === w.id && x.state === 'pending')) await db.put('queue', done);
      else await db.delete('queue', w.id);
      out.sent++;
    }
    changed();
  }
  // answers nobody waits for any more
  for (const w of byId.values()) {
    if (w.state === 'done' && ![...byId.values()].some((x) => x.dependsOn === w.id && x.state === 'pending'))
      await db.delete('queue', w.id);
  }
  return out;
}
