'use client';

import { useDeferredValue, useId, useMemo, useRef, type JSX } from 'react';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { useBarCards } from './bar-card';
import { BoardGhost, BoardLive } from './board-view';
import type { TimelineBar, TimelineRow } from './types';
import { DAY_MIN_PX, LABEL_PX, LANE_PX, ROW_PAD_PX, useTimelineLayout, useTrackWidth, type PlacedBar } from './layout';
import { TimelineLegend } from './legend';
import { timelineMessages } from './messages';
import { TimelineBarView } from './timeline-bar';
import { useBoard, type BoardOptions } from './use-board';

export type { TimelineCard } from './bar-card';
export type { TimelineBarKind } from './kinds';
export type { TimelineBar, TimelineRow } from './types';
export type { BoardOptions, BoardProposal } from './use-board';

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
  /** a dispatcher's board: movable bars can be dragged (or moved with the arrows) onto another row and time */
  board?: BoardOptions;
};

/**
 * Rows in the first render (the server's HTML and the hydration): a scale-10 fleet has hundreds of
 * machines, and drawing them all in one go was one long task of several hundred ms. The rest
 * follow in a deferred render, which React splits into short slices the browser can interrupt.
 */
export const TIMELINE_FIRST_ROWS = 30;

/**
 * Rows (machines, operators) by local days (in `timeZone`) as columns, bookings as bars clipped
 * to [from, to). Pure presentation: the caller fetches. Overlapping bars of a row stack in lanes;
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
  board,
}: TimelineProps): JSX.Element {
  const m = useMessages(timelineMessages);
  const { locale } = useI18n();
  const uid = useId();
  const shownRows = useDeferredValue(
    rows,
    rows.length > TIMELINE_FIRST_ROWS ? rows.slice(0, TIMELINE_FIRST_ROWS) : rows,
  );
  const cards = useBarCards();
  const box = useRef<HTMLDivElement>(null);
  const dayCount = Math.max(1, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000));
  const trackPx = useTrackWidth(box, dayCount * DAY_MIN_PX);
  const { days, position, instantAt, layout, fromMs, toMs } = useTimelineLayout({
    rows,
    bars,
    from,
    to,
    timeZone,
    trackPx,
  });
  const rowIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const b = useBoard(board, { rowIds, fromMs, toMs, instantAt });

  const visibleBars = [...layout.values()].reduce((n, l) => n + l.placed.length, 0);
  const dayFmt = useMemo(
    () => new Intl.DateTimeFormat(locale, { timeZone, month: 'numeric', day: 'numeric' }),
    [locale, timeZone],
  );
  const weekdayFmt = useMemo(() => new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short' }), [locale, timeZone]);

  const nameOf = (bar: PlacedBar) =>
    format(m.barName, {
      label: bar.label,
      range: `${formatDateTime(bar.start, locale, timeZone)} – ${formatDateTime(bar.end, locale, timeZone)}`,
      kind: m.kinds[bar.kind],
      clip: `${bar.clippedStart ? m.continuesBefore : ''}${bar.clippedEnd ? m.continuesAfter : ''}`,
    }) + (board && bar.movable ? m.board.movableHint : '');

  const legendId = `${uid}-legend`;
  const minWidth = LABEL_PX + Math.max(1, days.length) * DAY_MIN_PX;
  const barById = (id: string) => bars.find((x) => x.id === id);

  return (
    <div role="group" aria-label={ariaLabel} aria-describedby={legendId} className="min-w-0 space-y-2">
      <TimelineLegend id={legendId} />
      {board ? (
        <BoardLive
          move={b.move}
          last={b.last}
          labelOf={(id) => barById(id)?.label ?? ''}
          rowOf={(id) => rows.find((r) => r.id === id)?.label ?? ''}
          timeZone={timeZone}
        />
      ) : null}

      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          {emptyText ?? m.noRows}
        </p>
      ) : (
        <>
          <div
            ref={box}
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
                const ghost = b.move?.rowId === row.id ? b.move : null;
                // the ghost overlays the row: rows never change height under a moving pointer
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
                      <div className="relative flex-1" style={{ height }} data-board-row={board ? row.id : undefined}>
                        {/* day columns */}
                        <div className="absolute inset-0 flex" aria-hidden="true">
                          {days.map((d) => (
                            <div
                              key={d.start}
                              className={`flex-1 border-l border-slate-100 first:border-l-0 ${d.wall.weekday === 0 || d.wall.weekday === 6 ? 'bg-slate-50' : ''}`}
                            />
                          ))}
                        </div>
                        {placed.map((bar) => (
                          <TimelineBarView
                            key={bar.id}
                            bar={bar}
                            uid={uid}
                            name={nameOf(bar)}
                            cards={cards}
                            position={position}
                            extra={board && bar.movable ? b.barProps(bar) : undefined}
                          />
                        ))}
                        {ghost ? (
                          <BoardGhost
                            left={position(ghost.start)}
                            right={position(ghost.start + ghost.duration)}
                            top={ROW_PAD_PX}
                            label={barById(ghost.barId)?.label ?? ''}
                          />
                        ) : null}
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
