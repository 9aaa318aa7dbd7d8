import type { OperationType } from '@amms/db';
import type { CatalogModel } from '../catalog.js';
import { DAY, HOUR, dayStart, localParts } from '../../platform/random/prng.js';

// Effective field capacity (ha/h) used for estimates, and fuel burn (L/h) per operation.
const CAPACITY: Record<OperationType, number> = {
  TILLAGE: 2.2,
  SOWING_PLANTING: 3.2,
  FERTILIZING: 9,
  CROP_PROTECTION: 11,
  MOWING: 3.5,
  BALING: 3,
  HARVESTING: 2.4,
  FORAGE_HARVESTING: 2.6,
  TRANSPORT: 4,
  OTHER: 3,
};
export const FUEL_LPH: Record<OperationType, number> = {
  TILLAGE: 22,
  SOWING_PLANTING: 12,
  FERTILIZING: 8,
  CROP_PROTECTION: 9,
  MOWING: 10,
  BALING: 12,
  HARVESTING: 28,
  FORAGE_HARVESTING: 45,
  TRANSPORT: 9,
  OTHER: 10,
};
/** mean engine hours between failures, per machine role */
export const MTBF: Record<string, number> = { tractor: 450, combine: 280, forage: 300, sprayer_sp: 400, drone: 250 };

/** The operations drawn for this week's work and the plan (transport twice: it is the commonest job). */
export const MIX: OperationType[] = [
  'TILLAGE',
  'TRANSPORT',
  'FERTILIZING',
  'CROP_PROTECTION',
  'SOWING_PLANTING',
  'TRANSPORT',
  'HARVESTING',
  'OTHER',
];

/** Working day 07:00–19:00 local; a job's booking covers the nights in between (the machine stays in the field). */
export const WORK_START_H = 7;
export const WORK_END_H = 19;
export const GAP = 30 * 60_000; // between two bookings of one resource (travel, refuel)
export const HALF_HOUR = 30 * 60_000;

/** Walk `hours` of working time forward from t (skipping nights); returns the end instant. */
export function walkWork(t: number, hours: number): number {
  let cursor = t;
  let left = hours * HOUR;
  for (;;) {
    const d = dayStart(cursor);
    const open = d + WORK_START_H * HOUR;
    const close = d + WORK_END_H * HOUR;
    if (cursor < open) cursor = open;
    if (cursor >= close) {
      cursor = d + DAY + WORK_START_H * HOUR;
      continue;
    }
    if (cursor + left <= close) return cursor + left;
    left -= close - cursor;
    cursor = d + DAY + WORK_START_H * HOUR;
  }
}

export const fix1 = (tenths: number) => (tenths / 10).toFixed(1);
export const fix2 = (hundredths: number) => (hundredths / 100).toFixed(2);
/** a @db.Date column: the local calendar date as UTC midnight */
export const calendarDate = (t: number) => {
  const p = localParts(t);
  return new Date(Date.UTC(p.year, p.month - 1, p.day));
};

/** estHours: hours in quarter-hour steps (area / typical capacity, plus 5%) */
export const estimate = (op: OperationType, areaM2: number) =>
  Math.max(1, Math.round((areaM2 / 10_000 / CAPACITY[op]) * 1.05 * 4) / 4);

/** The machine-set shapes that can do an operation: a primary (by role) and optionally one implement. */
export function setOptions(
  op: OperationType,
  areaHa: number,
): { primary: CatalogModel['role'][]; implement: boolean }[] {
  switch (op) {
    case 'HARVESTING':
      return [{ primary: ['combine'], implement: false }];
    case 'FORAGE_HARVESTING':
      return [{ primary: ['forage'], implement: false }];
    case 'CROP_PROTECTION':
      return areaHa < 20
        ? [
            { primary: ['drone'], implement: false },
            { primary: ['sprayer_sp'], implement: false },
            { primary: ['tractor'], implement: true },
          ]
        : [
            { primary: ['sprayer_sp'], implement: false },
            { primary: ['tractor'], implement: true },
            { primary: ['drone'], implement: false },
          ];
    case 'FERTILIZING':
      return areaHa < 12
        ? [
            { primary: ['drone'], implement: false },
            { primary: ['tractor'], implement: true },
          ]
        : [{ primary: ['tractor'], implement: true }];
    case 'OTHER':
      return [{ primary: ['tractor'], implement: false }];
    default:
      return [{ primary: ['tractor'], implement: true }];
  }
}
