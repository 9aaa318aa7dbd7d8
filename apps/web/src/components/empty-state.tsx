import type { ReactNode } from 'react';

export function EmptyState({ badge, title, children }: { badge?: string; title?: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-10 text-center sm:px-10">
      {badge ? (
        <p className="mb-3 inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
          {badge}
        </p>
      ) : null}
      {title ? <h2 className="text-lg font-semibold text-slate-900">{title}</h2> : null}
      <div className="mx-auto mt-2 max-w-prose space-y-2 text-sm text-slate-700">{children}</div>
    </section>
  );
}
