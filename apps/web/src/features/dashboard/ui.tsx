'use client';

import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { dayRanges } from './ranges';

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
  const [r] = useState(() => dayRanges(timeZone));
  return r;
}
