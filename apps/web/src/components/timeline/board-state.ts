/**
 * The board's move of one bar (pure): which bar is held, onto which row and start it would go.
 * A pointer drag and the keyboard (arrows: lane up/down, time left/right in steps) drive the
 * same state; Enter / pointer-up proposes it, Escape cancels. The duration never changes.
 */
export type BoardMove = {
  barId: string;
  via: 'pointer' | 'keyboard';
  fromRowId: string;
  fromStart: number;
  rowId: string;
  start: number;
  /** ms: end − start of the bar (kept) */
  duration: number;
};

export type BoardState = { move: BoardMove | null };

export type BoardAction =
  | { type: 'pick'; barId: string; rowId: string; start: number; end: number; via: BoardMove['via'] }
  | {
      type: 'nudge';
      rowDelta: number;
      steps: number;
      rows: readonly string[];
      stepMs: number;
      min: number;
      max: number;
    }
  | { type: 'place'; rowId: string; start: number; stepMs: number; min: number; max: number }
  | { type: 'end' };

export const BOARD_IDLE: BoardState = { move: null };

/** Snap to the step (from the range's start), inside [min, max − duration]. */
export function snap(start: number, duration: number, stepMs: number, min: number, max: number): number {
  const snapped = min + Math.round((start - min) / stepMs) * stepMs;
  return Math.max(min, Math.min(snapped, Math.max(min, max - duration)));
}

export function boardReducer(state: BoardState, a: BoardAction): BoardState {
  switch (a.type) {
    case 'pick':
      return {
        move: {
          barId: a.barId,
          via: a.via,
          fromRowId: a.rowId,
          fromStart: a.start,
          rowId: a.rowId,
          start: a.start,
          duration: a.end - a.start,
        },
      };
    case 'nudge': {
      const m = state.move;
      if (!m) return state;
      const i = a.rows.indexOf(m.rowId);
      const rowId = a.rows[Math.max(0, Math.min(a.rows.length - 1, i + a.rowDelta))] ?? m.rowId;
      const start = snap(m.start + a.steps * a.stepMs, m.duration, a.stepMs, a.min, a.max);
      return rowId === m.rowId && start === m.start ? state : { move: { ...m, rowId, start } };
    }
    case 'place': {
      const m = state.move;
      if (!m) return state;
      const start = snap(a.start, m.duration, a.stepMs, a.min, a.max);
      return a.rowId === m.rowId && start === m.start ? state : { move: { ...m, rowId: a.rowId, start } };
    }
    case 'end':
      return BOARD_IDLE;
  }
}

/** A move that changes nothing is no proposal. */
export const isChange = (m: BoardMove) => m.rowId !== m.fromRowId || m.start !== m.fromStart;
