import { z } from 'zod';
import { ZLastPosition } from './telematics.js';
import { ZAssetRecognition, ZAssetRecognitionInput } from './attachments.js';
import { fixedDecimal, ZMoneyMinor, ZSort } from './common.js';
import { ZModelPlanningFigures, ZModelPlanningInput } from './machine-planning.js';

/**
 * Assets: the machine model catalog, an org's machines and their engine-hour meter.
 *
 * Wire formats:
 * - Money is integer minor units (CNY fen) as a **decimal string** (`"12800000"` = ¥128,000.00):
 *   the column is a BigInt and a JSON number loses precision past 2^53, so the API never
 *   sends money as a number. Requests take the same string form.
 * - Decimal columns are JSON numbers with fixed precision: working width in metres with at
 *   most 2 decimals, engine hours with at most 1 decimal. Requests with more precision are
 *   refused (400), never rounded silently.
 * - Dates: `purchaseDate` is a calendar date `YYYY-MM-DD`; timestamps are ISO 8601.
 */

export const MACHINE_KINDS = ['POWER_UNIT', 'SELF_PROPELLED', 'IMPLEMENT'] as const;
export const ZMachineKind = z.enum(MACHINE_KINDS);
export type TMachineKind = z.infer<typeof ZMachineKind>;

/** ADAPT's operation types. */
export const OPERATION_TYPES = [
  'TILLAGE',
  'SOWING_PLANTING',
  'FERTILIZING',
  'CROP_PROTECTION',
  'MOWING',
  'BALING',
  'HARVESTING',
  'FORAGE_HARVESTING',
  'TRANSPORT',
  'OTHER',
] as const;
export const ZOperationType = z.enum(OPERATION_TYPES);
export type TOperationType = z.infer<typeof ZOperationType>;

export const ASSET_STATUSES = ['ACTIVE', 'IN_MAINTENANCE', 'RETIRED'] as const;
export const ZAssetStatus = z.enum(ASSET_STATUSES);
export type TAssetStatus = z.infer<typeof ZAssetStatus>;

export const METER_SOURCES = ['MANUAL', 'TELEMATICS', 'JOB', 'WORK_ORDER'] as const;
export const ZMeterSource = z.enum(METER_SOURCES);
export type TMeterSource = z.infer<typeof ZMeterSource>;

const ZCalendarDate = z.iso.date();
const ZPageFields = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(500).optional(),
};

// ---------------------------------------------------------------------------
// Machine model catalog
// ---------------------------------------------------------------------------

