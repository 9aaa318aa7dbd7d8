'use client';

import dynamic from 'next/dynamic';
import { startTransition, useEffect, useRef, useState } from 'react';
import { afterLoad } from '@/lib/after-load';
import type { Datum } from './datum';

// recharts loads in its own chunk, and only for a chart about to be seen: the drawing is a picture
// (hidden from assistive technology), and the caption and table (BarFigure) carry the figures
const BarChartDrawing = dynamic(() => import('./bar-chart'), { ssr: false });

/** How far below the fold a chart starts drawing (it is ready when scrolled to). */
const AHEAD = '200px';

/**
 * The box of a BarFigure's drawing: its height is kept from the start (nothing shifts), and the
 * chart is drawn once the box comes near the viewport (else once the page is idle after its load),
 * at its measured size, in a transition (React renders it in short slices: several charts do not
 * make one long task, and none is on the way to the first paint and hydration).
 */
export function ChartBox({
  height,
  ...drawing
}: {
  height: number;
  data: Datum[];
  format: (v: number) => string;
  valueHeader: string;
  color: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let drawn = false;
    const draw = () => {
      if (drawn) return;
      drawn = true;
      startTransition(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    };
    if (typeof IntersectionObserver === 'undefined') return draw();
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) draw();
      },
      { rootMargin: AHEAD },
    );
    io.observe(el);
    // the charts further down draw too once the page has loaded and the browser is idle (a
    // full-page screenshot or a print shows them without scrolling first)
    const cancel = afterLoad(draw, 5_000);
    return () => {
      io.disconnect();
      cancel();
    };
  }, []);

  return (
    <div ref={box} aria-hidden="true" className="mt-3 w-full" style={{ height }}>
      {size ? <BarChartDrawing {...drawing} initialSize={size} /> : null}
    </div>
  );
}
