'use client';

import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import type { BoardMove } from './board-state';
import { LANE_PX } from './layout';
import { timelineMessages } from './messages';

/** Where the held bar would go: a dashed outline in the target row (decoration; the live region says it). */
export function BoardGhost({ left, right, top, label }: { left: number; right: number; top: number; label: string }) {
  return (
    <div
      aria-hidden="true"
      data-board-ghost=""
      className="pointer-events-none absolute z-40 flex items-center overflow-visible whitespace-nowrap rounded-md border-2 border-dashed border-sky-700 bg-sky-100/80 px-1.5 text-xs font-medium text-sky-950"
      style={{
        left: `${left * 100}%`,
        width: `${Math.max(0, right - left) * 100}%`,
        minWidth: 8,
        top,
        height: LANE_PX - 4,
      }}
    >
      {label}
    </div>
  );
}

/** The board's spoken state: the move in progress, then what was proposed or cancelled. */
export function BoardLive({
  move,
  last,
  labelOf,
  rowOf,
  timeZone,
}: {
  move: BoardMove | null;
  last: { kind: 'proposed' | 'cancelled'; move: BoardMove } | null;
  labelOf: (barId: string) => string;
  rowOf: (rowId: string) => string;
  timeZone: string;
}) {
  const m = useMessages(timelineMessages);
  const { locale } = useI18n();
  const says = (template: string, mv: BoardMove) =>
    format(template, {
      label: labelOf(mv.barId),
      row: rowOf(mv.rowId),
      time: `${formatDateTime(new Date(mv.start).toISOString(), locale, timeZone)} – ${formatDateTime(
        new Date(mv.start + mv.duration).toISOString(),
        locale,
        timeZone,
      )}`,
    });
  const text = move
    ? says(m.board.moving, move)
    : last
      ? says(last.kind === 'proposed' ? m.board.proposed : m.board.cancelled, last.move)
      : '';
  return (
    <p aria-live="polite" data-testid="board-live" className={text ? 'text-sm text-sky-900' : 'sr-only'}>
      {text || m.board.help}
    </p>
  );
}
