import { describe, expect, it } from 'vitest';
import {
  availableHours,
  costPerHectareMinor,
  costPerHourMinor,
  divRoundHalfUp,
  downtimeHours,
  fieldCapacity,
  hectaresOf,
  inherentAvailability,
  mtbf,
  mttr,
  operationalAvailability,
  overlapMs,
  pmGraceMs,
  pmOnTime,
  repairHours,
  round,
  utilization,
  WORKDAY_HOURS,
} from './formulas.js';

const t = (iso: string) => new Date(iso);
// April 2026 in Shanghai: [2026-03-31T16:00Z, 2026-04-30T16:00Z), 30 days
const april = { startsAt: t('2026-03-31T16:00:00Z'), endsAt: t('2026-04-30T16:00:00Z') };
const HOUR = 3_600_000;

describe('time overlap and downtime', () => {
  it('clips an interval to the period', () => {
    // starts 4 h before the period: only 2026-03-31T16:00 → 20:00 counts = 4 h
    expect(overlapMs(t('2026-03-31T12:00:00Z'), t('2026-03-31T20:00:00Z'), april)).toBe(4 * HOUR);
    expect(overlapMs(t('2026-03-01T00:00:00Z'), t('2026-03-02T00:00:00Z'), april)).toBe(0);
  });

  it('sums clipped downtime, merges overlaps, runs an open interval to now', () => {
    const now = t('2026-04-30T20:00:00Z'); // after the period end
    const h = downtimeHours(
      [
        { start: t('2026-03-31T12:00:00Z'), end: t('2026-03-31T20:00:00Z') }, // 4 h inside (see above)
        { start: t('2026-04-10T00:00:00Z'), end: t('2026-04-10T10:00:00Z') }, // 10 h
        { start: t('2026-04-10T06:00:00Z'), end: t('2026-04-10T12:00:00Z') }, // overlaps: adds 10:00→12:00 = 2 h
        { start: t('2026-04-30T10:00:00Z'), end: null }, // open: to the period end 16:00 = 6 h
      ],
      april,
      now,
    );
    expect(h).toBe(4 + 10 + 2 + 6);
    // an open interval with `now` inside the period stops at now: 10:00 → 13:00 = 3 h
    expect(downtimeHours([{ start: t('2026-04-30T10:00:00Z'), end: null }], april, t('2026-04-30T13:00:00Z'))).toBe(3);
    expect(downtimeHours([], april, now)).toBe(0);
  });
});

describe('utilization', () => {
  it('available = days × 10 h − downtime × 10/24, utilization = productive / available', () => {
    expect(WORKDAY_HOURS).toBe(10);
    // 30 days × 10 h = 300 h; 48 h of downtime remove 48 × 10 / 24 = 20 h → 280 h
    expect(availableHours(30, 48)).toBe(280);
    // 70 productive hours / 280 available = 0.25
    expect(utilization(70, availableHours(30, 48))).toBe(0.25);
    // a machine down the whole month: 720 h × 10/24 = 300 h → 0 available, utilization unknown
    expect(availableHours(30, 720)).toBe(0);
    expect(utilization(0, 0)).toBeNull();
  });
});

describe('operations', () => {
  it('hectares = m² / 10 000, field capacity = ha / h', () => {
    // 150 000 m² + 52 500 m² = 202 500 m² = 20.25 ha
    expect(hectaresOf(150_000 + 52_500)).toBe(20.25);
    // 20.25 ha in 8.1 h = 2.5 ha/h
    expect(round(fieldCapacity(20.25, 8.1)!, 4)).toBe(2.5);
    expect(fieldCapacity(3, 0)).toBeNull();
  });
});

