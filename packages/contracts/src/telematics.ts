import { z } from 'zod';

/** Most rows one push may carry; a larger batch is refused whole (413 TELEMATICS_BATCH_TOO_LARGE). */
export const TELEMATICS_MAX_BATCH = 1000;

/** How far ahead of our clock a reading's time may be (a terminal's clock drifts). */
export const TELEMATICS_FUTURE_SKEW_MS = 5 * 60_000;

/**
 * One reading of a gateway or terminal: the machine by id or by serial number (PIN), the time it
 * was taken, and any of its values. Engine hours and fuel used are cumulative counters.
 */
export const ZTelematicsReadingInput = z
  .strictObject({
    assetId: z.uuid().optional(),
    serialNumber: z.string().trim().min(1).max(100).optional(),
    at: z.iso.datetime({ offset: true }),
    engineHours: z.number().min(0).max(10_000_000).optional(),
    lat: z.number().min(-90).max(90).optional(),
    lon: z.number().min(-180).max(180).optional(),
    fuelUsedL: z.number().min(0).max(100_000_000).optional(),
    faultCodes: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
  })
  .refine((r) => (r.assetId === undefined) !== (r.serialNumber === undefined), {
    message: 'give exactly one of assetId and serialNumber',
    path: ['assetId'],
  })
  .refine((r) => (r.lat === undefined) === (r.lon === undefined), {
    message: 'a position needs both lat and lon',
    path: ['lat'],
  })
  .refine(
    (r) =>
      r.engineHours !== undefined || r.lat !== undefined || r.fuelUsedL !== undefined || r.faultCodes !== undefined,
    { message: 'a reading carries at least one of engineHours, lat/lon, fuelUsedL, faultCodes', path: ['at'] },
  );
export type TTelematicsReadingInput = z.infer<typeof ZTelematicsReadingInput>;

/**
 * The batch. Rows are validated one by one (a bad row does not refuse its neighbours), so the
 * array is typed loosely here; each row must match ZTelematicsReadingInput.
 */
export const ZPushReadingsRequest = z.strictObject({
  readings: z
    .array(z.unknown())
    .min(1)
    .meta({ description: `Up to ${TELEMATICS_MAX_BATCH} rows, each a TelematicsReadingInput` }),
});
export type TPushReadingsRequest = z.infer<typeof ZPushReadingsRequest>;

/** Why a row was refused. Stable: gateways switch on these. */
export const TELEMATICS_ROW_ERRORS = [
  'ROW_INVALID',
  'ASSET_REF_INVALID',
  'AT_INVALID',
  'AT_IN_FUTURE',
  'VALUE_INVALID',
  'COORDINATES_OUT_OF_RANGE',
  'NO_VALUES',
  'ASSET_NOT_FOUND',
  'SERIAL_NUMBER_AMBIGUOUS',
] as const;
export const ZTelematicsRowError = z.enum(TELEMATICS_ROW_ERRORS);
export type TTelematicsRowError = z.infer<typeof ZTelematicsRowError>;

export const TELEMATICS_KINDS = ['ENGINE_HOURS', 'POSITION', 'FUEL_USED', 'FAULT_CODES'] as const;
export const ZTelematicsKind = z.enum(TELEMATICS_KINDS);
export type TTelematicsKind = z.infer<typeof ZTelematicsKind>;

/** The meter rules an engine-hour reading can break: it is kept, flagged, and counts nowhere. */
export const ZTelematicsFlag = z.object({
  kind: ZTelematicsKind,
  code: z.enum(['METER_BACKWARDS', 'METER_OUT_OF_ORDER', 'METER_IMPLAUSIBLE']),
  message: z.string(),
});

export const ZPushReadingResult = z.object({
  index: z.number().int(),
  /** ACCEPTED: something new was written; DUPLICATE: every value was already there */
  status: z.enum(['ACCEPTED', 'DUPLICATE', 'REJECTED']),
  assetId: z.uuid().nullable(),
  error: z
    .object({
      code: ZTelematicsRowError,
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    })
    .nullable(),
  flags: z.array(ZTelematicsFlag),
});
export type TPushReadingResult = z.infer<typeof ZPushReadingResult>;

export const ZPushReadingsResponse = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  /** accepted rows of which a value broke a meter rule */
  flagged: z.number().int(),
  results: z.array(ZPushReadingResult),
});
export type TPushReadingsResponse = z.infer<typeof ZPushReadingsResponse>;

export const ZLastPosition = z.object({
  latitude: z.number(),
  longitude: z.number(),
  at: z.string(),
});
export type TLastPosition = z.infer<typeof ZLastPosition>;

/** Default and widest window of GET /assets/:id/positions. */
export const POSITIONS_DEFAULT_HOURS = 24;
export const POSITIONS_MAX_DAYS = 31;
export const POSITIONS_MAX_POINTS = 5000;

export const ZPositionsQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TPositionsQuery = z.infer<typeof ZPositionsQuery>;

const ZLonLat = z.tuple([z.number(), z.number()]);

