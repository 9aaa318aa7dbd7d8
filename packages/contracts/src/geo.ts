/**
 * Geography: field boundaries (GeoJSON, WGS84), the map's feature collection and the GeoJSON
 * export. Coordinates are [longitude, latitude] as GeoJSON says (RFC 7946).
 */
import { z } from 'zod';
import { ZMachineKind, ZOperationType } from './assets.js';

const ZPosition = z.array(z.number()).min(2).max(3);
const ZRing = z.array(ZPosition).min(3).max(20_000);

export const ZPolygonGeometry = z.object({ type: z.literal('Polygon'), coordinates: z.array(ZRing).min(1).max(500) });
export const ZMultiPolygonGeometry = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(ZRing).min(1).max(500)).min(1).max(500),
});
export const ZAreaGeometry = z.discriminatedUnion('type', [ZPolygonGeometry, ZMultiPolygonGeometry]);
export type TAreaGeometry = z.infer<typeof ZAreaGeometry>;

/** A boundary as sent: a Polygon / MultiPolygon geometry, or a Feature carrying one. */
export const ZBoundaryInput = z.union([
  ZAreaGeometry,
  z.object({ type: z.literal('Feature'), geometry: ZAreaGeometry, properties: z.unknown().optional() }),
]);
export type TBoundaryInput = z.infer<typeof ZBoundaryInput>;

export const ZPutBoundaryRequest = z.strictObject({
  boundary: ZBoundaryInput,
  /** a boundary more than 500 km from the org's other fields is refused (BOUNDARY_TOO_FAR) unless confirmed */
  allowFar: z.boolean().optional(),
  /** the field version the client read: 409 VERSION_CONFLICT when it changed */
  version: z.number().int().min(1).optional(),
});
export type TPutBoundaryRequest = z.infer<typeof ZPutBoundaryRequest>;

/** What the server changed to make a boundary valid (ST_MakeValid and friends). */
export const ZBoundaryRepair = z.object({
  code: z.enum(['RING_CLOSED', 'Z_DROPPED', 'MADE_VALID', 'RINGS_REORIENTED']),
  message: z.string(),
});
export type TBoundaryRepair = z.infer<typeof ZBoundaryRepair>;

export const ZFieldBoundary = z.object({
  fieldId: z.uuid(),
  /** null: the field has no boundary */
  geometry: ZMultiPolygonGeometry.nullable(),
  /** ST_Area of the boundary on the spheroid, whole m² */
  measuredAreaM2: z.number().int().nullable(),
  measuredAreaHa: z.number().nullable(),
  /** the area the user entered (`areaHa` of the field) */
  enteredAreaM2: z.number().int(),
  /** measured and entered differ by more than 5 % of the entered area: show both */
  areaDiffers: z.boolean(),
  /** PostGIS centroid of the boundary, also written to the field's latitude / longitude */
  centroid: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /** what was repaired on this write (empty on reads) */
  repairs: z.array(ZBoundaryRepair),
  version: z.number().int(),
});
export type TFieldBoundary = z.infer<typeof ZFieldBoundary>;

/** minLon,minLat,maxLon,maxLat (WGS84 degrees). */
export const ZBbox = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const parts = s.split(',').map((p) => Number(p));
    const [minLon, minLat, maxLon, maxLat] = parts;
    const ok =
      parts.length === 4 &&
      parts.every((n) => Number.isFinite(n)) &&
      minLon! >= -180 &&
      maxLon! <= 180 &&
      minLat! >= -90 &&
      maxLat! <= 90 &&
      minLon! <= maxLon! &&
      minLat! <= maxLat!;
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: 'bbox must be minLon,minLat,maxLon,maxLat within WGS84 ranges' });
      return z.NEVER;
    }
    return { minLon: minLon!, minLat: minLat!, maxLon: maxLon!, maxLat: maxLat! };
  });
export type TBbox = z.output<typeof ZBbox>;

