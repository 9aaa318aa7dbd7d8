'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { persistQueries } from '@/lib/offline/persist';
import { fieldKeys } from '../api';
import { SyncBar } from './sync-bar';
import { useOnline, useSyncNow } from './use-offline-queue';
import { warmUp } from './warm-up';

/**
 * The field app's offline machinery, mounted once per page by the frame: the service worker,
 * the query cache kept in IndexedDB (per membership), the queue drained whenever the browser
 * comes online (and on demand), the next 7 days warmed up while online, and the sync bar.
 */
export function FieldOffline({ orgId, membershipId }: { orgId: string; membershipId: string }) {
  const qc = useQueryClient();
  const online = useOnline();
  const { sync, syncing } = useSyncNow(orgId);
  const warmed = useRef(false);

  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (sw && window.isSecureContext) void sw.register('/sw.js', { scope: '/field' }).catch(() => undefined);
  }, []);

  useEffect(() => {
    const p = persistQueries(qc, membershipId, [
      fieldKeys.all(orgId),
      ['orgs', orgId, 'knowledge', 'documents', 'detail'],
      ['orgs', orgId, 'knowledge', 'page'],
    ]);
    return p.stop;
  }, [qc, orgId, membershipId]);

  useEffect(() => {
    if (!online) return;
    void sync();
    // the home page's lists arrive first; warm up once they are in
    const t = setTimeout(() => {
      if (warmed.current) return;
      warmed.current = true;
      void warmUp(qc, orgId);
    }, 1_500);
    return () => clearTimeout(t);
  }, [online, sync, qc, orgId]);

  return <SyncBar orgId={orgId} online={online} syncing={syncing} onSync={() => void sync()} />;
}
