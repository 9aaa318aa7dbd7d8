import { z } from 'zod';
import { fixedDecimal } from '../common.js';
import { ZBoolQuery, ZPageFields } from './basics.js';

// ---------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------

export const MAX_CHECKLIST_ITEMS = 50;
/** at most this many catalog parts per checklist item */
export const MAX_CHECKLIST_PARTS = 20;
/**
 * A checklist step of the plan, optionally with the catalog parts it uses (issue #29: the expected
 * demand of due services comes from them). `quantity` per service, > 0, ≤ 3 decimals.
 */
export const ZChecklistTemplateItem = z.strictObject({
  label: z.string().trim().min(1).max(200),
  parts: z
    .array(
      z.strictObject({
        partId: z.uuid(),
        quantity: z
          .number()
          .positive()
          .max(1_000_000)
          .refine((n) => Math.round(n * 1000) === n * 1000, 'at most 3 decimals'),
      }),
    )
    .max(MAX_CHECKLIST_PARTS)
    .optional(),
});
export type TChecklistTemplateItem = z.infer<typeof ZChecklistTemplateItem>;
export const ZChecklistTemplate = z.array(ZChecklistTemplateItem).max(MAX_CHECKLIST_ITEMS);

export const ZMaintenancePlan = z.object({
  id: z.uuid(),
  /** exactly one of assetId / modelId: a plan for one machine or for every machine of a model */
  assetId: z.uuid().nullable(),
  modelId: z.uuid().nullable(),
  name: z.string(),
  intervalHours: z.number().nullable(),
  intervalDays: z.number().int().nullable(),
  leadHours: z.number().nullable(),
  leadDays: z.number().int().nullable(),
  checklist: z.array(
    z.object({
      label: z.string(),
      /** the catalog parts this step uses per service (the expected demand of due services) */
      parts: z.array(z.object({ partId: z.uuid(), quantity: z.number() })).optional(),
    }),
  ),
  estimatedHours: z.number().nullable(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMaintenancePlan = z.infer<typeof ZMaintenancePlan>;

const planFields = {
  name: z.string().trim().min(1).max(120),
  intervalHours: fixedDecimal(1, 9_999_999.9).refine((v) => v > 0, 'must be positive'),
  intervalDays: z.number().int().min(1).max(3650),
  leadHours: fixedDecimal(1, 9_999_999.9),
  leadDays: z.number().int().min(0).max(3650),
  checklist: ZChecklistTemplate,
  estimatedHours: fixedDecimal(2, 9999.99),
};

export const ZCreateMaintenancePlanRequest = z
  .strictObject({
    assetId: z.uuid().optional(),
    modelId: z.uuid().optional(),
    name: planFields.name,
    intervalHours: planFields.intervalHours.optional(),
    intervalDays: planFields.intervalDays.optional(),
    leadHours: planFields.leadHours.optional(),
    leadDays: planFields.leadDays.optional(),
    checklist: planFields.checklist.default([]),
    estimatedHours: planFields.estimatedHours.optional(),
    active: z.boolean().default(true),
  })
  .refine((v) => (v.assetId === undefined) !== (v.modelId === undefined), {
    message: 'give exactly one of assetId or modelId',
    path: ['assetId'],
  })
  .refine((v) => v.intervalHours !== undefined || v.intervalDays !== undefined, {
    message: 'give intervalHours, intervalDays or both',
    path: ['intervalHours'],
  });
export type TCreateMaintenancePlanRequest = z.infer<typeof ZCreateMaintenancePlanRequest>;

/** The target (asset / model) is fixed; null clears an optional value. At least one interval must remain (else 400). */
export const ZUpdateMaintenancePlanRequest = z
  .strictObject({
    version: z.number().int().min(1),
    name: planFields.name.optional(),
    intervalHours: planFields.intervalHours.nullable().optional(),
    intervalDays: planFields.intervalDays.nullable().optional(),
    leadHours: planFields.leadHours.nullable().optional(),
    leadDays: planFields.leadDays.nullable().optional(),
    checklist: planFields.checklist.optional(),
    estimatedHours: planFields.estimatedHours.nullable().optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), { message: 'nothing to change' });
export type TUpdateMaintenancePlanRequest = z.infer<typeof ZUpdateMaintenancePlanRequest>;

export const ZListMaintenancePlansQuery = z.object({
  ...ZPageFields,
  assetId: z.uuid().optional(),
  modelId: z.uuid().optional(),
  active: ZBoolQuery.optional(),
});
export type TListMaintenancePlansQuery = z.infer<typeof ZListMaintenancePlansQuery>;

export const ZListMaintenancePlansResponse = z.object({
  items: z.array(ZMaintenancePlan),
  nextCursor: z.string().nullable(),
});
export type TListMaintenancePlansResponse = z.infer<typeof ZListMaintenancePlansResponse>;
