import { useEffect, useMemo, useState, type RefObject } from 'react';
import { localDays } from '@/lib/zoned-time';
import type { TimelineBar, TimelineRow } from './types';

export const LANE_PX = 30;
export const ROW_PAD_PX = 6;
export const DAY_MIN_PX = 104;
export const LABEL_PX = 176;

/** Where a bar's label goes: inside when it fits, else just after the bar when the lane has room, else only in the tooltip. */
export type LabelPlace = 'inside' | 'after' | 'tooltip';

export type PlacedBar = TimelineBar & {
  s: number;
  e: number;
  lane: number;
  clippedStart: boolean;
  clippedEnd: boolean;
  labelPlace: LabelPlace;
};

type Unplaced = Omit<PlacedBar, 'lane' | 'labelPlace'>;

/** Greedy lanes: a bar goes into the first lane whose last bar has ended. */
export function placeInLanes(bars: Unplaced[]): { placed: Omit<PlacedBar, 'labelPlace'>[]; lanes: number } {
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
 * The label's width at the bars' 12 px font, estimated without measuring (the server renders it
 * too): a Han character is a full em, Latin letters and digits about 0.56 em.
 */
export function labelWidthPx(label: string): number {
  let w = 0;
  for (const ch of label) w += /[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? 12 : 6.8;
  return Math.ceil(w);
}

/** Padding and the kind marks ("!", "‹ ›") around the label inside a bar. */
const INSIDE_PAD_PX = 22;
const AFTER_GAP_PX = 6;

/** Inside if the label fits the bar; else after it if the lane is free that far; else the tooltip. */
export function labelPlaces(
  lane: Omit<PlacedBar, 'labelPlace'>[],
  px: (t: number) => number,
  trackPx: number,
): Map<string, LabelPlace> {
  const out = new Map<string, LabelPlace>();
  const byStart = [...lane].sort((a, b) => a.s - b.s);
  byStart.forEach((b, i) => {
    const need = labelWidthPx(b.label);
    const width = px(b.e) - px(b.s);
    if (need + INSIDE_PAD_PX <= width) return out.set(b.id, 'inside');
    const nextStart = byStart[i + 1] ? px(byStart[i + 1]!.s) : trackPx;
    out.set(b.id, nextStart - px(b.e) >= need + AFTER_GAP_PX * 2 ? 'after' : 'tooltip');
  });
  return out;
}

/** The track's width in px (the scroll box minus the label column), at least the days' minimum. */
export function useTrackWidth(box: RefObject<HTMLElement | null>, minPx: number): number {
  const [px, setPx] = useState(minPx);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const read = () => setPx(Math.max(minPx, el.clientWidth - LABEL_PX));
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [box, minPx]);
  return Math.max(px, minPx);
}

/** Days as columns, instants as fractions of the track, bars clipped to [from, to) and placed in lanes per row. */
export function useTimelineLayout(p: {
  rows: TimelineRow[];
  bars: TimelineBar[];
  from: string;
  to: string;
  timeZone: string;
  trackPx: number;
}) {
  const fromMs = Date.parse(p.from);
  const toMs = Date.parse(p.to);
  const { timeZone, rows, bars, trackPx } = p;
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

  /** fraction of the track → instant (the inverse of `position`) */
  const instantAt = useMemo(() => {
    return (f: number) => {
      if (days.length === 0) return fromMs;
      const x = Math.min(Math.max(f, 0), 1) * days.length;
      const d = days[Math.min(days.length - 1, Math.floor(x))]!;
      return d.start + (x - Math.floor(x)) * (d.end - d.start);
    };
  }, [days, fromMs]);

  const layout = useMemo(() => {
    const byRow = new Map<string, Unplaced[]>();
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
    const px = (t: number) => position(t) * trackPx;
    return new Map(
      rows.map((r) => {
        const { placed, lanes } = placeInLanes(byRow.get(r.id) ?? []);
        const places = new Map<string, LabelPlace>();
        for (let lane = 0; lane < lanes; lane++)
          for (const [id, at] of labelPlaces(
            placed.filter((b) => b.lane === lane),
            px,
            trackPx,
          ))
            places.set(id, at);
        return [r.id, { placed: placed.map((b) => ({ ...b, labelPlace: places.get(b.id) ?? 'tooltip' })), lanes }];
      }),
    );
  }, [bars, rows, fromMs, toMs, position, trackPx]);

  return { days, position, instantAt, layout, fromMs, toMs };
}