export const WORK_STATES = ['NONE', 'PLANNED', 'IN_PROGRESS', 'DONE'] as const;
export const ZWorkState = z.enum(WORK_STATES);
export type TWorkState = z.infer<typeof ZWorkState>;

export const ZMapFeaturesQuery = z.object({
  bbox: ZBbox.optional(),
  /** the day whose work colours the fields (YYYY-MM-DD, the org's time zone); default today */
  date: z.iso.date().optional(),
  /** fields of this team, machines of this team */
  teamId: z.uuid().optional(),
  /** fields with a job of this operation type in the week of `date` */
  operationType: ZOperationType.optional(),
  /** machines of this kind (the fields stay) */
  machineKind: ZMachineKind.optional(),
  /** map zoom (0–22): geometry is simplified for it; omitted → full detail */
  zoom: z.coerce.number().int().min(0).max(22).optional(),
});
export type TMapFeaturesQuery = z.infer<typeof ZMapFeaturesQuery>;

const ZPoint = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

export const ZFieldFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  /** the boundary, else the centroid; null: the field has no location yet (listed so that one can be drawn) */
  geometry: z.union([ZMultiPolygonGeometry, ZPoint]).nullable(),
  properties: z.object({
    kind: z.literal('field'),
    fieldId: z.uuid(),
    name: z.string(),
    teamId: z.uuid().nullable(),
    crop: z.string().nullable(),
    areaM2: z.number().int(),
    measuredAreaM2: z.number().int().nullable(),
    /** the day's work on the field */
    today: ZWorkState,
    /** the week's (Monday–Sunday of `date`) */
    week: ZWorkState,
    operationTypes: z.array(z.string()),
  }),
});

export const ZMachineFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: ZPoint,
  properties: z.object({
    kind: z.literal('machine'),
    assetId: z.uuid(),
    name: z.string(),
    machineKind: z.string(),
    teamId: z.uuid().nullable(),
    /** where the position comes from: telematics, or the field of the current assignment */
    positionSource: z.enum(['telematics', 'assignment']),
    fieldId: z.uuid().nullable(),
  }),
});

export const ZMapFeatures = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.union([ZFieldFeature, ZMachineFeature])),
  date: z.string(),
});
export type TMapFeatures = z.infer<typeof ZMapFeatures>;
export type TFieldFeature = z.infer<typeof ZFieldFeature>;
export type TMachineFeature = z.infer<typeof ZMachineFeature>;

export const ZFieldsGeoJsonExport = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: z.union([ZMultiPolygonGeometry, ZPoint]).nullable(),
      properties: z.record(z.string(), z.unknown()),
    }),
  ),
});

// ---------------------------------------------------------------------------
// Boundary import (GeoJSON / KML / zipped Shapefile): preview → commit
// ---------------------------------------------------------------------------

export const BOUNDARY_IMPORT_FORMATS = ['geojson', 'kml', 'shapefile'] as const;

