import { describe, expect, it } from 'vitest';
import { roadSpeedOf } from '../../assets/road-speed.js';
import { buildMatrix, machineSetSpeed, pairKey, travelMinutes } from './travel.js';

const tractor = { kind: 'POWER_UNIT' as const, operationTypes: ['TILLAGE'], roadSpeedKmh: null };
const combine = { kind: 'SELF_PROPELLED' as const, operationTypes: ['HARVESTING'], roadSpeedKmh: null };
const sprayer = { kind: 'SELF_PROPELLED' as const, operationTypes: ['CROP_PROTECTION'], roadSpeedKmh: null };
const plough = { kind: 'IMPLEMENT' as const, operationTypes: ['TILLAGE'], roadSpeedKmh: null };

describe('road speed', () => {
  it('defaults by type: tractor 30, combine 20, self-propelled sprayer 35, implement its tractor’s', () => {
    expect(roadSpeedOf(tractor)).toBe(30);
    expect(roadSpeedOf(combine)).toBe(20);
    expect(roadSpeedOf(sprayer)).toBe(35);
    expect(roadSpeedOf(plough)).toBeNull();
    expect(machineSetSpeed([tractor, plough])).toBe(30);
    expect(machineSetSpeed([plough])).toBe(30);
  });

  it("takes the model's own speed and the slowest member of a set", () => {
    expect(roadSpeedOf({ ...tractor, roadSpeedKmh: 40 })).toBe(40);
    expect(
      machineSetSpeed([
        { ...tractor, roadSpeedKmh: 40 },
        { ...plough, roadSpeedKmh: 25 },
      ]),
    ).toBe(25);
  });
});

describe('travel time', () => {
  it('is distance × road factor ÷ speed', () => {
    // 10 km straight, factor 1.3 → 13 km of road; at 20 km/h that is 39 minutes
    expect(travelMinutes(10_000, 1.3, 20)).toBeCloseTo(39, 6);
    expect(travelMinutes(0, 1.3, 20)).toBe(0);
  });

  it('builds a symmetric matrix with zeros on the diagonal and null for unlocated fields', () => {
    const d = new Map([[pairKey('a', 'b'), 10_000]]);
    const m = buildMatrix(['a', 'b', 'c'], d, 1.3, 30);
    expect(m.km).toEqual([
      [0, 13, null],
      [13, 0, null],
      [null, null, 0],
    ]);
    expect(m.minutes[0]![1]).toBe(26);
    expect(m.minutes[1]![0]).toBe(26);
  });
});
