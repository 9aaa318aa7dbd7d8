'use client';

import { useMessages } from '@/i18n/messages';
import { KINDS, KIND_CLASS, KIND_STYLE } from './kinds';
import { timelineMessages } from './messages';

/** The kinds of bar, each by colour and pattern, named (and the pattern told to screen readers). */
export function TimelineLegend({ id }: { id: string }) {
  const m = useMessages(timelineMessages);
  return (
    <div id={id} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
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
  );
}
