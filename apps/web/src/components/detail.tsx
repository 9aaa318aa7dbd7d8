import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';

/** "← back": a link inline, e.g. in a page header's subtitle (which is a <p>: no block elements inside). */
export function HeaderBackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="text-emerald-800 underline-offset-2 hover:underline">
      ← {children}
    </Link>
  );
}

/** "← back to the list" above a detail or form page. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="text-sm">
      <HeaderBackLink href={href}>{children}</HeaderBackLink>
    </p>
  );
}

/** A detail page's title with its badges (status, type, total …) beside it. */
export function DetailHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

/**
 * The actions a record allows now, in a card: the buttons (or "no actions"), then why a button
 * is disabled (`note`, its id for the buttons' aria-describedby), a "refreshed after a conflict"
 * status and the last action's error.
 */
export function ActionBar({
  id,
  title,
  actions,
  noActions,
  note,
  refreshed,
  error,
}: {
  id: string;
  title: ReactNode;
  actions: ReactNode[];
  noActions: ReactNode;
  note?: { id: string; text: ReactNode } | null;
  refreshed?: ReactNode;
  error?: unknown;
}) {
  return (
    <Card id={id} title={title}>
      {actions.length ? (
        <div className="flex flex-wrap gap-2">{actions}</div>
      ) : (
        <p className="text-sm text-slate-600">{noActions}</p>
      )}
      {note ? (
        <p id={note.id} className="mt-2 text-sm text-amber-900">
          {note.text}
        </p>
      ) : null}
      {refreshed ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {refreshed}
        </p>
      ) : null}
      {error !== undefined ? <ErrorAlert error={error} className="mt-2" /> : null}
    </Card>
  );
}
