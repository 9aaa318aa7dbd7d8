import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** A write made in the field app, waiting to reach the API (see queue.ts). */
export interface QueuedWrite {
  /** local id: what a later write depends on (a photo behind the fault report that creates its order) */
  id: string;
  /** send order (assigned by enqueue) */
  seq: number;
  orgId: string;
  kind: OfflineWriteKind;
  method: 'POST' | 'PATCH';
  /**
   * API path below /api/proxy/. `{dep}` is replaced with the id the dependency's answer carries
   * (the work order a queued fault report created).
   */
  path: string;
  /** JSON body; for a photo, the multipart form's other fields */
  body?: Record<string, unknown>;
  /** a photo: sent as multipart field `file` */
  file?: { blob: Blob; name: string };
  idempotencyKey: string;
  /** when the person acted (ISO): sent as occurredAt where the route takes it */
  occurredAt: string;
  /** a write that must succeed first; its answer fills `{dep}` and, with `versionFromDep`, body.version */
  dependsOn?: string;
  versionFromDep?: boolean;
  /** what it is about, for the list and the "current state" link */
  entity: { type: 'job' | 'work_order'; id: string | null };
  /** short text the person recognises ("Start: Ploughing North field") */
  label: string;
  state: 'pending' | 'rejected' | 'done';
  attempts: number;
  /** the API's refusal (409/422/4xx) or a dependency's: kept until the person dismisses it */
  error?: { status: number; code: string; message: string; details?: unknown };
  /** the answer's id/version (kept for the writes that depend on this one) */
  result?: { id?: string; version?: number };
}

export type OfflineWriteKind =
  | 'job.prestart'
  | 'job.start'
  | 'job.complete'
  | 'workorder.report'
  | 'workorder.checklist'
  | 'workorder.submit'
  | 'workorder.photo'
  | 'workorder.stockpart'
  | 'workorder.part';

interface OfflineDb extends DBSchema {
  queue: { key: string; value: QueuedWrite; indexes: { seq: number } };
  cache: { key: string; value: { key: string; value: unknown; savedAt: number } };
}

export type OfflineDatabase = IDBPDatabase<OfflineDb>;

export const OFFLINE_DB_NAME = 'amms-offline';

let dbPromise: Promise<OfflineDatabase> | null = null;

/** The field app's IndexedDB: the write queue and the persisted query cache. */
export function offlineDb(): Promise<OfflineDatabase> {
  dbPromise ??= openDB<OfflineDb>(OFFLINE_DB_NAME, 1, {
    upgrade(db) {
      const q = db.createObjectStore('queue', { keyPath: 'id' });
      q.createIndex('seq', 'seq', { unique: true });
      db.createObjectStore('cache', { keyPath: 'key' });
    },
  });
  return dbPromise;
}

/** Tests: forget the open connection (fake-indexeddb is reset between them). */
export function resetOfflineDbForTests(): void {
  dbPromise = null;
}
