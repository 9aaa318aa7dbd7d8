import type { CSSProperties } from 'react';

export type TimelineBarKind = 'job' | 'maintenance' | 'proposed' | 'conflict' | 'removed';

export const KINDS: readonly TimelineBarKind[] = ['job', 'maintenance', 'proposed', 'conflict', 'removed'];

/** Colour AND pattern/outline per kind: never colour alone (the legend names both). */
export const KIND_CLASS: Record<TimelineBarKind, string> = {
  job: 'border border-emerald-800 bg-emerald-700 text-white',
  maintenance: 'border border-amber-600 bg-amber-100 text-amber-950',
  proposed: 'border-2 border-dashed border-sky-700 bg-sky-50 text-sky-950',
  conflict: 'border-2 border-red-700 bg-red-50 text-red-950',
  removed: 'border border-dotted border-slate-500 bg-slate-50 text-slate-600 line-through',
};

export const KIND_STYLE: Partial<Record<TimelineBarKind, CSSProperties>> = {
  maintenance: {
    backgroundImage: 'repeating-linear-gradient(45deg, rgb(251 191 36 / 0.55) 0 4px, transparent 4px 9px)',
  },
  conflict: {
    backgroundImage:
      'repeating-linear-gradient(45deg, rgb(220 38 38 / 0.22) 0 2px, transparent 2px 8px), repeating-linear-gradient(-45deg, rgb(220 38 38 / 0.22) 0 2px, transparent 2px 8px)',
  },
};
