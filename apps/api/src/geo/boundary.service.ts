import { Injectable } from '@nestjs/common';
import type { TBoundaryInput, TBoundaryRepair, TFieldBoundary, TPutBoundaryRequest } from '@amms/contracts/geo';
import { AuditService } from '../audit/audit.service.js';
import { versionConflict } from '../platform/errors/app-error.js';
import { CacheService } from '../platform/cache/cache.service.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { FieldsRepository } from '../jobs/fields.repository.js';
import { JobErrors } from '../jobs/jobs.errors.js';
import { toField } from '../jobs/jobs.mappers.js';
import { canWriteTeam } from '../platform/access/data-scope.js';
import { fieldScope } from '../platform/access/job-scope.js';
import { MIN_BOUNDARY_AREA_M2, normalizeBoundary, REORIENTED } from './boundary-geometry.js';
import { BoundaryRepository, type PreparedBoundary, type StoredBoundary } from './boundary.repository.js';
import { FAR_FROM_ORG_KM, GeoErrors } from './geo.errors.js';

/** Measured and entered areas differing by more than this share of the entered one are both shown. */
export const AREA_DIFFERS_RATIO = 0.05;

export const areaDiffers = (entered: number, measured: number | null) =>
  measured !== null && entered > 0 && Math.abs(measured - entered) / entered > AREA_DIFFERS_RATIO;

/** A boundary checked by PostGIS, ready to store: what was repaired, and how far it lies from the org's fields. */
export interface CheckedBoundary {
  prepared: PreparedBoundary & { geojson: string };
  repairs: TBoundaryRepair[];
  distanceKm: number | null;
}

@Injectable()
export class BoundaryService {
  constructor(
    private readonly repo: BoundaryRepository,
    private readonly fields: FieldsRepository,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
  ) {}

  async get(ctx: OrgContext, fieldId: string): Promise<TFieldBoundary> {
    const field = await this.fields.findById(undefined, ctx.organizationId, fieldId, fieldScope(ctx));
    if (!field) throw JobErrors.fieldNotFound();
    const stored = await this.repo.read(undefined, ctx.organizationId, fieldId);
    if (!stored) throw JobErrors.fieldNotFound();
    return toBoundary(fieldId, stored, []);
  }

  /**
   * Shape checks (TS), then ST_IsValid / ST_MakeValid (PostGIS): the repaired geometry, what was
   * repaired, and the distance to the org's other fields. Throws the stable 422s. Used by PUT and
   * by the boundary import (preview and commit alike). `fileRepairs`: what a file's parser already
   * changed (an import's KML ring it closed), reported first; a code is reported once.
   */
  async check(
    db: Tx | undefined,
    ctx: OrgContext,
    fieldId: string | null,
    input: TBoundaryInput,
    fileRepairs: readonly TBoundaryRepair[] = [],
  ): Promise<CheckedBoundary> {
    const shape = normalizeBoundary(input);
    const prepared = await this.repo.prepare(db, shape.coordinates);
    if (prepared.geojson === null)
      throw GeoErrors.invalid(
        prepared.reason ?? `the polygon has no area (under ${MIN_BOUNDARY_AREA_M2} m²: its corners lie on a line)`,
        { validity: prepared.reason },
      );
    const repairs = [...fileRepairs];
    const add = (r: TBoundaryRepair) => {
      if (!repairs.some((x) => x.code === r.code)) repairs.push(r);
    };
    shape.repairs.forEach(add);
    if (!prepared.valid)
      add({
        code: 'MADE_VALID',
        message: `${prepared.reason ?? 'invalid geometry'}: repaired with ST_MakeValid into ${prepared.parts} polygon(s)`,
      });
    if (prepared.reoriented) add(REORIENTED);
    const distanceKm = await this.repo.nearestOtherFieldKm(db, ctx.organizationId, fieldId, prepared.geojson);
    return { prepared: { ...prepared, geojson: prepared.geojson }, repairs, distanceKm };
  }

  async put(ctx: OrgContext, fieldId: string, body: TPutBoundaryRequest): Promise<TFieldBoundary> {
    const result = await this.fields.transaction(async (tx) => {
      const checked = await this.setIn(tx, ctx, fieldId, body.boundary, body);
      return toBoundary(fieldId, (await this.repo.read(tx, ctx.organizationId, fieldId))!, checked.repairs);
    });
    await this.cache.invalidate(ctx.organizationId, { resources: ['map', 'analytics'] });
    return result;
  }

