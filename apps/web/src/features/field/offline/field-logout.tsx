'use client';

import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useMessages } from '@/i18n/messages';
import { clearPersistedQueries } from '@/lib/offline/persist';
import { clearWrites, listWrites } from '@/lib/offline/queue';
import { fill } from '../messages';
import { offlineMessages } from './messages';

/** Drop what this device kept for the person: queue, saved queries, kept pages. */
async function forgetDevice(): Promise<void> {
  await Promise.allSettled([clearWrites(), clearPersistedQueries()]);
  navigator.serviceWorker?.controller?.postMessage({ type: 'clear' });
}

/**
 * Sign out of the field app (the same form post as everywhere). With writes not yet synced it
 * warns first and says they will be lost; signing out anyway clears the queue and the saved data.
 */
export function FieldLogout({ children, className }: { children: ReactNode; className?: string }) {
  const m = useMessages(offlineMessages);
  const form = useRef<HTMLFormElement>(null);
  const [unsynced, setUnsynced] = useState(0);
  const confirmed = useRef(false);

  const onSubmit = (e: FormEvent) => {
    if (confirmed.current) return;
    e.preventDefault();
    void listWrites()
      .catch(() => [])
      .then(async (items) => {
        const n = items.filter((w) => w.state === 'pending').length;
        if (n > 0) {
          setUnsynced(n);
          return;
        }
        await forgetDevice();
        confirmed.current = true;
        form.current?.requestSubmit();
      });
  };

  return (
    <>
      <form ref={form} action="/api/session/logout" method="post" onSubmit={onSubmit}>
        <button type="submit" className={className}>
          {children}
        </button>
      </form>
      {unsynced > 0 ? (
        <div
          role="alertdialog"
          aria-labelledby="logout-warning-title"
          className="fixed inset-x-0 top-14 z-50 mx-auto max-w-xl px-4"
        >
          <div className="rounded-md border border-red-300 bg-white p-4 text-slate-900 shadow-lg">
            <p id="logout-warning-title" className="font-semibold text-red-900">
              {fill(m.logoutTitle, { n: String(unsynced) })}
            </p>
            <p className="mt-1 text-sm">{m.logoutBody}</p>
            <div className="mt-3 flex flex-col gap-2">
              <Button variant="secondary" size="lg" onClick={() => setUnsynced(0)}>
                {m.logoutStay}
              </Button>
              <Button
                variant="danger"
                size="lg"
                onClick={() => {
                  void forgetDevice().then(() => {
                    confirmed.current = true;
                    form.current?.requestSubmit();
                  });
                }}
              >
                {m.logoutAnyway}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
