import { Injectable } from '@nestjs/common';
import {
  ZMapFeatures,
  type TFieldFeature,
  type TMachineFeature,
  type TMapFeatures,
  type TMapFeaturesQuery,
  type TWorkState,
} from '@amms/contracts/geo';
import { assetScope } from '../platform/access/asset-scope.js';
import { addDays, dayNumber, localDate, localMidnight } from '../analytics/period.js';
import { CacheKeys, CACHE_TTL } from '../platform/cache/cache-keys.js';
import { CacheService } from '../platform/cache/cache.service.js';
import type { CheckedJson } from '../platform/cache/checked-json.js';
import type { OrgContext } from '../platform/access/context.js';
import { FieldsRepository } from '../jobs/fields.repository.js';
import { fieldScope, jobScope } from '../platform/access/job-scope.js';
import { BoundaryRepository } from './boundary.repository.js';
import { MapRepository } from './map.repository.js';

/** Half a screen pixel at this zoom, in degrees (256-px tiles): what the eye cannot tell apart. */
export function toleranceForZoom(zoom: number | undefined): number {
  if (zoom === undefined) return 0;
  return 360 / (256 * 2 ** zoom) / 2;
}

type JobLite = { status: string; windowStart: Date; windowEnd: Date };

/** The most urgent state among the jobs: running beats planned beats done. */
export function workState(jobs: readonly JobLite[]): TWorkState {
  if (jobs.length === 0) return 'NONE';
  if (jobs.some((j) => j.status === 'IN_PROGRESS')) return 'IN_PROGRESS';
  if (jobs.some((j) => j.status === 'PLANNED' || j.status === 'SCHEDULED')) return 'PLANNED';
  return 'DONE';
}

const num = (d: { toString(): string } | null) => (d === null ? null : Number(d.toString()));

@Injectable()
export class MapService {
  constructor(
    private readonly repo: MapRepository,
    private readonly boundaries: BoundaryRepository,
    private readonly fieldsRepo: FieldsRepository,
    private readonly cache: CacheService,
  ) {}

  /** Cache-aside under the caller's scope (same keys as other reads); boundary, field and job writes bump `map`. */
  async featuresHttp(ctx: OrgContext, q: TMapFeaturesQuery): Promise<TMapFeatures | CheckedJson> {
    const tz = await this.repo.timezone(ctx.organizationId);
    const date = q.date ?? localDate(new Date(), tz);
    return this.cache.getOrLoadChecked(
      CacheKeys.list(ctx.organizationId, 'map', ctx, { endpoint: 'features', q: { ...q, date } }),
      () => this.features(ctx, q, date, tz),
      { ttlSeconds: CACHE_TTL.map, schema: ZMapFeatures },
    );
  }

  async features(ctx: OrgContext, q: TMapFeaturesQuery, date: string, tz: string): Promise<TMapFeatures> {
    const org = ctx.organizationId;
    const ids = q.bbox ? await this.fieldsRepo.idsInBbox(org, q.bbox) : undefined;
    const fields = await this.repo.fields(org, { scope: fieldScope(ctx), ids, teamId: q.teamId });
    // the ISO week (Monday–Sunday) of `date`, in the org's time zone
    const weekday = (((dayNumber(date)! + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday → Monday = 0
    const monday = addDays(date, -weekday);
    const dayFrom = localMidnight(date, tz);
    const dayTo = localMidnight(addDays(date, 1), tz);
    const jobs = await this.repo.jobs(
      org,
      fields.map((f) => f.id),
      localMidnight(monday, tz),
      localMidnight(addDays(monday, 7), tz),
      jobScope(ctx),
    );
    const byField = new Map<string, typeof jobs>();
    for (const j of jobs) byField.set(j.fieldId, [...(byField.get(j.fieldId) ?? []), j]);
    const shown = fields.filter(
      (f) => !q.operationType || (byField.get(f.id) ?? []).some((j) => j.operationType === q.operationType),
    );
    const geoms = await this.boundaries.geometries(
      org,
      shown.map((f) => f.id),
      toleranceForZoom(q.zoom),
    );
    const fieldFeatures: TFieldFeature[] = [];
    const centroids = new Map<string, [number, number]>();
    for (const f of shown) {
      const lat = num(f.latitude);
      const lon = num(f.longitude);
      if (lat !== null && lon !== null) centroids.set(f.id, [lon, lat]);
      const geojson = geoms.get(f.id);
      const geometry = geojson
        ? (JSON.parse(geojson) as TFieldFeature['geometry'])
        : lat !== null && lon !== null
          ? { type: 'Point' as const, coordinates: [lon, lat] as [number, number] }
          : null;
      const week = byField.get(f.id) ?? [];
      fieldFeatures.push({
        type: 'Feature',
        id: `field:${f.id}`,
        geometry,
        properties: {
          kind: 'field',
          fieldId: f.id,
          name: f.name,
          teamId: f.teamId,
          crop: f.crop,
          areaM2: f.areaM2,
          measuredAreaM2: f.measuredAreaM2,
          today: workState(week.filter((j) => j.windowStart < dayTo && j.windowEnd > dayFrom)),
          week: workState(week),
          operationTypes: [...new Set(week.map((j) => j.operationType))].sort(),
        },
      });
    }
    const machines = await this.repo.machines(org, assetScope(ctx), new Date(), q.machineKind, q.teamId);
    const allCentroids = await this.centroidsOf(ctx, machines, centroids);
    const machineFeatures: TMachineFeature[] = [];
    for (const m of machines) {
      const fieldId = m.assignmentMachines[0]?.assignment.job.fieldId ?? null;
      const reported: [number, number] | undefined = m.lastPosition
        ? [m.lastPosition.longitude, m.lastPosition.latitude]
        : undefined;
      const at = reported ?? (fieldId ? allCentroids.get(fieldId) : undefined);
      if (!at) continue;
      if (
        q.bbox &&
        !(at[0] >= q.bbox.minLon && at[0] <= q.bbox.maxLon && at[1] >= q.bbox.minLat && at[1] <= q.bbox.maxLat)
      )
        continue;
      machineFeatures.push({
        type: 'Feature',
        id: `machine:${m.id}`,
        geometry: { type: 'Point', coordinates: at },
        properties: {
          kind: 'machine',
          assetId: m.id,
          name: m.name,
          machineKind: m.model.kind,
          teamId: m.teamId,
          positionSource: reported ? 'telematics' : 'assignment',
          fieldId,
        },
      });
    }
    return { type: 'FeatureCollection', features: [...fieldFeatures, ...machineFeatures], date };
  }

  /** Machines may stand on fields outside the bbox / filter: their centroids, read once. */
  private async centroidsOf(
    ctx: OrgContext,
    machines: Array<{ assignmentMachines: Array<{ assignment: { job: { fieldId: string } } }> }>,
    known: Map<string, [number, number]>,
  ): Promise<Map<string, [number, number]>> {
    const missing = [
      ...new Set(
        machines.map((m) => m.assignmentMachines[0]?.assignment.job.fieldId).filter((id): id is string => !!id),
      ),
    ].filter((id) => !known.has(id));
    if (missing.length === 0) return known;
    const rows = await this.repo.fields(ctx.organizationId, { scope: {}, ids: missing });
    const out = new Map(known);
    for (const r of rows) {
      const lat = num(r.latitude);
      const lon = num(r.longitude);
      if (lat !== null && lon !== null) out.set(r.id, [lon, lat]);
    }
    return out;
  }
}
