import { AppError } from '../platform/errors/app-error.js';

/** Farther than this from every other located field of the org: a typo'd coordinate, most likely. */
export const FAR_FROM_ORG_KM = 500;

export const GeoErrors = {
  /** no polygon area survives ST_MakeValid (a ring folded onto itself, all points on a line), or too many vertices */
  invalid: (reason: string, details: Record<string, unknown> = {}) =>
    new AppError('BOUNDARY_INVALID', `The boundary cannot be used: ${reason}`, { reason, ...details }),
  outOfRange: (position: readonly number[]) =>
    new AppError(
      'COORDINATES_OUT_OF_RANGE',
      'Coordinates must be [longitude, latitude] in WGS84: longitude −180…180, latitude −90…90',
      { position },
    ),
  tooFar: (km: number) =>
    new AppError(
      'BOUNDARY_TOO_FAR',
      `The boundary is ${Math.round(km)} km from the nearest other field of the organization (more than ${FAR_FROM_ORG_KM} km); check the coordinates or confirm with allowFar`,
      { distanceKm: Math.round(km), limitKm: FAR_FROM_ORG_KM },
    ),
};
