import 'server-only';
import { notFound } from 'next/navigation';

export { UUID } from '@/lib/uuid';

/** A physical page number from the URL: 1…100000, else the 404 page. */
export function pageNumberOr404(raw: string): number {
  if (!/^[1-9]\d{0,5}$/.test(raw)) notFound();
  return Number(raw);
}

export { loadOr404 } from '@/lib/server/load-or-404';

/** `?hl=` may repeat: the snippets to highlight (each at most a snippet's length, a few at most) */
export function highlightParam(raw: string | string[] | undefined): string[] {
  const list = typeof raw === 'string' ? [raw] : (raw ?? []);
  return list
    .filter((s) => s.trim())
    .slice(0, 5)
    .map((s) => s.slice(0, 400));
}

export function stringParam(raw: string | string[] | undefined): string | undefined {
  return typeof raw === 'string' && raw ? raw : undefined;
}
