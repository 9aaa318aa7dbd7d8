import type { FastifyReply } from 'fastify';
import type { TListFieldsQuery } from '@amms/contracts/jobs';
import type { OrgContext } from '../../platform/access/context.js';

/**
 * The fields' GeoJSON export, written by the geo module (it owns the boundaries) and bound to this
 * token there: the export controller names the format without importing geo (geo's boundary import
 * already builds on this module's import flow).
 */
export const FIELD_GEOJSON_EXPORT = Symbol('FIELD_GEOJSON_EXPORT');

export interface FieldGeoJsonExport {
  send(ctx: OrgContext, q: TListFieldsQuery, reply: FastifyReply): Promise<void>;
}
