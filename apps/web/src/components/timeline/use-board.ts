'use client';

import { useCallback, useEffect, useReducer, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { BOARD_IDLE, boardReducer, isChange, type BoardMove } from './board-state';

/** What a drop proposes: the bar onto this row, at this time (same duration). */
export type BoardProposal = { barId: string; fromRowId: string; rowId: string; startsAt: string; endsAt: string };

export type BoardOptions = {
  /** the keyboard's and the drag's time step (default 30 min) */
  stepMinutes?: number;
  onPropose: (p: BoardProposal) => void;
};

const DAY_MS = 86_400_000;
const DRAG_THRESHOLD_PX = 4;

/**
 * The board's interaction on top of the timeline: pointer drag and keyboard moves of movable
 * bars into one reducer state, a ghost to draw, and what the live region says.
 */
export function useBoard(
  board: BoardOptions | undefined,
  p: { rowIds: readonly string[]; fromMs: number; toMs: number; instantAt: (fraction: number) => number },
) {
  const [state, dispatch] = useReducer(boardReducer, BOARD_IDLE);
  const [last, setLast] = useState<{ kind: 'proposed' | 'cancelled'; move: BoardMove } | null>(null);
  const stepMs = (board?.stepMinutes ?? 30) * 60_000;
  const bounds = { stepMs, min: p.fromMs, max: p.toMs };
  const moveRef = useRef<BoardMove | null>(null);
  moveRef.current = state.move;
  const drag = useRef<{
    x0: number;
    y0: number;
    grabPx: number;
    picked: boolean;
    bar: Pick<BoardMove, 'barId' | 'fromRowId'> & { s: number; e: number };
  } | null>(null);
  const suppressClick = useRef(false);

  const finish = useCallback(
    (propose: boolean) => {
      const m = moveRef.current;
      dispatch({ type: 'end' });
      if (!m) return;
      if (propose && isChange(m) && board) {
        setLast({ kind: 'proposed', move: m });
        board.onPropose({
          barId: m.barId,
          fromRowId: m.fromRowId,
          rowId: m.rowId,
          startsAt: new Date(m.start).toISOString(),
          endsAt: new Date(m.start + m.duration).toISOString(),
        });
      } else setLast({ kind: 'cancelled', move: m });
    },
    [board],
  );

  // a pointer drag: the row under the pointer, the time where the bar's grabbed point is
  useEffect(() => {
    if (!board) return;
    const onMove = (e: globalThis.PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      if (!d.picked) {
        if (Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < DRAG_THRESHOLD_PX) return;
        d.picked = true;
        dispatch({
          type: 'pick',
          barId: d.bar.barId,
          rowId: d.bar.fromRowId,
          start: d.bar.s,
          end: d.bar.e,
          via: 'pointer',
        });
      }
      const track = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>('[data-board-row]');
      if (!track) return;
      const r = track.getBoundingClientRect();
      if (r.width <= 0) return;
      const start = p.instantAt((e.clientX - d.grabPx - r.left) / r.width);
      dispatch({ type: 'place', rowId: track.dataset.boardRow!, start, ...bounds });
    };
    const onUp = () => {
      const d = drag.current;
      drag.current = null;
      if (d?.picked) {
        // the click this pointer-up may fire (same element) must not follow the link; later ones do
        suppressClick.current = true;
        setTimeout(() => (suppressClick.current = false), 0);
        finish(true);
      }
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
    };
  });

  /** Props for a movable bar's element. */
  const barProps = (bar: { id: string; rowId: string; s: number; e: number }) => ({
    'data-board-bar': bar.id,
    // no native link drag: the pointer drag is ours
    draggable: false,
    'aria-keyshortcuts': 'ArrowUp ArrowDown ArrowLeft ArrowRight Enter Escape',
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0 || !e.isPrimary) return;
      const r = e.currentTarget.getBoundingClientRect();
      drag.current = {
        x0: e.clientX,
        y0: e.clientY,
        grabPx: e.clientX - r.left,
        picked: false,
        bar: { barId: bar.id, fromRowId: bar.rowId, s: bar.s, e: bar.e },
      };
    },
    onClickCapture: (e: { preventDefault: () => void; stopPropagation: () => void }) => {
      // the click that ends a drag does not follow the link / open the card
      if (suppressClick.current) {
        suppressClick.current = false;
        e.preventDefault();
        e.stopPropagation();
      }
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      const mine = state.move?.barId === bar.id;
      const arrows: Record<string, [number, number]> = {
        ArrowUp: [-1, 0],
        ArrowDown: [1, 0],
        ArrowLeft: [0, -1],
        ArrowRight: [0, 1],
      };
      const step = arrows[e.key];
      if (step) {
        e.preventDefault();
        if (!mine)
          dispatch({ type: 'pick', barId: bar.id, rowId: bar.rowId, start: bar.s, end: bar.e, via: 'keyboard' });
        const days = e.shiftKey ? DAY_MS / stepMs : 1;
        dispatch({ type: 'nudge', rowDelta: step[0], steps: step[1] * days, rows: p.rowIds, ...bounds });
        return;
      }
      if (!mine) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        finish(true);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        finish(false);
      }
    },
    onBlur: () => {
      if (state.move?.barId === bar.id && state.move.via === 'keyboard') finish(false);
    },
  });

  return { move: state.move, last, barProps, enabled: Boolean(board) };
}
