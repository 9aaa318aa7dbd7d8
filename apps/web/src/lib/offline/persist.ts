import { dehydrate, hydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { offlineDb } from './db';

/** How long a saved copy of the field data is shown offline (the issue: the next 7 days). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 3_600_000;
const SAVE_DELAY_MS = 1_000;

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((p, i) => key[i] === p);

/**
 * Keeps the successful queries under `prefixes` (the field app's: ['orgs', orgId, 'field'], the
 * manual pages opened) in IndexedDB, one record per `owner` (the membership: another person
 * signing in on the same phone never sees them), and puts them back into the query client on
 * the next visit, also without a network. Returns the unsubscribe and the restore promise.
 */
export function persistQueries(
  qc: QueryClient,
  owner: string,
  prefixes: QueryKey[],
): { restored: Promise<boolean>; stop: () => void } {
  const key = `queries:${owner}`;
  const wanted = (q: Query) => q.state.status === 'success' && prefixes.some((p) => startsWith(q.queryKey, p));
  const restored = restoreQueries(qc, key);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const state = dehydrate(qc, { shouldDehydrateQuery: wanted });
    void offlineDb()
      .then((db) => db.put('cache', { key, value: state, savedAt: Date.now() }))
      .catch(() => undefined);
  };
  let stopped = false;
  const unsubscribe = qc.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !wanted(event.query)) return;
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  // what arrived before this subscription (the server render's data, hydrated with the page: no
  // "success" event) is kept too
  void restored.then(() => {
    if (!stopped && qc.getQueryCache().getAll().some(wanted)) timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  return {
    restored,
    stop: () => {
      stopped = true;
      unsubscribe();
      if (timer) {
        clearTimeout(timer);
        save();
      }
    },
  };
}

async function restoreQueries(qc: QueryClient, key: string): Promise<boolean> {
  try {
    const db = await offlineDb();
    const saved = await db.get('cache', key);
    if (!saved) return false;
    if (Date.now() - saved.savedAt > PERSIST_MAX_AGE_MS) {
      await db.delete('cache', key);
      return false;
    }
    // hydrate keeps what the client already holds when it is newer
    hydrate(qc, saved.value as Parameters<typeof hydrate>[1]);
    return true;
  } catch {
    return false;
  }
}

/** Sign-out: the saved field data of this device goes with the session. */
export async function clearPersistedQueries(): Promise<void> {
  const db = await offlineDb();
  await db.clear('cache');
}
