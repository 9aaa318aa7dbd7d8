'use client';

import { useMessages } from '@/i18n/messages';
import { mapMessages } from './messages';
import { navigateLinks } from './navigate';

/** "Navigate to the field": opens the phone's map app (geo: URI) or Amap / Baidu at the field's centroid. Works from cached data offline. */
export function NavigateLinks({ latitude, longitude, name }: { latitude: number; longitude: number; name: string }) {
  const m = useMessages(mapMessages);
  const l = navigateLinks(latitude, longitude, name);
  const cls = 'inline-flex min-h-10 items-center rounded border border-slate-300 px-3 text-sm hover:bg-slate-50';
  return (
    <nav aria-label={m.navigate.label} className="mt-3 flex flex-wrap gap-2">
      <a className={cls} href={l.geo}>
        {m.navigate.geo}
      </a>
      <a className={cls} href={l.amap} target="_blank" rel="noopener noreferrer">
        {m.navigate.amap}
      </a>
      <a className={cls} href={l.baidu} target="_blank" rel="noopener noreferrer">
        {m.navigate.baidu}
      </a>
    </nav>
  );
}
