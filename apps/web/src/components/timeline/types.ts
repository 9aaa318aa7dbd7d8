import type { TimelineCard } from './bar-card';
import type { TimelineBarKind } from './kinds';

/** `group`: rows with the same group are drawn under one heading (e.g. machines, then operators), in the order given. */
export type TimelineRow = { id: string; label: string; sublabel?: string; group?: string };
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
  /** the board may move it (drag, or the arrow keys) when the timeline has `board` */
  movable?: boolean;
};
