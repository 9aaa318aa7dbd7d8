'use client';

import Link from 'next/link';
import type { CSSProperties, HTMLAttributes } from 'react';
import { CardBar, type BarCards } from './bar-card';
import { KIND_CLASS, KIND_STYLE } from './kinds';
import { LANE_PX, ROW_PAD_PX, type PlacedBar } from './layout';

/**
 * One bar: a card button, a link or an image, named by `name`. Its label is never cut: it is
 * drawn inside when it fits, just after the bar when the lane has room, else only in the
 * tooltip (and in the name). `extra`: the board's handlers for a movable bar.
 */
export function TimelineBarView({
  bar: b,
  uid,
  name,
  cards,
  position,
  extra,
}: {
  bar: PlacedBar;
  uid: string;
  name: string;
  cards: BarCards;
  position: (t: number) => number;
  extra?: HTMLAttributes<HTMLElement> & Record<string, unknown>;
}) {
  const left = position(b.s) * 100;
  const width = Math.max(0, position(b.e) * 100 - left);
  const top = ROW_PAD_PX + b.lane * LANE_PX;
  const style: CSSProperties = {
    ...KIND_STYLE[b.kind],
    left: `${left}%`,
    width: `${width}%`,
    minWidth: 8,
    top,
    height: LANE_PX - 4,
  };
  const cls = `absolute flex items-center gap-1 overflow-hidden whitespace-nowrap px-1.5 text-xs font-medium ${KIND_CLASS[b.kind]} ${
    b.clippedStart ? 'rounded-l-none' : 'rounded-l-md'
  } ${b.clippedEnd ? 'rounded-r-none' : 'rounded-r-md'} ${extra ? 'cursor-grab select-none' : ''}`;
  const inside = b.labelPlace === 'inside';
  const content = (
    <>
      {b.clippedStart ? <span aria-hidden="true">‹</span> : null}
      {b.kind === 'conflict' ? (
        <span aria-hidden="true" className="font-bold">
          !
        </span>
      ) : null}
      {inside ? (
        <span aria-hidden="true" data-bar-label="inside">
          {b.label}
        </span>
      ) : null}
      {b.clippedEnd ? (
        <span aria-hidden="true" className="ml-auto">
          ›
        </span>
      ) : null}
    </>
  );
  // the label beside the bar (pointer-transparent, so it never hides the next bar's hover)
  const after =
    b.labelPlace === 'after' ? (
      <span
        aria-hidden="true"
        data-bar-label="after"
        className="pointer-events-none absolute z-10 flex items-center whitespace-nowrap px-1 text-xs font-medium text-slate-800"
        style={{ left: `calc(${left + width}% + 2px)`, top, height: LANE_PX - 4 }}
      >
        {b.label}
      </span>
    ) : null;
  const tooltip = inside ? (b.title ?? name) : `${b.label}${b.title && b.title !== b.label ? ` · ${b.title}` : ''}`;

  let el;
  if (b.card)
    el = (
      <CardBar
        id={`${uid}-${b.id}`.replace(/:/g, '')}
        cards={cards}
        name={name}
        card={b.card}
        style={style}
        className={cls}
        title={inside ? undefined : tooltip}
        extra={extra}
      >
        {content}
      </CardBar>
    );
  else if (b.href)
    el = (
      <Link
        href={b.href}
        // hundreds of bars: no prefetch request per bar in view (the page loads on click)
        prefetch={false}
        aria-label={name}
        title={tooltip}
        style={style}
        className={`${cls} z-10 hover:z-30 hover:shadow focus-visible:z-30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700`}
        {...extra}
      >
        {content}
      </Link>
    );
  else
    el = (
      <div role="img" aria-label={name} title={tooltip} style={style} className={`${cls} z-10`} {...extra}>
        {content}
      </div>
    );
  return (
    <>
      {el}
      {after}
    </>
  );
}
