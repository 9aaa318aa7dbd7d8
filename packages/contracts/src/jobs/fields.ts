import { z } from 'zod';
import { ZSort } from '../common.js';
import { ZBbox } from '../geo.js';
import { ZAreaHa, ZPageFields, ZText, decimal } from './wire.js';

// ---------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------

export const ZField = z.object({
  id: z.uuid(),
  teamId: z.uuid().nullable(),
  name: z.string(),
  areaHa: z.number(),
  areaM2: z.number().int(),
  crop: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationText: z.string().nullable(),
  notes: z.string().nullable(),
  /** ST_Area of the boundary (whole m²); null without a boundary */
  measuredAreaM2: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TField = z.infer<typeof ZField>;

const fieldBody = {
  name: ZText(120),
  areaHa: ZAreaHa,
  crop: ZText(80).nullable().optional(),
  teamId: z.uuid().nullable().optional(),
  latitude: decimal(6, -90, 90).nullable().optional(),
  longitude: decimal(6, -180, 180).nullable().optional(),
  locationText: ZText(300).nullable().optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
};

/** A duplicate name among the org's live fields → 409 FIELD_NAME_TAKEN. */
export const ZCreateFieldRequest = z.strictObject(fieldBody);
export type TCreateFieldRequest = z.infer<typeof ZCreateFieldRequest>;

/** `version` is the version the client read (409 VERSION_CONFLICT with the current field when it changed). */
export const ZUpdateFieldRequest = z
  .strictObject({
    version: z.number().int().min(1),
    name: fieldBody.name.optional(),
    areaHa: ZAreaHa.optional(),
    crop: fieldBody.crop,
    teamId: fieldBody.teamId,
    latitude: fieldBody.latitude,
    longitude: fieldBody.longitude,
    locationText: fieldBody.locationText,
    notes: fieldBody.notes,
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), { message: 'nothing to change' });
export type TUpdateFieldRequest = z.infer<typeof ZUpdateFieldRequest>;

export const FIELD_SORTS = ['name', '-name', 'areaHa', '-areaHa', 'createdAt', '-createdAt'] as const;
export type TFieldSort = (typeof FIELD_SORTS)[number];

export const ZListFieldsQuery = z.object({
  ...ZPageFields,
  sort: ZSort(FIELD_SORTS, 'id order').optional(),
  /** name contains (case-insensitive) */
  q: z.string().trim().min(1).max(100).optional(),
  teamId: z.uuid().optional(),
  crop: z.string().trim().min(1).max(80).optional(),
  /** minLon,minLat,maxLon,maxLat: fields whose boundary (or, without one, centroid) intersects it */
  bbox: ZBbox.optional(),
  /** `with`: fields that have a boundary; `without`: those still to be drawn or imported */
  boundary: z.enum(['with', 'without']).optional(),
});
export type TListFieldsQuery = z.infer<typeof ZListFieldsQuery>;

export const ZListFieldsResponse = z.object({ items: z.array(ZField), nextCursor: z.string().nullable() });
export type TListFieldsResponse = z.infer<typeof ZListFieldsResponse>;
