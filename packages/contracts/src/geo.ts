/**
 * Geography: field boundaries (GeoJSON, WGS84), the map's feature collection and the GeoJSON
 * export. Coordinates are [longitude, latitude] as GeoJSON says (RFC 7946).
 */
import { z } from 'zod';

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
  code: z.enum(['RING_CLOSED', 'Z_DROPPED', 'MADE_VALID']),
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
  teamId: z.uuid().optional(),
  operationType: z.string().trim().min(1).max(40).optional(),
  machineKind: z.enum(['POWER_UNIT', 'SELF_PROPELLED', 'IMPLEMENT']).optional(),
  /** map zoom (0–22): geometry is simplified for it; omitted → full detail */
  zoom: z.coerce.number().int().min(0).max(22).optional(),
});
export type TMapFeaturesQuery = z.infer<typeof ZMapFeaturesQuery>;

const ZPoint = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

export const ZFieldFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.union([ZMultiPolygonGeometry, ZPoint]),
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
