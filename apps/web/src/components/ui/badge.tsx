import type { ReactNode } from 'react';
import type { Tone } from '@/lib/tone';

export type { Tone };

const TONES: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800',
  green: 'bg-emerald-100 text-emerald-900',
  blue: 'bg-sky-100 text-sky-900',
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-900',
  violet: 'bg-violet-100 text-violet-900',
};

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>
      {children}
    </span>
  );
}
