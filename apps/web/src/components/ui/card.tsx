import type { ReactNode } from 'react';

/** A titled panel; the heading labels the region for screen readers. */
export function Card({
  id,
  title,
  actions,
  children,
  className = '',
}: {
  id: string;
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={title ? `${id}-title` : undefined}
      className={`rounded-xl border border-slate-200 bg-white p-4 sm:p-5 ${className}`}
    >
      {title || actions ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title ? (
            <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
          ) : null}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
