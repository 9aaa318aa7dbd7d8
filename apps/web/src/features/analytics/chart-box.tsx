'use client';

import dynamic from 'next/dynamic';
import { startTransition, useEffect, useRef, useState } from 'react';
import type { Datum } from './datum';

// recharts loads in its own chunk, and only for a chart about to be seen: the drawing is a picture
// (hidden from assistive technology), and the caption and table (BarFigure) carry the figures
const BarChartDrawing = dynamic(() => import('./bar-chart'), { ssr: false });

/** How far below the fold a chart starts drawing (it is ready when scrolled to). */
const AHEAD = '200px';

/**
 * The box of a BarFigure's drawing: its height is kept from the start (nothing shifts), and the
 * chart is drawn once the box comes near the viewport, at its measured size, in a transition
 * (React renders it in short slices: several charts do not make one long task).
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
    const draw = () => startTransition(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    if (typeof IntersectionObserver === 'undefined') return draw();
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        draw();
      },
      { rootMargin: AHEAD },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);

  return (
    <div ref={box} aria-hidden="true" className="mt-3 w-full" style={{ height }}>
      {size ? <BarChartDrawing {...drawing} initialSize={size} /> : null}
    </div>
  );
}
