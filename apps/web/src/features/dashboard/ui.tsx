'use client';

import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { addDays, todayIn, weekStart, zonedDayStart } from '@/lib/zoned-time';

/** Pieces the dashboard's cards share. */
export const linkClass = 'text-emerald-800 underline-offset-2 hover:underline';

export function MoreLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={`text-sm font-semibold ${linkClass}`}>
      {children} →
    </Link>
  );
}

/** The org's day boundaries, fixed for the life of the page (a dashboard left open overnight keeps its "today"). */
export function useRanges(timeZone: string) {
  const [r] = useState(() => {
    const today = todayIn(timeZone);
    const monday = weekStart(today);
    return {
      today: { from: zonedDayStart(today, timeZone), to: zonedDayStart(addDays(today, 1), timeZone) },
      week: { from: zonedDayStart(monday, timeZone), to: zonedDayStart(addDays(monday, 7), timeZone) },
    };
  });
  return r;
}
