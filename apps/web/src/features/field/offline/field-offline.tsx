'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { afterLoad, useAfterLoad } from '@/lib/after-load';
import { persistQueries } from '@/lib/offline/persist';
import { fieldKeys } from '../api';
import { SyncBar } from './sync-bar';
import { useOnline, useSyncNow } from './use-offline-queue';
import { warmUp } from './warm-up';

/**
 * The field app's offline machinery, mounted once per page by the frame: the service worker,
 * the query cache kept in IndexedDB (per membership), the queue drained whenever the browser
 * comes online (and on demand), the next 7 days warmed up while online, and the sync bar.
 *
 * Start-up work the first paint does not need waits for the load and an idle moment (issue #30
 * §1): reading and hydrating the saved copy, opening the queue to send it.
 */
export function FieldOffline({ orgId, membershipId }: { orgId: string; membershipId: string }) {
  const qc = useQueryClient();
  const online = useOnline();
  const { sync, syncing } = useSyncNow(orgId);

  // after the load, when the phone is idle: installing the worker fetches and caches the app's
  // files, which must not compete with the page's own first paint and hydration
  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (!sw || !window.isSecureContext) return;
    return afterLoad(() => void sw.register('/sw.js', { scope: '/field' }).catch(() => undefined));
  }, []);

  // online the page came with its data from the server: the saved copy is read, and the queue
  // sent, after the load; offline the saved copy is all there is to show and is read at once
  const loaded = useAfterLoad();
  const [persisting, setPersisting] = useState(false);
  useEffect(() => {
    if (loaded || !online) setPersisting(true);
  }, [loaded, online]);

  useEffect(() => {
    if (!persisting) return;
    const p = persistQueries(qc, membershipId, [
      fieldKeys.all(orgId),
      ['orgs', orgId, 'knowledge', 'documents', 'detail'],
      ['orgs', orgId, 'knowledge', 'page'],
    ]);
    return p.stop;
  }, [persisting, qc, orgId, membershipId]);

  // on a page opened online, after the load; on coming back online later, at once
  useEffect(() => {
    if (online && loaded) void sync();
  }, [online, loaded, sync]);

  // warm up while online, again whenever my lists of jobs / work orders arrive anew (debounced)
  useEffect(() => {
    if (!online) return;
    let t: ReturnType<typeof setTimeout> | null = null;
    const kick = () => {
      if (t) clearTimeout(t);
      t = setTimeout(() => void warmUp(qc, orgId), 1_500);
    };
    // the first warm-up waits for the load and an idle moment (it fetches every job's details)
    const first = afterLoad(kick);
    const lists = [fieldKeys.jobs(orgId), fieldKeys.workOrders(orgId)];
    const off = qc.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || e.action.type !== 'success') return;
      if (lists.some((p) => p.every((k, i) => e.query.queryKey[i] === k))) kick();
    });
    return () => {
      first();
      off();
      if (t) clearTimeout(t);
    };
  }, [online, qc, orgId]);

  return <SyncBar orgId={orgId} online={online} syncing={syncing} onSync={() => void sync()} />;
}