/** GeoJSON: the track as one LineString (when there are two points or more) then each point with its time. */
export const ZPositionsResponse = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.union([
      z.object({
        type: z.literal('Feature'),
        geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(ZLonLat) }),
        properties: z.object({ assetId: z.uuid(), from: z.string(), to: z.string(), points: z.number().int() }),
      }),
      z.object({
        type: z.literal('Feature'),
        geometry: z.object({ type: z.literal('Point'), coordinates: ZLonLat }),
        properties: z.object({ at: z.string() }),
      }),
    ]),
  ),
  /** true when the window held more than POSITIONS_MAX_POINTS points (the newest are kept) */
  truncated: z.boolean(),
});
export type TPositionsResponse = z.infer<typeof ZPositionsResponse>;

export const ZAssetFault = z.object({
  id: z.uuid(),
  code: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  clearedAt: z.string().nullable(),
  /** the agent's diagnosis of the code (a run and its MAINTENANCE draft), once the worker made it */
  diagnosis: z.object({ runId: z.uuid(), status: z.string(), draftId: z.uuid().nullable() }).nullable(),
});
export type TAssetFault = z.infer<typeof ZAssetFault>;

export const ZListAssetFaultsQuery = z.object({
  active: z.enum(['true', 'false']).optional(),
});
export const ZListAssetFaultsResponse = z.object({ items: z.array(ZAssetFault) });
export type TListAssetFaultsResponse = z.infer<typeof ZListAssetFaultsResponse>;

export const ZTelematicsHours = z.object({
  hours: z.number(),
  at: z.string(),
  /** the meter rule it broke (then it counts nowhere), or null */
  flagCode: z.string().nullable(),
});

/**
 * The operator's latest reading against the terminal's reading nearest in time to it (within
 * DISAGREEMENT_WINDOW_HOURS): shown when they differ by more than the configured threshold.
 */
export const DISAGREEMENT_WINDOW_HOURS = 12;
export const ZMeterDisagreement = z.object({
  operatorHours: z.number(),
  operatorAt: z.string(),
  telematicsHours: z.number(),
  telematicsAt: z.string(),
  /** operator minus telematics */
  differenceHours: z.number(),
  thresholdHours: z.number(),
});

/**
 * Fuel over the last 30 days from the terminal's counters: litres used (cumulative FuelUsed, last
 * minus first) per engine hour run (accepted engine-hour readings, last minus first). null without
 * two fuel readings and at least one engine hour between them.
 */
export const ZTelematicsFuel = z.object({
  from: z.string(),
  to: z.string(),
  litres: z.number(),
  engineHours: z.number(),
  litresPerHour: z.number(),
});
export const FUEL_WINDOW_DAYS = 30;

/** What the machine's page shows of its telematics. */
export const ZAssetTelematicsSummary = z.object({
  lastPosition: ZLastPosition.nullable(),
  latestTelematicsHours: ZTelematicsHours.nullable(),
  meterDisagreement: ZMeterDisagreement.nullable(),
  activeFaults: z.array(ZAssetFault),
  /** engine-hour readings of the last 30 days that broke a meter rule */
  flaggedReadings30d: z.number().int(),
  fuel30d: ZTelematicsFuel.nullable(),
});
export type TAssetTelematicsSummary = z.infer<typeof ZAssetTelematicsSummary>;

// ---------------------------------------------------------------------------
// The org's telematics settings; a job's fuel and field check
// ---------------------------------------------------------------------------

export const FAR_FROM_FIELD_MAX_M = 100_000;

/**
 * `fuelPriceMinorPerLitre`: a job's fuel becomes a FUEL cost document (DRAFT, one per job) at
 * this price; null = off (the default). `farFromFieldMeters`: how far outside its field (its
 * boundary, else its centroid) a started job's machine may be before the job shows a hint.
 */
export const ZTelematicsSettings = z.object({
  fuelPriceMinorPerLitre: z
    .string()
    .regex(/^(0|[1-9]\d{0,8})$/, 'integer fen per litre as a string of digits')
    .nullable(),
  farFromFieldMeters: z.number().int().min(0).max(FAR_FROM_FIELD_MAX_M),
});
export type TTelematicsSettings = z.infer<typeof ZTelematicsSettings>;
export const ZUpdateTelematicsSettingsRequest = ZTelematicsSettings.partial().strict();
export type TUpdateTelematicsSettingsRequest = z.infer<typeof ZUpdateTelematicsSettingsRequest>;

/**
 * Where a started job's machine is against the job's field, from the machine's last position:
 * IN_FIELD (inside the boundary, or within the setting of the centroid when the field has no
 * boundary), NEAR_FIELD (outside, within the setting) or FAR_FROM_FIELD (further).
 */
export const ZJobFieldCheck = z.object({
  state: z.enum(['IN_FIELD', 'NEAR_FIELD', 'FAR_FROM_FIELD']),
  assetId: z.uuid(),
  /** metres outside the boundary (0 inside), or from the centroid when the field has none */
  distanceM: z.number().int().min(0),
  measuredFrom: z.enum(['BOUNDARY', 'CENTROID']),
  thresholdM: z.number().int().min(0),
  /** the time of the machine's last position */
  at: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type TJobFieldCheck = z.infer<typeof ZJobFieldCheck>;
