import { DEFAULT_ROAD_SPEED_KMH, roadSpeedOf, type SpeedModel } from '../../assets/road-speed.js';

/**
 * Travel between fields, for the scheduler: straight-line distance (PostGIS) × the org's road
 * factor ÷ the machine set's road speed. Pure arithmetic here; distances come from
 * TravelRepository, speeds from machine models.
 */

/** Road distance ÷ straight-line distance when the org has not set its own (rural road networks: 1.2–1.4). */
export const DEFAULT_ROAD_FACTOR = 1.3;

/** A machine set moves at its slowest member; implements follow their tractor. A lone implement: a tractor's speed. */
export function machineSetSpeed(models: readonly SpeedModel[]): number {
  const speeds = models.map(roadSpeedOf).filter((s): s is number => s !== null);
  return speeds.length > 0 ? Math.min(...speeds) : DEFAULT_ROAD_SPEED_KMH.tractor;
}

/** Minutes on the road for a straight-line distance in metres. */
export function travelMinutes(distanceM: number, roadFactor: number, speedKmh: number): number {
  if (distanceM <= 0) return 0;
  return ((distanceM / 1000) * roadFactor * 60) / speedKmh;
}

/** The key of an unordered pair of field ids in a distance map. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export interface TravelMatrix {
  fieldIds: string[];
  roadFactor: number;
  speedKmh: number;
  /** road km between fields i and j (straight line × road factor); null when a field has no location */
  km: (number | null)[][];
  /** minutes at `speedKmh`, rounded up to whole minutes; null as `km` */
  minutes: (number | null)[][];
}

/** Builds the symmetric matrix from the pairwise straight-line distances (metres) PostGIS measured. */
export function buildMatrix(
  fieldIds: readonly string[],
  distancesM: ReadonlyMap<string, number>,
  roadFactor: number,
  speedKmh: number,
): TravelMatrix {
  const key = pairKey;
  const km = fieldIds.map((a) =>
    fieldIds.map((b) => {
      if (a === b) return 0;
      const d = distancesM.get(key(a, b));
      return d === undefined ? null : Math.round((d / 1000) * roadFactor * 100) / 100;
    }),
  );
  const minutes = fieldIds.map((a) =>
    fieldIds.map((b) => {
      if (a === b) return 0;
      const d = distancesM.get(key(a, b));
      return d === undefined ? null : Math.ceil(travelMinutes(d, roadFactor, speedKmh));
    }),
  );
  return { fieldIds: [...fieldIds], roadFactor, speedKmh, km, minutes };
}
