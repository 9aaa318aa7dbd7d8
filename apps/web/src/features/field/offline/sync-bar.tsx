'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import type { QueuedWrite } from '@/lib/offline/db';
import { dismissWrite } from '@/lib/offline/queue';
import { fieldHref, fieldPaths } from '../links';
import { fill } from '../messages';
import { offlineMessages } from './messages';
import { useQueuedWrites } from './use-offline-queue';

function currentStateHref(w: QueuedWrite): string | null {
  if (!w.entity.id) return null;
  return fieldHref(w.entity.type === 'job' ? fieldPaths.job(w.entity.id) : fieldPaths.workOrder(w.entity.id), w.orgId);
}

/**
 * Offline / waiting-to-sync / refused, at the top of every field page: the count of writes not
 * yet sent with "sync now", and each refused write with the API's reason, a link to the record's
 * current state and a button to let it go.
 */
export function SyncBar({
  orgId,
  online,
  syncing,
  onSync,
}: {
  orgId: string;
  online: boolean;
  syncing: boolean;
  onSync: () => void;
}) {
  const { locale } = useI18n();
  const m = useMessages(offlineMessages);
  const items = (useQueuedWrites() ?? []).filter((w) => w.orgId === orgId);
  const pending = items.filter((w) => w.state === 'pending');
  const rejected = items.filter((w) => w.state === 'rejected');
  const synced = useJustSynced(online, pending.length);
  if (online && pending.length === 0 && rejected.length === 0)
    return synced ? (
      <p
        role="status"
        data-testid="sync-done"
        className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
      >
        {m.waitingNone}
      </p>
    ) : null;

  return (
    <div className="mb-4 space-y-2" data-testid="sync-bar">
      {!online ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {m.offline}
        </p>
      ) : null}
      {pending.length > 0 ? (
        <div className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p role="status" data-testid="sync-count">
              {fill(m.waiting, { n: String(pending.length) })}
            </p>
            <Button size="md" variant="secondary" onClick={onSync} pending={syncing}>
              {syncing ? m.syncing : m.syncNow}
            </Button>
          </div>
          <details className="mt-1">
            <summary className="min-h-10 cursor-pointer py-2 font-medium underline underline-offset-2">
              {m.showQueue}
            </summary>
            <ul className="list-disc space-y-1 pl-5">
              {pending.map((w) => (
                <li key={w.id} className="break-words">
                  {m.kinds[w.kind]}: {w.label}
                </li>
              ))}
            </ul>
          </details>
        </div>
      ) : null}
      {rejected.length > 0 ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-950">
          <p className="font-semibold">{fill(m.rejectedTitle, { n: String(rejected.length) })}</p>
          <p className="mt-1">{m.rejectedHelp}</p>
          <ul className="mt-2 space-y-3">
            {rejected.map((w) => {
              const href = currentStateHref(w);
              const why =
                w.error?.code === 'DEPENDENCY_REJECTED'
                  ? fill(m.dependencyRejected, { label: w.error.message })
                  : errorMessage(
                      locale,
                      new ApiError(
                        w.error?.status ?? 0,
                        w.error?.code ?? 'UNKNOWN',
                        w.error?.message ?? '',
                        null,
                        w.error?.details,
                      ),
                    );
              return (
                <li key={w.id} data-testid="sync-rejected" className="rounded border border-red-200 bg-white p-2">
                  <p className="break-words font-medium">
                    {m.kinds[w.kind]}: {w.label}
                  </p>
                  <p className="mt-1 break-words">{why}</p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {href ? (
                      <Link
                        href={href}
                        className="inline-flex min-h-10 items-center rounded-md px-1 font-semibold text-emerald-800 underline underline-offset-2"
                      >
                        {m.currentState}
                      </Link>
                    ) : null}
                    <Button size="md" variant="ghost" onClick={() => void dismissWrite(w.id)}>
                      {m.dismiss}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

const SYNCED_SHOWN_MS = 6_000;

/** True for a few seconds after the waiting writes ran out while online: the queue was sent, say so. */
function useJustSynced(online: boolean, pending: number): boolean {
  const before = useRef(pending);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const had = before.current;
    before.current = pending;
    if (!(online && had > 0 && pending === 0)) return;
    setShown(true);
    const t = setTimeout(() => setShown(false), SYNCED_SHOWN_MS);
    return () => clearTimeout(t);
  }, [online, pending]);
  return shown && online && pending === 0;
}
