'use client';

import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { mapMessages } from './messages';
import { areaDiffers } from './ring-edit';

const ha = (m2: number) => Math.round(m2 / 100) / 100;

/**
 * A field's area as people should read it: the measured one (from the boundary); the entered one
 * beside it when they differ by more than 5 %; without a boundary, the entered one and "no boundary".
 */
export function AreaText({ measuredM2, enteredM2 }: { measuredM2: number | null; enteredM2: number }) {
  const m = useMessages(mapMessages);
  if (measuredM2 === null) return <>{`${fill(m.entered, { e: ha(enteredM2) })} · ${m.noBoundary}`}</>;
  const measured = fill(m.measured, { m: ha(measuredM2) });
  return (
    <>{areaDiffers(measuredM2, enteredM2) ? `${measured} · ${fill(m.entered, { e: ha(enteredM2) })}` : measured}</>
  );
}