export const ZMachineModel = z.object({
  id: z.uuid(),
  /** null: a platform catalog model, visible to every org */
  organizationId: z.uuid().nullable(),
  manufacturer: z.string(),
  name: z.string(),
  kind: ZMachineKind,
  operationTypes: z.array(ZOperationType),
  workingWidthM: z.number().nullable(),
  powerKw: z.number().int().nullable(),
  /** road speed set on the model (km/h); null: the type's default */
  roadSpeedKmh: z.number().int().nullable(),
  /** the speed travel estimates use: the model's, else by type (tractor 30, combine 20, self-propelled sprayer 35); null for an implement (its tractor's) */
  effectiveRoadSpeedKmh: z.number().int().nullable(),
  /** output and needs for planning (machine-planning.ts) */
  planning: ZModelPlanningFigures,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMachineModel = z.infer<typeof ZMachineModel>;

export const ZListMachineModelsQuery = z.object({
  ...ZPageFields,
  kind: ZMachineKind.optional(),
  operationType: ZOperationType.optional(),
  q: z.string().trim().min(1).max(100).optional(),
});
export type TListMachineModelsQuery = z.infer<typeof ZListMachineModelsQuery>;

export const ZListMachineModelsResponse = z.object({
  items: z.array(ZMachineModel),
  nextCursor: z.string().nullable(),
});
export type TListMachineModelsResponse = z.infer<typeof ZListMachineModelsResponse>;

/** Creates an org-private model (platform models are managed by platform admins). */
export const ZCreateMachineModelRequest = z.strictObject({
  manufacturer: z.string().trim().min(1).max(80),
  name: z.string().trim().min(1).max(120),
  kind: ZMachineKind,
  operationTypes: z.array(ZOperationType).min(1).max(OPERATION_TYPES.length),
  workingWidthM: fixedDecimal(2, 9999.99).nullable().optional(),
  powerKw: z.number().int().min(0).max(100_000).nullable().optional(),
  roadSpeedKmh: z.number().int().min(1).max(120).nullable().optional(),
  ...ZModelPlanningInput,
});
export type TCreateMachineModelRequest = z.infer<typeof ZCreateMachineModelRequest>;

// ---------------------------------------------------------------------------
// Meter readings
// ---------------------------------------------------------------------------

export const ZMeterReading = z.object({
  id: z.uuid(),
  assetId: z.uuid(),
  /** cumulative engine hours, 1 decimal */
  readingHours: z.number(),
  readAt: z.string(),
  source: ZMeterSource,
  isReplacement: z.boolean(),
  /** the reading was accepted although it jumps more than the machine could run since the last one ("meter replaced / corrected") */
  jumpConfirmed: z.boolean(),
  recordedByUserId: z.uuid().nullable(),
  createdAt: z.string(),
  /** a voided reading is kept for the record but ignored everywhere (latest reading, due dates, checks) */
  voidedAt: z.string().nullable(),
  voidedByUserId: z.uuid().nullable(),
  voidReason: z.string().nullable(),
});
export type TMeterReading = z.infer<typeof ZMeterReading>;

/**
 * Cumulative engine hours. Lower than the latest reading → 422 METER_BACKWARDS unless
 * `isReplacement` (a new meter or engine); `readAt` before the latest reading → 422
 * METER_OUT_OF_ORDER; `readAt` in the future → 400. `readAt` defaults to now.
 * More hours than the machine could have run since the latest reading (its kind's hours per
 * day × the days elapsed, plus a small grace) → 422 METER_IMPLAUSIBLE, unless `confirmJump`
 * ("meter replaced / corrected": recorded and audited) or `isReplacement`.
 */
export const ZCreateMeterReadingRequest = z.strictObject({
  readingHours: fixedDecimal(1, 999_999_999.9),
  readAt: z.iso.datetime({ offset: true }).optional(),
  source: ZMeterSource.default('MANUAL'),
  isReplacement: z.boolean().default(false),
  confirmJump: z.boolean().default(false),
});
export type TCreateMeterReadingRequest = z.infer<typeof ZCreateMeterReadingRequest>;

/** A supervisor (meter.void) voids a wrong reading; the reason is audited. Already voided → 409 CONFLICT. */
export const ZVoidMeterReadingRequest = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type TVoidMeterReadingRequest = z.infer<typeof ZVoidMeterReadingRequest>;

/** What METER_IMPLAUSIBLE carries in `details`: enough for a client to explain the refusal. */
export const ZMeterImplausibleDetails = z.object({
  latestHours: z.number(),
  latestReadAt: z.string(),
  readingHours: z.number(),
  /** the most the meter could have advanced since the latest reading */
  maxPlausibleHours: z.number(),
  maxHoursPerDay: z.number(),
});
export type TMeterImplausibleDetails = z.infer<typeof ZMeterImplausibleDetails>;

export const ZListMeterReadingsQuery = z.object({ ...ZPageFields });
export type TListMeterReadingsQuery = z.infer<typeof ZListMeterReadingsQuery>;

export const ZListMeterReadingsResponse = z.object({
  items: z.array(ZMeterReading),
  nextCursor: z.string().nullable(),
});
export type TListMeterReadingsResponse = z.infer<typeof ZListMeterReadingsResponse>;

// ---------------------------------------------------------------------------
// Assets
// ---------------------------------------------------------------------------

export const ZAsset = z.object({
  id: z.uuid(),
  modelId: z.uuid(),
  teamId: z.uuid().nullable(),
  name: z.string(),
  serialNumber: z.string(),
  plateNumber: z.string().nullable(),
  /** YYYY-MM-DD */
  purchaseDate: z.string().nullable(),
  /** CNY fen as a string of digits */
  purchaseCostMinor: ZMoneyMinor.nullable(),
  status: ZAssetStatus,
  /** set when the model was chosen from a photo recognition (with the service's model version) */
  recognition: ZAssetRecognition.nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAsset = z.infer<typeof ZAsset>;

/** The detail view: the asset with its model and its latest meter reading. */
export const ZAssetDetail = ZAsset.extend({
  model: ZMachineModel,
  latestMeterReading: ZMeterReading.nullable(),
  /** where the machine's telematics last placed it (null: it never reported a position) */
  lastPosition: ZLastPosition.nullable(),
});
export type TAssetDetail = z.infer<typeof ZAssetDetail>;

export const ASSET_SORTS = ['name', '-name', 'serialNumber', '-serialNumber', 'createdAt', '-createdAt'] as const;
export type TAssetSort = (typeof ASSET_SORTS)[number];

export const ZListAssetsQuery = z.object({
  ...ZPageFields,
  sort: ZSort(ASSET_SORTS, 'id order').optional(),
  status: ZAssetStatus.optional(),
  teamId: z.uuid().optional(),
  modelId: z.uuid().optional(),
  /** the kind of the asset's machine model */
  kind: ZMachineKind.optional(),
  q: z.string().trim().min(1).max(100).optional(),
});
export type TListAssetsQuery = z.infer<typeof ZListAssetsQuery>;

export const ZListAssetsResponse = z.object({ items: z.array(ZAsset), nextCursor: z.string().nullable() });
export type TListAssetsResponse = z.infer<typeof ZListAssetsResponse>;

export const ZCreateAssetRequest = z.strictObject({
  modelId: z.uuid(),
  teamId: z.uuid().nullable().optional(),
  name: z.string().trim().min(1).max(120),
  serialNumber: z.string().trim().min(1).max(80),
  plateNumber: z.string().trim().min(1).max(40).nullable().optional(),
  purchaseDate: ZCalendarDate.nullable().optional(),
  purchaseCostMinor: ZMoneyMinor.nullable().optional(),
  /** the photo recognition the model was picked from (`POST /machine-models/recognitions`) */
  recognition: ZAssetRecognitionInput.optional(),
});
export type TCreateAssetRequest = z.infer<typeof ZCreateAssetRequest>;

/**
 * Status transitions: ACTIVE ↔ IN_MAINTENANCE, any → RETIRED; RETIRED is final
 * (409 INVALID_TRANSITION). `version` is the version the client read (409 VERSION_CONFLICT
 * with the current asset when it changed since).
 */
export const ZUpdateAssetRequest = z
  .strictObject({
    version: z.number().int().min(1),
    modelId: z.uuid().optional(),
    teamId: z.uuid().nullable().optional(),
    name: z.string().trim().min(1).max(120).optional(),
    serialNumber: z.string().trim().min(1).max(80).optional(),
    plateNumber: z.string().trim().min(1).max(40).nullable().optional(),
    purchaseDate: ZCalendarDate.nullable().optional(),
    purchaseCostMinor: ZMoneyMinor.nullable().optional(),
    status: ZAssetStatus.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), { message: 'nothing to change' });
export type TUpdateAssetRequest = z.infer<typeof ZUpdateAssetRequest>;

/** Allowed status changes; a same-status "change" is a no-op, not a transition. */
export function canTransition(from: TAssetStatus, to: TAssetStatus): boolean {
  if (from === to) return true;
  if (from === 'RETIRED') return false;
  if (to === 'RETIRED') return true;
  return (from === 'ACTIVE' && to === 'IN_MAINTENANCE') || (from === 'IN_MAINTENANCE' && to === 'ACTIVE');
}

// ---------------------------------------------------------------------------
// Catalog edits (org-private models and, for platform admins, the platform catalog)
// ---------------------------------------------------------------------------

/**
 * Edits a machine model (PATCH /orgs/:orgId/machine-models/:id for the org's private models,
 * PATCH /platform/machine-models/:id for platform admins).
 *
 * Optimistic concurrency: MachineModel has no version column, so `updatedAt` is the token.
 * Send the `updatedAt` you read as `expectedUpdatedAt`; the write compares it in its WHERE and
 * moves `updatedAt` strictly forward (at least +1 ms), so every successful edit changes the
 * token. A stale token → 409 VERSION_CONFLICT with `details.current` (the model as it is now).
 *
 * `kind` cannot change while live (non-deleted) assets use the model → 409 CONFLICT: their
 * machine sets (power unit / self-propelled + implements) were validated against the old kind.
 * `operationTypes` may change freely (it only affects future assignments).
 * A manufacturer + name that another model of the same catalog has → 409 MACHINE_MODEL_EXISTS.
 */
export const ZUpdateMachineModelRequest = z
  .strictObject({
    expectedUpdatedAt: z.iso.datetime({ offset: true }),
    manufacturer: z.string().trim().min(1).max(80).optional(),
    name: z.string().trim().min(1).max(120).optional(),
    kind: ZMachineKind.optional(),
    operationTypes: z.array(ZOperationType).min(1).max(OPERATION_TYPES.length).optional(),
    workingWidthM: fixedDecimal(2, 9999.99).nullable().optional(),
    powerKw: z.number().int().min(0).max(100_000).nullable().optional(),
    roadSpeedKmh: z.number().int().min(1).max(120).nullable().optional(),
    ...ZModelPlanningInput,
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'expectedUpdatedAt'), { message: 'nothing to change' });
export type TUpdateMachineModelRequest = z.infer<typeof ZUpdateMachineModelRequest>;

// ---------------------------------------------------------------------------
// Bulk machine import
// ---------------------------------------------------------------------------

export const IMPORT_ASSETS_MAX_ITEMS = 500;

/**
 * POST /orgs/:orgId/assets/import. Each item is a POST /assets body. The request only checks
 * that `items` is an array of 1..500 entries: every item is then validated on its own with
 * ZCreateAssetRequest, so a malformed item is reported in its result (VALIDATION_FAILED with
 * the field issues) instead of failing the whole request.
 */
export const ZImportAssetsRequest = z.strictObject({
  items: z
    .array(
      z.unknown().meta({
        description:
          'A POST /assets body (CreateAssetRequest). Validated item by item: a malformed item fails alone, in its result.',
        ...withoutDialect(z.toJSONSchema(ZCreateAssetRequest, { io: 'input' })),
      }),
    )
    .min(1)
    .max(IMPORT_ASSETS_MAX_ITEMS),
});
export type TImportAssetsRequest = z.infer<typeof ZImportAssetsRequest>;

function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

export const ZImportItemError = z.object({
  /** a stable error code, as in the error envelope (VALIDATION_FAILED, SERIAL_NUMBER_TAKEN, NOT_FOUND, FORBIDDEN, …) */
  code: z.string(),
  message: z.string(),
  /** the code's details (field issues, the serial number…), null when it has none */
  details: z.unknown(),
});
export type TImportItemError = z.infer<typeof ZImportItemError>;

export const ZImportAssetResult = z.discriminatedUnion('ok', [
  z.object({ index: z.number().int().min(0), ok: z.literal(true), asset: ZAsset }),
  z.object({ index: z.number().int().min(0), ok: z.literal(false), error: ZImportItemError }),
]);
export type TImportAssetResult = z.infer<typeof ZImportAssetResult>;

/** One result per item, in request order (`index` is the item's position). 200 even if every item failed. */
export const ZImportAssetsResponse = z.object({
  results: z.array(ZImportAssetResult),
  created: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type TImportAssetsResponse = z.infer<typeof ZImportAssetsResponse>;
