/** field efficiency when the model gives width and speed but no efficiency */
export const DEFAULT_FIELD_EFFICIENCY = 0.7;

type Figure = { toString(): string } | number | null;
const num = (v: Figure) => (v === null ? null : Number(v));

/**
 * A model's catalog output, ha/h: its stated rate, else width (m) × speed (km/h) × efficiency ÷ 10,
 * to the hundredth; null when the figures give none. Numbers or Prisma decimals.
 */
export function catalogRate(m: {
  workingWidthM: Figure;
  workingSpeedKmh: Figure;
  fieldEfficiency: Figure;
  workRateHaPerHour: Figure;
}): number | null {
  const rate = num(m.workRateHaPerHour);
  if (rate !== null && rate > 0) return rate;
  const width = num(m.workingWidthM);
  const speed = num(m.workingSpeedKmh);
  if (width === null || speed === null) return null;
  const r = (width * speed * (num(m.fieldEfficiency) ?? DEFAULT_FIELD_EFFICIENCY)) / 10;
  return r > 0 ? Math.round(r * 100) / 100 : null;
}
