import { z } from 'zod';
import { fixedDecimal } from './common.js';
import { ZQualificationCode } from './members.js';

/** Hitches a tractor offers / an implement uses: three-point categories and the drawbar. */
export const HITCH_TYPES = ['CAT1', 'CAT2', 'CAT3', 'CAT4', 'DRAWBAR'] as const;
export const ZHitchType = z.enum(HITCH_TYPES);

/**
 * A machine model's planning figures (issue #25): what its output in the field is and what it
 * needs. Output, ha/h = `workRateHaPerHour` when given, else working width × `workingSpeedKmh` ×
 * `fieldEfficiency` (0.7 when not given) ÷ 10; planning learns it per machine from ≥ 3 completed
 * jobs and uses these as the prior.
 */
export const ZModelPlanningFigures = z.object({
  /** working speed in the field, km/h */
  workingSpeedKmh: z.number().nullable(),
  /** share of field time spent working (turns, unloading, filling), 0..1 */
  fieldEfficiency: z.number().nullable(),
  /** the output given directly (drones, trailers) */
  workRateHaPerHour: z.number().nullable(),
  /** implement: the least tractor power it needs, kW */
  requiredPowerKw: z.number().int().nullable(),
  /** power unit: the hitches it offers; implement: those it can use (empty: any) */
  hitchTypes: z.array(z.string()),
  /** licences an operator must hold to run it */
  requiredQualifications: z.array(z.string()),
  /** the catalog output these figures give, ha/h; null when they give none (a tractor: its implement's) */
  outputHaPerHour: z.number().nullable(),
});
export type TModelPlanningFigures = z.infer<typeof ZModelPlanningFigures>;

/** The figures a create / edit may set (all optional; null clears). */
export const ZModelPlanningInput = {
  workingSpeedKmh: fixedDecimal(1, 9999.9)
    .refine((v) => v > 0, 'must be above 0')
    .nullable()
    .optional(),
  fieldEfficiency: fixedDecimal(2, 1)
    .refine((v) => v > 0, 'must be above 0')
    .nullable()
    .optional(),
  workRateHaPerHour: fixedDecimal(2, 9999.99)
    .refine((v) => v > 0, 'must be above 0')
    .nullable()
    .optional(),
  requiredPowerKw: z.number().int().min(0).max(100_000).nullable().optional(),
  hitchTypes: z.array(ZHitchType).max(HITCH_TYPES.length).optional(),
  requiredQualifications: z.array(ZQualificationCode).max(10).optional(),
};
