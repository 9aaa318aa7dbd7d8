'use client';

import Link from 'next/link';
import { useDeferredValue, useId, useMemo, type CSSProperties, type JSX } from 'react';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { localDays } from '@/lib/zoned-time';
import { CardBar, useBarCards, type TimelineCard } from './bar-card';
import { timelineMessages } from './messages';

export type { TimelineCard } from './bar-card';

/** `group`: rows with the same group are drawn under one heading (e.g. machines, then operators), in the order given. */
export type TimelineRow = { id: string; label: string; sublabel?: string; group?: string };
export type TimelineBarKind = 'job' | 'maintenance' | 'proposed' | 'conflict' | 'removed';
export type TimelineBar = {
  id: string;
  rowId: string;
  start: string;
  end: string;
  label: string;
  kind: TimelineBarKind;
  title?: string;
  href?: string;
  /** a card that opens on hover, focus or tap (the bar is then a button, not a link) */
  card?: TimelineCard;
};

export type TimelineProps = {
  rows: TimelineRow[];
  bars: TimelineBar[];
  from: string;
  to: string;
  timeZone: string;
  ariaLabel: string;
  emptyText?: string;
  /** the heading of the label column (default: "Machine") */
  rowHeader?: string;
};

const KINDS: readonly TimelineBarKind[] = ['job', 'maintenance', 'proposed', 'conflict', 'removed'];

/** Colour AND pattern/outline per kind: never colour alone (the legend names both). */
const KIND_CLASS: Record<TimelineBarKind, string> = {
  job: 'border border-emerald-800 bg-emerald-700 text-white',
  maintenance: 'border border-amber-600 bg-amber-100 text-amber-950',
  proposed: 'border-2 border-dashed border-sky-700 bg-sky-50 text-sky-950',
  conflict: 'border-2 border-red-700 bg-red-50 text-red-950',
  removed: 'border border-dotted border-slate-500 bg-slate-50 text-slate-600 line-through',
};

const KIND_STYLE: Partial<Record<TimelineBarKind, CSSProperties>> = {
  maintenance: {
    backgroundImage: 'repeating-linear-gradient(45deg, rgb(251 191 36 / 0.55) 0 4px, transparent 4px 9px)',
  },
  conflict: {
    backgroundImage:
      'repeating-linear-gradient(45deg, rgb(220 38 38 / 0.22) 0 2px, transparent 2px 8px), repeating-linear-gradient(-45deg, rgb(220 38 38 / 0.22) 0 2px, transparent 2px 8px)',
  },
};

const LANE_PX = 30;
const ROW_PAD_PX = 6;
const DAY_MIN_PX = 104;
const LABEL_PX = 176;
/**
 * Rows in the first render (the server's HTML and the hydration): a scale-10 fleet has hundreds of
 * machines, and drawing them all in one go was one long task of several hundred ms. The rest
 * follow in a deferred render, which React splits into short slices the browser can interrupt.
 */
export const TIMELINE_FIRST_ROWS = 30;

type PlacedBar = TimelineBar & { s: number; e: number; lane: number; clippedStart: boolean; clippedEnd: boolean };

/** Greedy lanes: a bar goes into the first lane whose last bar has ended. */
function placeInLanes(bars: Omit<PlacedBar, 'lane'>[]): { placed: PlacedBar[]; lanes: number } {
  const sorted = [...bars].sort((a, b) => a.s - b.s || b.e - a.e || a.id.localeCompare(b.id));
  const laneEnds: number[] = [];
  const placed = sorted.map((b) => {
    let lane = laneEnds.findIndex((end) => end <= b.s);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(b.e);
    } else laneEnds[lane] = b.e;
    return { ...b, lane };
  });
  return { placed, lanes: Math.max(1, laneEnds.length) };
}

/**
 * Machines as rows, local days (in `timeZone`) as columns, bookings as bars clipped to
 * [from, to). Pure presentation: the caller fetches. Overlapping bars of a row stack in lanes;
 * a bar with `href` is a link named by its label, time range and kind.
 */
