import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  ZBoundaryInput,
  type TBoundaryImportCommitResponse,
  type TBoundaryImportOptions,
  type TBoundaryImportPreview,
  type TBoundaryImportRow,
} from '@amms/contracts/geo';
import { IMPORT_MAX_ROWS } from '@amms/contracts/integrations';
import { AuditService } from '../../audit/audit.service.js';
import { FieldsService } from '../../jobs/fields.service.js';
import { NameIndex } from '../../integrations/import/import-kind.js';
import { readImportConfig, type ImportConfig } from '../../integrations/import/import-config.js';
import { ImportRepository } from '../../integrations/import/import.repository.js';
import { ownerOf } from '../../integrations/import/import.service.js';
import { fieldScope } from '../../platform/access/job-scope.js';
import { CacheService } from '../../platform/cache/cache.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { isUniqueViolation } from '../../platform/prisma/db-errors.js';
import type { Tx } from '../../platform/prisma/prisma.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { JobErrors } from '../../jobs/jobs.errors.js';
import { BoundaryRepository } from '../boundary.repository.js';
import { areaDiffers, BoundaryService } from '../boundary.service.js';
import type { BoundaryFile, FileFeature } from './boundary-file.js';
import { BoundaryImportStore, type StoredBoundaryPreview } from './boundary-import.store.js';
import { fieldIdOf, nameOf, polygonsOf, teamOf } from './feature-props.js';

class DryRun extends Error {}

type Row = TBoundaryImportRow;

/**
 * Boundary import: a GeoJSON / KML / zipped Shapefile's features matched to the org's fields by
 * id or name (or creating fields, when asked), each boundary checked by PostGIS (ST_IsValid, and
 * ST_MakeValid with a note) and written through the same path as PUT /fields/:id/boundary.
 * Preview and commit run every feature in one transaction with a savepoint per row: the preview
 * always rolls back, the commit commits only when no row failed (else 422 IMPORT_ROWS_INVALID,
 * nothing written).
 */
@Injectable()
export class BoundaryImportService {
  readonly config: ImportConfig = readImportConfig(process.env);

  constructor(
    private readonly repo: ImportRepository,
    private readonly store: BoundaryImportStore,
    private readonly boundaries: BoundaryService,
    private readonly stored: BoundaryRepository,
    private readonly fields: FieldsService,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
  ) {}

