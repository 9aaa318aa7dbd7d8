import { describe, expect, it } from 'vitest';
import { RouteFleet } from './route-fleet.js';

const fields = [
  { name: 'North', lat: 45.75, lon: 126.64 },
  { name: 'South', lat: 45.7, lon: 126.6 },
];
const unit = { equipmentId: 'SIM-0001', serialNumber: 'SN-1', oemName: 'Deere', model: '6R', startHours: 1200 };

describe('RouteFleet (the simulator)', () => {
  const fleet = new RouteFleet([unit], fields);
  // a working day in December, local 06:00–18:00 = 22:00–10:00 UTC
  const day = Date.parse('2026-12-05T22:00:00Z');

  it('moves during the working day and stands still at night; hours only count up', () => {
    const morning = fleet.samples(unit, new Date(day), new Date(day + 12 * 3_600_000));
    expect(morning.length).toBe(12 * 12 + 1);
    const moved = new Set(morning.map((s) => `${s.lat},${s.lon}`)).size;
    expect(moved).toBeGreaterThan(50);
    for (let i = 1; i < morning.length; i++) expect(morning[i]!.hours).toBeGreaterThanOrEqual(morning[i - 1]!.hours);
    const night = fleet.samples(unit, new Date(day + 13 * 3_600_000), new Date(day + 15 * 3_600_000));
    expect(new Set(night.map((s) => `${s.lat},${s.lon}`)).size).toBe(1);
    expect(new Set(night.map((s) => s.hours)).size).toBe(1);
  });

  it('stays near the fields (within the round between them)', () => {
    for (const s of fleet.samples(unit, new Date(day), new Date(day + 12 * 3_600_000))) {
      expect(s.lat).toBeGreaterThan(45.69);
      expect(s.lat).toBeLessThan(45.76);
    }
  });

  it('the faulty machine raises one code a day', () => {
    const f = fleet.faults(unit, new Date(day), new Date(day + 86_400_000));
    expect(f.map((x) => x.code)).toEqual(['SPN 110 FMI 0']);
  });
});
