import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { TListFieldsQuery } from '@amms/contracts/jobs';
import { AuditService } from '../audit/audit.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { FieldsService } from '../jobs/fields.service.js';
import { BoundaryRepository } from './boundary.repository.js';

const PAGE = 200;

/**
 * `GET /fields/export?format=geojson`: the GET /fields list (same filters, scope and order, read
 * through FieldsService.list page by page) as a FeatureCollection; a field without a boundary is a
 * Point at its centroid, or has a null geometry. Full detail (no simplification): it is a file to
 * keep or to import elsewhere. Audited like the CSV / XLSX exports.
 */
@Injectable()
export class GeoExportService {
  constructor(
    private readonly fields: FieldsService,
    private readonly boundaries: BoundaryRepository,
    private readonly audit: AuditService,
  ) {}

  async send(ctx: OrgContext, q: TListFieldsQuery, reply: FastifyReply): Promise<void> {
    const features: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.fields.list(ctx, { ...q, limit: PAGE, cursor });
      const geoms = await this.boundaries.geometries(
        ctx.organizationId,
        page.items.map((f) => f.id),
        0,
      );
      for (const f of page.items) {
        const g = geoms.get(f.id);
        features.push({
          type: 'Feature',
          id: f.id,
          geometry: g
            ? (JSON.parse(g) as unknown)
            : f.latitude !== null && f.longitude !== null
              ? { type: 'Point', coordinates: [f.longitude, f.latitude] }
              : null,
          properties: {
            id: f.id,
            name: f.name,
            areaHa: f.areaHa,
            measuredAreaM2: f.measuredAreaM2,
            crop: f.crop,
            teamId: f.teamId,
            locationText: f.locationText,
            notes: f.notes,
          },
        });
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const exportId = randomUUID();
    const { limit: _l, cursor: _c, ...filters } = q;
    await this.audit.appendNow(
      this.audit.forCtx(ctx, 'data.exported', 'export', exportId, { kind: 'fields', format: 'geojson', filters }),
    );
    const day = new Date().toISOString().slice(0, 10);
    await reply
      .header('content-type', 'application/geo+json; charset=utf-8')
      .header('content-disposition', `attachment; filename="fields-${day}.geojson"`)
      .header('cache-control', 'no-store')
      .header('x-export-id', exportId)
      .send(JSON.stringify({ type: 'FeatureCollection', features }));
  }
}