  async preview(
    ctx: OrgContext,
    file: BoundaryFile,
    fileName: string | null,
    options: TBoundaryImportOptions,
  ): Promise<TBoundaryImportPreview> {
    if (file.features.length === 0) throw new AppError('IMPORT_FILE_INVALID', 'The file has no features');
    if (file.features.length > IMPORT_MAX_ROWS)
      throw new AppError('IMPORT_FILE_INVALID', `At most ${IMPORT_MAX_ROWS} features per file: split it`, {
        rows: file.features.length,
        max: IMPORT_MAX_ROWS,
      });
    const { rows } = await this.run(ctx, file.features, options, 'dry-run');
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + this.config.previewTtlSeconds * 1000).toISOString();
    const stored: StoredBoundaryPreview = {
      id,
      owner: ownerOf(ctx),
      fileName,
      format: file.format,
      options,
      features: file.features,
      notes: file.notes,
      expiresAt,
    };
    await this.store.save(ctx.organizationId, stored, this.config.previewTtlSeconds);
    const invalid = rows.filter((r) => r.errors.length > 0).length;
    return {
      id,
      fileName,
      format: file.format,
      rows,
      notes: file.notes,
      total: rows.length,
      valid: rows.length - invalid,
      invalid,
      expiresAt,
    };
  }

  async commit(ctx: OrgContext, id: string): Promise<TBoundaryImportCommitResponse> {
    const stored = await this.store.load(ctx.organizationId, id, ownerOf(ctx));
    const ttl = this.config.previewTtlSeconds * 2;
    const claim = await this.store.claim(ctx.organizationId, id, ttl);
    if (claim !== 'claimed')
      throw new AppError('IMPORT_ALREADY_COMMITTED', 'This import has already been committed (or is being committed)', {
        state: claim,
      });
    try {
      const out = await this.run(ctx, stored.features, stored.options, 'commit', stored);
      await this.store.markCommitted(ctx.organizationId, id, ttl);
      await this.cache.invalidate(ctx.organizationId, { resources: ['map', 'analytics'] });
      const written = out.rows.filter((r) => r.fieldId !== null);
      return {
        id,
        created: written.filter((r) => r.action === 'CREATE').length,
        updated: written.filter((r) => r.action === 'UPDATE').length,
        fieldIds: written.map((r) => r.fieldId!),
      };
    } catch (err) {
      await this.store.release(ctx.organizationId, id);
      throw err;
    }
  }

  private async run(
    ctx: OrgContext,
    features: readonly FileFeature[],
    options: TBoundaryImportOptions,
    mode: 'dry-run' | 'commit',
    stored?: StoredBoundaryPreview,
  ): Promise<{ rows: Row[] }> {
    const rows: Row[] = [];
    const work = async (tx: Tx) => {
      const [fields, teams] = await this.lookups(tx, ctx);
      const claimed = new Map<string, number>();
      for (const f of features) rows.push(await this.row(tx, ctx, f, options, fields, teams, claimed));
      if (mode === 'dry-run') throw new DryRun();
      const failed = rows.filter((r) => r.errors.length > 0);
      if (failed.length > 0)
        throw new AppError(
          'IMPORT_ROWS_INVALID',
          `${failed.length} of ${rows.length} features have errors; nothing was imported`,
          { rows: failed.map((r) => ({ row: r.row, errors: r.errors })) },
        );
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'data.imported', 'import', stored!.id, {
          kind: 'boundaries',
          fileName: stored!.fileName,
          format: stored!.format,
          rows: rows.length,
          ids: rows.map((r) => r.fieldId),
        }),
      );
    };
    try {
      await this.repo.transaction(work, this.config.transactionTimeoutMs);
    } catch (err) {
      if (!(err instanceof DryRun)) throw err;
    }
    return { rows };
  }

  /** One feature: match (or create) its field, then check and write its boundary under a savepoint. */
  private async row(
    tx: Tx,
    ctx: OrgContext,
    f: FileFeature,
    options: TBoundaryImportOptions,
    fields: NameIndex,
    teams: NameIndex,
    claimed: Map<string, number>,
  ): Promise<Row> {
    const name = nameOf(f);
    const out: Row = {
      row: f.row,
      name,
      action: null,
      fieldId: null,
      measuredAreaM2: null,
      enteredAreaM2: null,
      areaDiffers: false,
      distanceKm: null,
      repairs: [],
      errors: [],
    };
    const fail = (code: string, message: string, column: string | null = null) =>
      out.errors.push({ column, code, message });
    const geometry = polygonsOf(f.geometry);
    const parsed = geometry ? ZBoundaryInput.safeParse(geometry) : null;
    if (!geometry)
      fail(
        'GEOMETRY_NOT_POLYGON',
        `The feature is a ${f.geometry?.type ?? 'feature without geometry'}, not a polygon`,
        'geometry',
      );
    else if (!parsed?.success) fail('VALIDATION_FAILED', 'The polygon coordinates are malformed', 'geometry');
    const ref = fieldIdOf(f) ?? name;
    let fieldId: string | null = null;
    let action: Row['action'] = null;
    if (!ref) fail('NAME_MISSING', 'The feature has no name (or field id) to match a field by', 'name');
    else {
      const hit = fields.resolve(ref);
      if (hit.ok) [fieldId, action] = [hit.id, 'UPDATE'];
      else if (hit.error.code === 'UNKNOWN_FIELD' && options.createMissing && name) action = 'CREATE';
      else fail(hit.error.code, hit.error.message, 'name');
    }
    const key = fieldId ?? name?.toLowerCase() ?? '';
    if (action && claimed.has(key)) {
      fail('DUPLICATE_IN_FILE', `The same field as row ${claimed.get(key)}`, 'name');
      action = null;
    } else if (action) claimed.set(key, f.row);
    let teamId: string | null | undefined;
    const team = teamOf(f);
    if (action === 'CREATE' && team) {
      const t = teams.resolve(team);
      if (t.ok) teamId = t.id;
      else fail(t.error.code, t.error.message, 'team');
    }
    if (out.errors.length > 0 || !parsed?.success || !action) return out;
    try {
      const written = await this.repo.inSavepoint(tx, async () => {
        if (action === 'CREATE') {
          const prepared = await this.boundaries.check(tx, ctx, null, parsed.data, f.repairs);
          const areaHa = Math.max(0.0001, Math.round(prepared.prepared.areaM2) / 10_000);
          fieldId = (await this.fields.createIn(tx, ctx, { name: name!, areaHa: Number(areaHa.toFixed(4)), teamId }))
            .id;
        }
        return this.boundaries.setIn(tx, ctx, fieldId!, parsed.data, {
          allowFar: options.allowFar,
          fileRepairs: f.repairs,
        });
      });
      const field = (await this.stored.read(tx, ctx.organizationId, fieldId!))!;
      Object.assign(out, {
        action,
        fieldId,
        measuredAreaM2: written.prepared.areaM2,
        enteredAreaM2: field.areaM2,
        areaDiffers: areaDiffers(field.areaM2, written.prepared.areaM2),
        distanceKm: written.distanceKm === null ? null : Math.round(written.distanceKm * 100) / 100,
        repairs: written.repairs,
      });
    } catch (err) {
      const e = isUniqueViolation(err) ? JobErrors.fieldNameTaken(name ?? '') : err;
      if (!(e instanceof AppError)) throw err;
      fail(e.code, e.message, e.code === 'FIELD_NAME_TAKEN' ? 'name' : 'geometry');
    }
    return out;
  }

  /** The fields the caller can see (by id and name) and the org's teams (for created fields). */
  private async lookups(tx: Tx, ctx: OrgContext): Promise<[NameIndex, NameIndex]> {
    const [, teams, , fields] = await this.repo.lookupRows(tx, ctx.organizationId, fieldScope(ctx));
    return [
      new NameIndex(
        'field',
        fields.map((f) => ({ id: f.id, names: [f.name] })),
      ),
      new NameIndex(
        'team',
        teams.map((t) => ({ id: t.id, names: [t.name] })),
      ),
    ];
  }
}
