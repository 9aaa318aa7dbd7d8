import { catalogRate as planningRate } from '../assets/machine-output.js';
import type { CatalogModel } from './catalog-model.js';
import { IMPLEMENT_MODELS } from './catalog-implements.js';
import { POWER_UNIT_MODELS } from './catalog-power-units.js';

export type { CatalogModel, ModelRole } from './catalog-model.js';

/** A model's catalog output, ha/h (planning's formula). */
export const catalogRate = (m: CatalogModel) => planningRate(m);

/**
 * The platform catalog (organizationId null, shared by every org). Figures are close to the
 * real machines' brochures; they only need to be plausible for demos and benchmarks.
 */
export const PLATFORM_CATALOG: CatalogModel[] = [...POWER_UNIT_MODELS, ...IMPLEMENT_MODELS];

export const catalogKey = (manufacturer: string, name: string) => `${manufacturer}\u0000${name}`;
