/** A machine model's road speed, for travel estimates between fields (planning/travel/travel.ts). */

/** km/h by machine type, when the model does not say: tractor 30, combine 20, self-propelled sprayer 35. */
export const DEFAULT_ROAD_SPEED_KMH = { tractor: 30, combine: 20, sprayer: 35 } as const;

export interface SpeedModel {
  kind: 'POWER_UNIT' | 'SELF_PROPELLED' | 'IMPLEMENT';
  operationTypes: readonly string[];
  roadSpeedKmh: number | null;
}

/**
 * A model's road speed; null for an implement without its own (it travels at its tractor's).
 * A self-propelled machine is a sprayer when it does crop protection and no harvesting, else it is
 * taken as a harvester (the slower guess: a schedule that allows too much road time is late less).
 */
export function roadSpeedOf(m: SpeedModel): number | null {
  if (m.roadSpeedKmh !== null && m.roadSpeedKmh > 0) return m.roadSpeedKmh;
  switch (m.kind) {
    case 'POWER_UNIT':
      return DEFAULT_ROAD_SPEED_KMH.tractor;
    case 'SELF_PROPELLED': {
      const harvests = m.operationTypes.some((t) => t === 'HARVESTING' || t === 'FORAGE_HARVESTING');
      return !harvests && m.operationTypes.includes('CROP_PROTECTION')
        ? DEFAULT_ROAD_SPEED_KMH.sprayer
        : DEFAULT_ROAD_SPEED_KMH.combine;
    }
    case 'IMPLEMENT':
      return null;
  }
}
