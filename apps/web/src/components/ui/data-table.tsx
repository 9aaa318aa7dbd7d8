'use client';

import type { ComponentProps, ReactNode } from 'react';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { formatDateTime } from '@/lib/format';
import { Badge } from './badge';
import { Button } from './button';
import { CursorListStates, HeadRow } from './list';

/**
 * The table kit. `DataTable` (a framed list) and `PlainTable` (inside a card) with their cell
 * classes; `ListSection`, `ListTable` / `CursorListTable` and the row pieces (`DateTimeCell`,
 * `BadgeDetails`, `RowActions`, cells `th` / `td`) of the settings lists (members, teams, API keys,
 * webhooks, manuals).
 */

/** Table shell: scrolls inside itself on narrow screens. */
export function TableWrap({ children, label }: { children: ReactNode; label?: string }) {
  // a labelled wrap is a region keyboard users can focus to scroll (a table of plain text has no link to tab to)
  return label ? (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  ) : (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">{children}</div>
  );
}

export const thClass =
  'whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
export const tdClass = 'px-3 py-2 align-top text-sm text-slate-800';

/** A cell of a number (an amount, a quantity): right-aligned, on one line, digits of even width. */
export const numTdClass = `${tdClass} whitespace-nowrap text-right tabular-nums`;

/** A column title set to the right (amounts, quantities), as HeadRow takes it. */
export const rightHead = (label: ReactNode) => ({ label, className: `${thClass} text-right` });

/** The link in a row's first cell to the row's own page. */
export const rowLinkClass =
  'text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-700';

/**
 * A list's table in its TableWrap: a caption for screen readers, the column titles (`head`, as
 * HeadRow takes them), the rows (children) and an optional footer. `className` sets its least
 * width (`min-w-[44rem]`), past which it scrolls.
 */
export function DataTable({
  caption,
  head,
  className,
  foot,
  focusable,
  children,
}: {
  caption: string;
  head: ComponentProps<typeof HeadRow>['cells'];
  className: string;
  foot?: ReactNode;
  /** rows without a link or button: the scrolling box itself takes the keyboard focus */
  focusable?: boolean;
  children: ReactNode;
}) {
  return (
    <TableWrap label={focusable ? caption : undefined}>
      <table className={`w-full border-collapse ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <HeadRow className={thClass} cells={head} />
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
        {foot}
      </table>
    </TableWrap>
  );
}

/**
 * A table without a frame of its own (inside a card or a section): a caption for screen readers,
 * the column titles over a rule (`caps`: in small capitals), the rows divided by thin lines.
 * `className` sets its width (`min-w-full`, or a least width past which it scrolls).
 */
export function PlainTable({
  caption,
  head,
  className = 'min-w-full',
  caps = false,
  children,
}: {
  caption?: string;
  head: ComponentProps<typeof HeadRow>['cells'];
  className?: string;
  caps?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className={`${className} text-left text-sm`}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={`border-b border-slate-200 text-xs text-slate-600 ${caps ? 'uppercase tracking-wide' : ''}`}>
          <HeadRow className="py-2 pr-4 font-semibold" lastClassName="py-2 font-semibold" cells={head} />
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">{children}</tbody>
      </table>
    </div>
  );
}

export const th =
  'whitespace-nowrap border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600';
export const td = 'border-b border-slate-100 px-3 py-2 align-top text-slate-800';

/** An admin list: its heading with the page's main action beside it, an optional intro above. */
export function ListSection({
  id,
  title,
  intro,
  action,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      {intro ? <p className="max-w-prose text-sm text-slate-700">{intro}</p> : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

type Head = ComponentProps<typeof HeadRow>['cells'];

/**
 * A table that scrolls inside its own box on narrow screens: a caption for screen readers (`label`),
 * its column titles (`head`, as HeadRow takes them) and the rows (children) as its body.
 */
export function ListTable({ label, head, children }: { label: string; head: Head; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <HeadRow className={th} cells={head} />
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A cursor-paginated admin list as a ListTable: loading, failed, empty, or the rows (children)
 * with "load more" under them; marked busy while anything loads.
 */
export function CursorListTable({
  query,
  count,
  empty,
  label,
  head,
  children,
}: Pick<ComponentProps<typeof CursorListStates>, 'query' | 'count' | 'empty'> & {
  label: string;
  head: Head;
  children: ReactNode;
}) {
  return (
    <CursorListStates query={query} count={count} empty={empty} busy>
      <ListTable label={label} head={head}>
        {children}
      </ListTable>
    </CursorListStates>
  );
}

/** A date and time cell in the organisation's time zone; `empty` when there is none. */
export function DateTimeCell({ at, timeZone, empty }: { at: string | null; timeZone: string; empty?: ReactNode }) {
  const { locale } = useI18n();
  return <td className={`${td} whitespace-nowrap`}>{at ? formatDateTime(at, locale, timeZone) : empty}</td>;
}

/** A count that opens to the badges it counts (an API key's scopes, a webhook's events). */
export function BadgeDetails({ summary, items }: { summary: ReactNode; items: { key: string; label: ReactNode }[] }) {
  return (
    <details>
      <summary className="cursor-pointer whitespace-nowrap rounded text-sm text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700">
        {summary}
      </summary>
      <ul className="mt-1 flex max-w-xs flex-wrap gap-1">
        {items.map((it) => (
          <li key={it.key}>
            <Badge>{it.label}</Badge>
          </li>
        ))}
      </ul>
    </details>
  );
}

export type RowAction = Pick<ComponentProps<typeof Button>, 'onClick' | 'disabled' | 'title' | 'pending'> & {
  label: string;
  /** the accessible name when the label alone does not say which row: a template with {name} ("Edit {name}") */
  of?: string;
  /** secondary: the row's main action; danger: red, for remove / revoke / delete; ghost otherwise */
  kind?: 'secondary' | 'danger';
};

/** The last cell of a row: its small action buttons, in order; `name` (the row's) goes into their `of`. */
export function RowActions({ name = '', actions }: { name?: string; actions: readonly RowAction[] }) {
  return (
    <td className={`${td} whitespace-nowrap`}>
      <div className="flex flex-wrap gap-1">
        {actions.map(({ label, of, kind, ...rest }) => (
          <Button
            key={label}
            variant={kind === 'secondary' ? 'secondary' : 'ghost'}
            size="sm"
            className={kind === 'danger' ? 'text-red-800' : undefined}
            aria-label={of ? format(of, { name }) : undefined}
            {...rest}
          >
            {label}
          </Button>
        ))}
      </div>
    </td>
  );
}
