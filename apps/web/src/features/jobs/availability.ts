import type { TBusySpan } from '@amms/contracts/jobs';

/** A half-open time range [start, end) in epoch milliseconds. */
export type Range = { start: number; end: number };

const toRange = (s: { startsAt: string; endsAt: string }): Range => ({
  start: Date.parse(s.startsAt),
  end: Date.parse(s.endsAt),
});
const overlaps = (a: Range, b: Range) => a.start < b.end && b.start < a.end;

/** The bookings that clash with the slot (empty: free for it). */
export function clashes(busy: readonly TBusySpan[], slot: Range): TBusySpan[] {
  return busy.filter((b) => overlaps(toRange(b), slot));
}

/**
 * The free slot of the same length nearest to `slot` (by start time, earlier or later) inside
 * `window` where none of the `busy` lists clash, on a `stepMs` grid from the window's start;
 * null when there is none. The slot itself counts when it is free.
 */
export function nearestFreeSlot(
  busy: readonly (readonly TBusySpan[])[],
  slot: Range,
  window: Range,
  stepMs = 30 * 60_000,
): Range | null {
  const length = slot.end - slot.start;
  if (length <= 0 || window.end - window.start < length) return null;
  const spans = busy.flat().map(toRange);
  const free = (start: number) => !spans.some((s) => overlaps(s, { start, end: start + length }));
  const candidates: number[] = [];
  for (let t = window.start; t + length <= window.end; t += stepMs) candidates.push(t);
  // the slot's own start first when it lies inside the window, then the grid by distance
  if (slot.start >= window.start && slot.end <= window.end) candidates.unshift(slot.start);
  candidates.sort((a, b) => Math.abs(a - slot.start) - Math.abs(b - slot.start) || a - b);
  const found = candidates.find(free);
  return found === undefined ? null : { start: found, end: found + length };
}