export function Timeline({
  rows,
  bars,
  from,
  to,
  timeZone,
  ariaLabel,
  emptyText,
  rowHeader,
}: TimelineProps): JSX.Element {
  const m = useMessages(timelineMessages);
  const { locale } = useI18n();
  const uid = useId();
  const shownRows = useDeferredValue(
    rows,
    rows.length > TIMELINE_FIRST_ROWS ? rows.slice(0, TIMELINE_FIRST_ROWS) : rows,
  );
  const cards = useBarCards();
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);

  const days = useMemo(
    () => (Number.isFinite(fromMs) && Number.isFinite(toMs) && fromMs < toMs ? localDays(fromMs, toMs, timeZone) : []),
    [fromMs, toMs, timeZone],
  );

  /** instant → fraction of the track (each local day has the same width, DST days included) */
  const position = useMemo(() => {
    return (t: number) => {
      if (days.length === 0) return 0;
      const i = days.findIndex((d) => t < d.end);
      if (i === -1) return 1;
      const d = days[i]!;
      return (i + Math.max(0, t - d.start) / (d.end - d.start)) / days.length;
    };
  }, [days]);

  const layout = useMemo(() => {
    const byRow = new Map<string, Omit<PlacedBar, 'lane'>[]>();
    for (const b of bars) {
      const s0 = Date.parse(b.start);
      const e0 = Date.parse(b.end);
      if (!Number.isFinite(s0) || !Number.isFinite(e0) || e0 <= fromMs || s0 >= toMs || e0 <= s0) continue;
      const s = Math.max(s0, fromMs);
      const e = Math.min(e0, toMs);
      const list = byRow.get(b.rowId) ?? [];
      list.push({ ...b, s, e, clippedStart: s0 < fromMs, clippedEnd: e0 > toMs });
      byRow.set(b.rowId, list);
    }
    return new Map(rows.map((r) => [r.id, placeInLanes(byRow.get(r.id) ?? [])]));
  }, [bars, rows, fromMs, toMs]);

  const visibleBars = [...layout.values()].reduce((n, l) => n + l.placed.length, 0);
  const dayFmt = useMemo(
    () => new Intl.DateTimeFormat(locale, { timeZone, month: 'numeric', day: 'numeric' }),
    [locale, timeZone],
  );
  const weekdayFmt = useMemo(() => new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short' }), [locale, timeZone]);

  const nameOf = (b: PlacedBar) =>
    format(m.barName, {
      label: b.label,
      range: `${formatDateTime(b.start, locale, timeZone)} – ${formatDateTime(b.end, locale, timeZone)}`,
      kind: m.kinds[b.kind],
      clip: `${b.clippedStart ? m.continuesBefore : ''}${b.clippedEnd ? m.continuesAfter : ''}`,
    });

  const legendId = `${uid}-legend`;
  const minWidth = LABEL_PX + Math.max(1, days.length) * DAY_MIN_PX;

  return (
    <div role="group" aria-label={ariaLabel} aria-describedby={legendId} className="min-w-0 space-y-2">
      <div id={legendId} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
        <span className="font-semibold">{m.legend}:</span>
        {KINDS.map((k) => (
          <span key={k} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={`inline-grid h-3.5 w-6 place-items-center rounded-sm text-[10px] font-bold leading-none ${KIND_CLASS[k]}`}
              style={KIND_STYLE[k]}
            >
              {k === 'conflict' ? '!' : ''}
            </span>
            <span>
              {m.kinds[k]}
              <span className="sr-only">（{m.kindHints[k]}）</span>
            </span>
          </span>
        ))}
      </div>

      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          {emptyText ?? m.noRows}
        </p>
      ) : (
        <>
          <div
            className="max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white"
            role="region"
            aria-label={ariaLabel}
            tabIndex={0}
          >
            <div style={{ minWidth }} className="relative">
              {/* header: the days */}
              <div className="flex border-b border-slate-200 bg-slate-50 text-xs text-slate-700" aria-hidden="true">
                <div
                  className="sticky left-0 z-20 shrink-0 border-r border-slate-200 bg-slate-50 px-2 py-1.5 font-semibold"
                  style={{ width: LABEL_PX }}
                >
                  {rowHeader ?? m.machine}
                </div>
                <div className="flex flex-1">
                  {days.map((d) => (
                    <div
                      key={d.start}
                      className={`flex-1 border-l border-slate-200 px-1.5 py-1.5 first:border-l-0 ${d.wall.weekday === 0 || d.wall.weekday === 6 ? 'bg-slate-100' : ''}`}
                    >
                      <span className="font-semibold text-slate-900">{dayFmt.format(d.start)}</span>{' '}
                      <span>{weekdayFmt.format(d.start)}</span>
                    </div>
                  ))}
                </div>
              </div>

              {shownRows.map((row, rowIndex) => {
                const { placed, lanes } = layout.get(row.id) ?? { placed: [], lanes: 1 };
                const height = lanes * LANE_PX + ROW_PAD_PX * 2;
                const labelId = `${uid}-row-${row.id}`;
                const groupStarts = row.group !== undefined && row.group !== shownRows[rowIndex - 1]?.group;
                return (
                  <div key={row.id}>
                    {groupStarts ? (
                      <div className="border-b border-slate-200 bg-slate-100 text-xs font-semibold uppercase tracking-wide text-slate-700">
                        <div className="sticky left-0 inline-block px-2 py-1" role="heading" aria-level={3}>
                          {row.group}
                        </div>
                      </div>
                    ) : null}
                    <div
                      role="group"
                      aria-labelledby={labelId}
                      data-row-group={row.group}
                      className="flex border-b border-slate-200 last:border-b-0"
                    >
                      <div
                        className="sticky left-0 z-20 flex shrink-0 flex-col justify-center border-r border-slate-200 bg-white px-2 py-1"
                        style={{ width: LABEL_PX, minHeight: height }}
                      >
                        <span
                          id={labelId}
                          className="line-clamp-2 break-words text-sm font-medium leading-tight text-slate-900"
                          title={row.label}
                        >
                          {row.label}
                        </span>
                        {row.sublabel ? (
                          <span className="truncate text-xs text-slate-600" title={row.sublabel}>
                            {row.sublabel}
                          </span>
                        ) : null}
                      </div>
                      <div className="relative flex-1" style={{ height }}>
                        {/* day columns */}
                        <div className="absolute inset-0 flex" aria-hidden="true">
                          {days.map((d) => (
                            <div
                              key={d.start}
                              className={`flex-1 border-l border-slate-100 first:border-l-0 ${d.wall.weekday === 0 || d.wall.weekday === 6 ? 'bg-slate-50' : ''}`}
                            />
                          ))}
                        </div>
                        {placed.map((b) => {
                          const left = position(b.s) * 100;
                          const width = Math.max(0, position(b.e) * 100 - left);
                          const name = nameOf(b);
                          const style: CSSProperties = {
                            ...KIND_STYLE[b.kind],
                            left: `${left}%`,
                            width: `${width}%`,
                            minWidth: 8,
                            top: ROW_PAD_PX + b.lane * LANE_PX,
                            height: LANE_PX - 4,
                          };
                          const cls = `absolute flex items-center gap-1 overflow-hidden whitespace-nowrap px-1.5 text-xs font-medium ${KIND_CLASS[b.kind]} ${
                            b.clippedStart ? 'rounded-l-none' : 'rounded-l-md'
                          } ${b.clippedEnd ? 'rounded-r-none' : 'rounded-r-md'}`;
                          const content = (
                            <>
                              {b.clippedStart ? <span aria-hidden="true">‹</span> : null}
                              {b.kind === 'conflict' ? (
                                <span aria-hidden="true" className="font-bold">
                                  !
                                </span>
                              ) : null}
                              <span aria-hidden="true" className="truncate">
                                {b.label}
                              </span>
                              {b.clippedEnd ? (
                                <span aria-hidden="true" className="ml-auto">
                                  ›
                                </span>
                              ) : null}
                            </>
                          );
                          if (b.card)
                            return (
                              <CardBar
                                key={b.id}
                                id={`${uid}-${b.id}`.replace(/:/g, '')}
                                cards={cards}
                                name={name}
                                card={b.card}
                                style={style}
                                className={cls}
                              >
                                {content}
                              </CardBar>
                            );
                          return b.href ? (
                            <Link
                              key={b.id}
                              href={b.href}
                              // hundreds of bars: no prefetch request per bar in view (the page loads on click)
                              prefetch={false}
                              aria-label={name}
                              title={b.title ?? name}
                              style={style}
                              className={`${cls} z-10 hover:z-30 hover:shadow focus-visible:z-30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700`}
                            >
                              {content}
                            </Link>
                          ) : (
                            <div
                              key={b.id}
                              role="img"
                              aria-label={name}
                              title={b.title ?? name}
                              style={style}
                              className={`${cls} z-10`}
                            >
                              {content}
                            </div>
                          );
                        })}
                      </div>
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
          {visibleBars === 0 ? <p className="text-sm text-slate-600">{emptyText ?? m.empty}</p> : null}
          <p className="text-xs text-slate-500 sm:hidden">{m.scrollHint}</p>
        </>
      )}
    </div>
  );
}
