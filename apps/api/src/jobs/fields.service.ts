import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import {
  haToM2,
  type TCreateFieldRequest,
  type TField,
  type TListFieldsQuery,
  type TListFieldsResponse,
  type TUpdateFieldRequest,
} from '@amms/contracts/jobs';
import { AuditService } from '../audit/audit.service.js';
import { diff } from '../audit/changes.js';
import { versionConflict } from '../platform/errors/app-error.js';
import { keysetList, sortSpec } from '../platform/http/list-page.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { FieldsRepository, type FieldData } from './fields.repository.js';
import { JobErrors } from './jobs.errors.js';
import { toField } from './jobs.mappers.js';
import { fieldScope } from '../platform/access/job-scope.js';
import { canWriteTeam } from '../platform/access/data-scope.js';

const decimalOrNull = (v: number | null | undefined) => (v === null || v === undefined ? null : String(v));

/** `areaHa` is stored as whole square metres (`areaM2`). */
const FIELD_SORT_FIELDS = sortSpec<Prisma.FieldWhereInput, Prisma.FieldOrderByWithRelationInput>({
  name: { type: 'string' },
  areaHa: { type: 'number', column: 'areaM2' },
  createdAt: { type: 'date' },
});

@Injectable()
export class FieldsService {
  constructor(
    private readonly repo: FieldsRepository,
    private readonly audit: AuditService,
  ) {
    audit.registerReader('field', (ctx, id) => this.get(ctx, id));
  }

  async list(ctx: OrgContext, q: TListFieldsQuery): Promise<TListFieldsResponse> {
    // the box is resolved to ids of the org by PostGIS (GiST); scope and filters stay in the list's query
    const inBbox = q.bbox ? await this.repo.idsInBbox(ctx.organizationId, q.bbox) : undefined;
    return keysetList(
      q,
      FIELD_SORT_FIELDS,
      (page) =>
        this.repo.list(ctx.organizationId, {
          ...page,
          q: q.q,
          teamId: q.teamId,
          crop: q.crop,
          ids: inBbox,
          boundary: q.boundary,
          scope: fieldScope(ctx),
        }),
      toField,
    );
  }

  /**
   * Ids and names of the fields the caller can see (same scope as `list`), in the list's default
   * order (id), at most `limit`: the rows `list` pages through, read at once and without the rest.
   */
  names(ctx: OrgContext, limit: number): Promise<Array<{ id: string; name: string }>> {
    return this.repo.names(ctx.organizationId, fieldScope(ctx), limit);
  }

  async get(ctx: OrgContext, id: string): Promise<TField> {
    const f = await this.repo.findById(undefined, ctx.organizationId, id, fieldScope(ctx));
    if (!f) throw JobErrors.fieldNotFound();
    return toField(f);
  }

  async create(ctx: OrgContext, input: TCreateFieldRequest): Promise<TField> {
    try {
      return await this.repo.transaction((tx) => this.createIn(tx, ctx, input));
    } catch (err) {
      // the partial unique index on live names is the guard; this only names the refusal
      if (isUniqueViolation(err)) throw JobErrors.fieldNameTaken(input.name);
      throw err;
    }
  }

  /** The create path inside the caller's transaction (POST /fields and the file import); a duplicate name surfaces as the unique violation. */
  async createIn(tx: Tx, ctx: OrgContext, input: TCreateFieldRequest): Promise<TField> {
    const teamId = input.teamId ?? null;
    if (!canWriteTeam(ctx, teamId)) throw JobErrors.outOfScope('field');
    await this.assertTeam(tx, ctx, teamId);
    const f = await this.repo.create(tx, ctx.organizationId, {
      teamId,
      name: input.name,
      areaM2: haToM2(input.areaHa),
      crop: input.crop ?? null,
      latitude: decimalOrNull(input.latitude),
      longitude: decimalOrNull(input.longitude),
      locationText: input.locationText ?? null,
      notes: input.notes ?? null,
    });
    const after = toField(f);
    const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...fields } = after;
    await this.audit.append(tx, this.audit.forCtx(ctx, 'field.created', 'field', f.id, { after: fields }));
    return after;
  }

  async update(ctx: OrgContext, id: string, input: TUpdateFieldRequest): Promise<TField> {
    try {
      return await this.repo.transaction(async (tx) => {
        const current = await this.repo.findById(tx, ctx.organizationId, id, fieldScope(ctx));
        if (!current) throw JobErrors.fieldNotFound();
        if (current.version !== input.version) throw versionConflict(toField(current));
        if (input.teamId !== undefined) {
          if (!canWriteTeam(ctx, input.teamId)) throw JobErrors.outOfScope('field');
          await this.assertTeam(tx, ctx, input.teamId);
        }
        const data: Partial<FieldData> = {};
        if (input.name !== undefined) data.name = input.name;
        if (input.areaHa !== undefined) data.areaM2 = haToM2(input.areaHa);
        if (input.crop !== undefined) data.crop = input.crop;
        if (input.teamId !== undefined) data.teamId = input.teamId;
        if (input.latitude !== undefined) data.latitude = decimalOrNull(input.latitude);
        if (input.longitude !== undefined) data.longitude = decimalOrNull(input.longitude);
        if (input.locationText !== undefined) data.locationText = input.locationText;
        if (input.notes !== undefined) data.notes = input.notes;
        if (!(await this.repo.updateIfVersion(tx, ctx.organizationId, id, input.version, data))) {
          const now = await this.repo.findById(tx, ctx.organizationId, id, {});
          if (!now) throw JobErrors.fieldNotFound();
          throw versionConflict(toField(now));
        }
        const after = toField((await this.repo.findById(tx, ctx.organizationId, id, {}))!);
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'field.updated', 'field', id, diff(toField(current), after)),
        );
        return after;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw JobErrors.fieldNameTaken(input.name ?? '');
      throw err;
    }
  }

  /**
   * Soft delete, refused (409 CONFLICT) while the field has open jobs. The row is marked
   * first (taking its lock) and the open jobs counted after: a job created concurrently
   * share-locks the field, so either it waits and then finds the field gone, or we wait
   * and then count it.
   */
  async remove(ctx: OrgContext, id: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.findById(tx, ctx.organizationId, id, fieldScope(ctx));
      if (!current) throw JobErrors.fieldNotFound();
      if (!(await this.repo.softDelete(tx, ctx.organizationId, id))) throw JobErrors.fieldNotFound();
      const open = await this.repo.countOpenJobs(tx, ctx.organizationId, id);
      if (open > 0) throw JobErrors.fieldHasOpenJobs(open);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'field.deleted', 'field', id, {
          before: { deleted: false, name: current.name },
          after: { deleted: true },
        }),
      );
    });
  }

  /** Another org's team is a 404, like a missing one. */
  private async assertTeam(tx: Tx, ctx: OrgContext, teamId: string | null): Promise<void> {
    if (teamId && !(await this.repo.teamExists(tx, ctx.organizationId, teamId))) throw JobErrors.teamNotFound();
  }
}
