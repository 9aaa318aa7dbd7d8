import { AssetErrors } from '../assets/assets.errors.js';
import { JobErrors } from './jobs.errors.js';

/** Rounding we tolerate between hours typed in hundredths, meters in tenths and clocks in minutes. */
const TOLERANCE_HOURS = 0.1;
const HOUR_MS = 3_600_000;

const tenths = (h: number) => Math.round(h * 10);

/**
 * The hours worked on a job at completion (pure: unit-tested in worked-hours.spec.ts).
 * - Given: they must fit in the clock time since the start and, when both meters are known,
 *   in what the primary machine's meter advanced (the engine runs while the job is worked).
 * - Not given: the meter delta, which needs both readings.
 * An end meter below the start meter is the meter's fault, said as such (METER_BACKWARDS),
 * not a missing duration.
 */
export function workedHours(
  input: { meterHours?: number | undefined; actualHours?: number | undefined },
  startMeter: number | null,
  startedAt: Date | null,
  completedAt: Date,
): number {
  const endMeter = input.meterHours;
  if (endMeter !== undefined && startMeter !== null && tenths(endMeter) < tenths(startMeter))
    throw AssetErrors.meterBackwards(startMeter, endMeter);
  const meterDelta =
    endMeter !== undefined && startMeter !== null ? (tenths(endMeter) - tenths(startMeter)) / 10 : null;
  const elapsedHours = startedAt ? Math.max(0, completedAt.getTime() - startedAt.getTime()) / HOUR_MS : null;
  const hours = input.actualHours ?? meterDelta;
  if (hours === null)
    throw JobErrors.invalid('actualHours', 'required unless both the start and the end meter reading are known');
  const facts = {
    actualHours: hours,
    elapsedHours: elapsedHours === null ? null : round2(elapsedHours),
    meterDeltaHours: meterDelta,
  };
  if (elapsedHours !== null && hours > elapsedHours + TOLERANCE_HOURS)
    throw JobErrors.hoursInconsistent('exceeds_elapsed', facts);
  if (input.actualHours !== undefined && meterDelta !== null && hours > meterDelta + TOLERANCE_HOURS)
    throw JobErrors.hoursInconsistent('exceeds_meter', facts);
  return hours;
}

const round2 = (h: number) => Math.round(h * 100) / 100;