  /**
   * Checks and stores a boundary inside the caller's transaction: the field visible (404) and
   * writable (403), the geometry checked (422s), far ones refused unless allowed, the version
   * compared when given. PUT and the boundary import's rows use it.
   */
  async setIn(
    tx: Tx,
    ctx: OrgContext,
    fieldId: string,
    input: TBoundaryInput,
    opts: { allowFar?: boolean; version?: number; fileRepairs?: readonly TBoundaryRepair[] } = {},
  ): Promise<CheckedBoundary> {
    const field = await this.writableField(tx, ctx, fieldId);
    const checked = await this.check(tx, ctx, fieldId, input, opts.fileRepairs);
    if (!opts.allowFar && checked.distanceKm !== null && checked.distanceKm > FAR_FROM_ORG_KM)
      throw GeoErrors.tooFar(checked.distanceKm);
    if (opts.version !== undefined && opts.version !== field.version) throw versionConflict(toField(field));
    await this.writeIn(tx, ctx, field.id, field.version, checked.prepared.geojson, checked.repairs);
    return checked;
  }

  async remove(ctx: OrgContext, fieldId: string): Promise<void> {
    await this.fields.transaction(async (tx) => {
      const field = await this.writableField(tx, ctx, fieldId);
      await this.writeIn(tx, ctx, field.id, field.version, null, []);
    });
    await this.cache.invalidate(ctx.organizationId, { resources: ['map', 'analytics'] });
  }

  /** The write and its audit event inside the caller's transaction (PUT and the import's commit). */
  async writeIn(
    tx: Tx,
    ctx: OrgContext,
    fieldId: string,
    version: number | undefined,
    geojson: string | null,
    repairs: TBoundaryRepair[],
  ): Promise<void> {
    const before = await this.repo.read(tx, ctx.organizationId, fieldId);
    if (!(await this.repo.write(tx, ctx.organizationId, fieldId, geojson, version))) {
      const now = await this.fields.findById(tx, ctx.organizationId, fieldId, {});
      if (!now) throw JobErrors.fieldNotFound();
      throw versionConflict(toField(now));
    }
    const after = await this.repo.read(tx, ctx.organizationId, fieldId);
    await this.audit.append(
      tx,
      this.audit.forCtx(ctx, geojson ? 'field.boundary_set' : 'field.boundary_removed', 'field', fieldId, {
        before: { measuredAreaM2: before?.measuredAreaM2 ?? null },
        after: {
          measuredAreaM2: after?.measuredAreaM2 ?? null,
          latitude: after?.latitude,
          longitude: after?.longitude,
        },
        repairs: repairs.map((r) => r.code),
      }),
    );
  }

  /** Visible (else 404) and inside the writer's scope (else 403), row-locked for the transaction. */
  private async writableField(tx: Tx, ctx: OrgContext, fieldId: string) {
    const field = await this.fields.findById(tx, ctx.organizationId, fieldId, fieldScope(ctx));
    if (!field) throw JobErrors.fieldNotFound();
    if (!canWriteTeam(ctx, field.teamId)) throw JobErrors.outOfScope('field');
    await this.fields.lockLiveShared(tx, ctx.organizationId, fieldId);
    return field;
  }
}

function toBoundary(fieldId: string, s: StoredBoundary, repairs: TBoundaryRepair[]): TFieldBoundary {
  const geometry = s.geojson ? (JSON.parse(s.geojson) as TFieldBoundary['geometry']) : null;
  return {
    fieldId,
    geometry,
    measuredAreaM2: s.measuredAreaM2,
    measuredAreaHa: s.measuredAreaM2 === null ? null : Math.round(s.measuredAreaM2 / 100) / 100,
    enteredAreaM2: s.areaM2,
    areaDiffers: areaDiffers(s.areaM2, s.measuredAreaM2),
    centroid:
      geometry && s.latitude !== null && s.longitude !== null ? { latitude: s.latitude, longitude: s.longitude } : null,
    repairs,
    version: s.version,
  };
}