describe('reliability', () => {
  it('MTBF = productive hours / failures; MTTR = mean repair time; inherent availability = MTBF / (MTBF + MTTR)', () => {
    // 90 productive hours, 2 failures → 45 h between failures
    expect(mtbf(90, 2)).toBe(45);
    expect(mtbf(90, 0)).toBeNull();
    // repairs: 2026-04-05 08:00 → 04-05 20:00 = 12 h; 04-20 00:00 → 04-20 06:00 = 6 h; mean 9 h
    const repairs = [
      repairHours(t('2026-04-05T08:00:00Z'), t('2026-04-05T20:00:00Z')),
      repairHours(t('2026-04-20T00:00:00Z'), t('2026-04-20T06:00:00Z')),
    ];
    expect(repairs).toEqual([12, 6]);
    expect(mttr(repairs)).toBe(9);
    expect(mttr([])).toBeNull();
    // 45 / (45 + 9) = 45 / 54 = 0.8333…
    expect(round(inherentAvailability(45, 9)!, 4)).toBe(0.8333);
    expect(inherentAvailability(null, 9)).toBeNull();
    expect(repairHours(t('2026-04-05T08:00:00Z'), t('2026-04-05T07:00:00Z'))).toBe(0);
  });

  it('operational availability = (period hours − downtime) / period hours, per machine or fleet', () => {
    // 30 days = 720 h; 36 h down → 684 / 720 = 0.95
    expect(operationalAvailability(720, 1, 36)).toBe(0.95);
    // two machines: 1440 machine-hours, 36 h down → 1404 / 1440 = 0.975
    expect(operationalAvailability(720, 2, 36)).toBe(0.975);
    expect(operationalAvailability(720, 0, 0)).toBeNull();
  });
});

describe('PM compliance', () => {
  it('grace = 10 % of the interval in days, at least 1 day', () => {
    expect(pmGraceMs(30)).toBe(3 * 24 * HOUR); // 30 × 10 % = 3 days
    expect(pmGraceMs(5)).toBe(24 * HOUR); // 0.5 day → the 1-day minimum
    expect(pmGraceMs(null)).toBe(24 * HOUR);
  });

  it('on time = CLOSED with acceptedAt ≤ plannedEnd + grace', () => {
    const plannedEnd = t('2026-04-10T00:00:00Z');
    const base = { status: 'CLOSED', plannedEnd, intervalDays: 30 };
    expect(pmOnTime({ ...base, acceptedAt: t('2026-04-13T00:00:00Z') })).toBe(true); // exactly +3 days
    expect(pmOnTime({ ...base, acceptedAt: t('2026-04-13T00:00:01Z') })).toBe(false); // 1 s late
    expect(pmOnTime({ ...base, status: 'AWAITING_ACCEPTANCE', acceptedAt: null })).toBe(false);
    expect(pmOnTime({ ...base, status: 'CANCELLED', acceptedAt: null })).toBe(false);
  });
});

describe('money', () => {
  it('divides integer fen rounding half up', () => {
    expect(divRoundHalfUp(10n, 4n)).toBe(3n); // 2.5 → 3
    expect(divRoundHalfUp(9n, 4n)).toBe(2n); // 2.25 → 2
    expect(divRoundHalfUp(1n, 0n)).toBeNull();
  });

  it('cost per hectare and per engine hour stay exact past 2^53', () => {
    // ¥1,234.56 = 123 456 fen over 202 500 m² (20.25 ha): 123 456 / 20.25 = 6 096.59… → 6 097 fen
    expect(costPerHectareMinor(123_456n, 202_500n)).toBe(6_097n);
    // 123 456 fen over 8.10 h (810 hundredths): 123 456 / 8.1 = 15 241.48… → 15 241 fen
    expect(costPerHourMinor(123_456n, 810n)).toBe(15_241n);
    // 2^60 fen over 1 ha: no float anywhere
    expect(costPerHectareMinor(2n ** 60n, 10_000n)).toBe(2n ** 60n);
    expect(costPerHectareMinor(100n, 0n)).toBeNull();
    // no approved cost: unknown, shown as "—" rather than ¥0.00
    expect(costPerHectareMinor(0n, 202_500n)).toBeNull();
    expect(costPerHourMinor(0n, 810n)).toBeNull();
  });
});
