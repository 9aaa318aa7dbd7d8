'use client';

import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { QueuedWrite } from '@/lib/offline/db';
import { drainQueue, listWrites, subscribeQueue } from '@/lib/offline/queue';
import { sendWrite } from '@/lib/offline/send';

// TanStack's onlineManager assumes "online" until an online/offline event: a page opened (or reloaded)
// without a network must know at once, before its queries start (they then pause and show the saved data)
if (typeof navigator !== 'undefined' && typeof window !== 'undefined') onlineManager.setOnline(navigator.onLine);

/** Is the browser online (TanStack's onlineManager: navigator.onLine + the online/offline events)? */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** The queued writes (pending and rejected), kept current across tabs. */
export function useQueuedWrites(): QueuedWrite[] | null {
  const [items, setItems] = useState<QueuedWrite[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void listWrites()
        .then((x) => live && setItems(x))
        .catch(() => live && setItems([]));
    load();
    const off = subscribeQueue(load);
    return () => {
      live = false;
      off();
    };
  }, []);
  return items;
}

/** Send what is queued; afterwards the field data is fetched again (the API's state is the truth). */
export function useSyncNow(orgId: string): { sync: () => Promise<void>; syncing: boolean } {
  const qc = useQueryClient();
  const [syncing, setSyncing] = useState(false);
  const sync = useCallback(async () => {
    setSyncing(true);
    try {
      const r = await drainQueue(sendWrite);
      if (r.sent > 0 || r.rejected > 0) await qc.invalidateQueries({ queryKey: ['orgs', orgId] });
    } finally {
      setSyncing(false);
    }
  }, [qc, orgId]);
  return { sync, syncing };
}