/** Options of a boundary upload (query string of the preview). */
export const ZBoundaryImportOptions = z.object({
  /** a feature whose name matches no field creates one (area = the measured area) */
  createMissing: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** boundaries more than 500 km from the org's other fields are accepted */
  allowFar: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TBoundaryImportOptions = z.output<typeof ZBoundaryImportOptions>;

export const ZBoundaryImportRow = z.object({
  /** the feature's position in the file (1-based) */
  row: z.number().int().min(1),
  /** the name read from the feature's properties (name / 名称 / 地块 …) */
  name: z.string().nullable(),
  /** UPDATE: the matched field's boundary is replaced; CREATE: a new field; null: the row is refused */
  action: z.enum(['UPDATE', 'CREATE']).nullable(),
  fieldId: z.uuid().nullable(),
  measuredAreaM2: z.number().int().nullable(),
  enteredAreaM2: z.number().int().nullable(),
  /** measured vs entered differ by more than 5 % */
  areaDiffers: z.boolean(),
  /** km to the nearest other field of the org */
  distanceKm: z.number().nullable(),
  /** what was repaired (ST_MakeValid, ring closed, height dropped) */
  repairs: z.array(ZBoundaryRepair),
  /** stable codes: UNKNOWN_FIELD, NAME_MISSING, GEOMETRY_NOT_POLYGON, BOUNDARY_INVALID, COORDINATES_OUT_OF_RANGE, BOUNDARY_TOO_FAR, DUPLICATE_IN_FILE, FORBIDDEN, … */
  errors: z.array(z.object({ column: z.string().nullable(), code: z.string(), message: z.string() })),
});
export type TBoundaryImportRow = z.infer<typeof ZBoundaryImportRow>;

export const ZBoundaryImportPreview = z.object({
  id: z.uuid(),
  fileName: z.string().nullable(),
  format: z.enum(BOUNDARY_IMPORT_FORMATS),
  rows: z.array(ZBoundaryImportRow),
  /** notes on the whole file (a Shapefile without .prj, …) */
  notes: z.array(z.string()),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  expiresAt: z.string(),
});
export type TBoundaryImportPreview = z.infer<typeof ZBoundaryImportPreview>;

export const ZBoundaryImportCommitResponse = z.object({
  id: z.uuid(),
  created: z.number().int(),
  updated: z.number().int(),
  /** the fields written, in file order */
  fieldIds: z.array(z.uuid()),
});
export type TBoundaryImportCommitResponse = z.infer<typeof ZBoundaryImportCommitResponse>;

// ---------------------------------------------------------------------------
// Map settings of the org (travel estimates)
// ---------------------------------------------------------------------------

export const ZMapSettings = z.object({
  /** road km ÷ straight-line km between fields (1.0–3.0; default 1.3) */
  roadFactor: z.number(),
});
export type TMapSettings = z.infer<typeof ZMapSettings>;

export const ZUpdateMapSettingsRequest = z.strictObject({
  roadFactor: z.number().min(1).max(3).multipleOf(0.01),
});
export type TUpdateMapSettingsRequest = z.infer<typeof ZUpdateMapSettingsRequest>;

// ---------------------------------------------------------------------------
// A schedule draft's travel: each machine's route per day (legs between consecutive items)
// ---------------------------------------------------------------------------

export const ZDraftTravelQuery = z.object({
  /** the version to read; omitted → the draft's current version */
  version: z.coerce.number().int().min(1).optional(),
});
export type TDraftTravelQuery = z.infer<typeof ZDraftTravelQuery>;

const ZTravelStop = z.object({
  itemIndex: z.number().int(),
  jobId: z.uuid(),
  fieldId: z.uuid(),
  fieldName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** [longitude, latitude] of the field (its boundary's centroid, or the entered point); null: no location */
  position: z.tuple([z.number(), z.number()]).nullable(),
});

const ZTravelLeg = z.object({
  fromItemIndex: z.number().int(),
  toItemIndex: z.number().int(),
  fromFieldName: z.string(),
  toFieldName: z.string(),
  /** road km (PostGIS distance × the org's road factor); null: a field without a location */
  km: z.number().nullable(),
  /** minutes at the machine's road speed, rounded up; null as km */
  minutes: z.number().int().nullable(),
  /** the time left between the two items, minutes */
  gapMinutes: z.number().int(),
});

export const ZDraftTravel = z.object({
  draftId: z.uuid(),
  version: z.number().int(),
  roadFactor: z.number(),
  machines: z.array(
    z.object({
      assetId: z.uuid(),
      name: z.string().nullable(),
      /** the machine's road speed (km/h); null: unknown (no travel time) */
      speedKmh: z.number().nullable(),
      totalKm: z.number(),
      totalMinutes: z.number().int(),
      /** per local day (the org's zone) of the items' starts; a leg belongs to the day of the item it drives to */
      days: z.array(
        z.object({
          date: z.string(),
          stops: z.array(ZTravelStop),
          legs: z.array(ZTravelLeg),
          km: z.number(),
          minutes: z.number().int(),
        }),
      ),
    }),
  ),
});
export type TDraftTravel = z.infer<typeof ZDraftTravel>;
