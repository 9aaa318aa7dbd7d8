import type { ReactNode } from 'react';

/** A two-column description list that wraps on small screens. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">{children}</dl>;
}

export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="-mt-2 break-words text-slate-900 sm:mt-0">{children}</dd>
    </>
  );
}
