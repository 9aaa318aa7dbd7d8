import { Injectable } from '@nestjs/common';
import type {
  TCreateMachineModelRequest,
  TListMachineModelsQuery,
  TListMachineModelsResponse,
  TMachineModel,
  TUpdateMachineModelRequest,
} from '@amms/contracts/assets';
import type { MachineModel, Prisma } from '@amms/db';
import { AuditService, type AuditInput } from '../audit/audit.service.js';
import { diff } from '../audit/changes.js';
import { versionConflict } from '../platform/errors/app-error.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { AuthPrincipal } from '../platform/access/context.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { CACHE_TTL, CacheKeys } from '../platform/cache/cache-keys.js';
import { idList } from '../platform/http/list-page.js';
import type { OrgContext } from '../platform/access/context.js';
import { MachineModelsRepository } from './machine-models.repository.js';
import { AssetErrors, isUniqueViolation } from './assets.errors.js';
import { toMachineModel } from './assets.mappers.js';

/** The catalog's cache key ignores the caller's data scope (see list). */
const WHOLE_ORG = { dataScope: 'ORG', teamIds: [], membershipId: null } as const;

/** A platform admin acting outside any org (platform routes). */
export interface PlatformActor {
  userId: string;
  requestId: string;
}

/** Only a signed-in user flagged isPlatformAdmin (read from the database on every request). */
export function platformActor(principal: AuthPrincipal, requestId: string): PlatformActor {
  if (principal.kind !== 'USER' || !principal.isPlatformAdmin) throw AssetErrors.platformAdminOnly();
  return { userId: principal.userId, requestId };
}

/** The fields an audit event records for a model (ids and timestamps are noise). */
const auditedFields = (m: TMachineModel) => ({
  manufacturer: m.manufacturer,
  name: m.name,
  kind: m.kind,
  operationTypes: m.operationTypes,
  workingWidthM: m.workingWidthM,
  powerKw: m.powerKw,
  roadSpeedKmh: m.roadSpeedKmh,
  workingSpeedKmh: m.planning.workingSpeedKmh,
  fieldEfficiency: m.planning.fieldEfficiency,
  workRateHaPerHour: m.planning.workRateHaPerHour,
  requiredPowerKw: m.planning.requiredPowerKw,
  hitchTypes: m.planning.hitchTypes,
  requiredQualifications: m.planning.requiredQualifications,
});

/**
 * The machine model catalog. An org sees platform models (organizationId null) and its own
 * private ones, creates and edits only private ones. Platform admins create and edit platform
 * models through the platform routes; those never touch an org's rows and are audited on the
 * platform chain.
 *
 * Caches after an edit: an org edit bumps that org's model lists; a platform edit bumps the
 * platform generation (every org's model lists at once). Asset details embed their model and
 * are NOT invalidated by a model edit (that would mean finding every asset of the model in
 * every org): they show the old model until their TTL (CACHE_TTL.assetDetail, 60 s ± 20 %).
 * Scheduling reads models from Postgres, never from the cache, so no decision uses a stale kind.
 */
@Injectable()
export class MachineModelsService {
  constructor(
    private readonly repo: MachineModelsRepository,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
  ) {}

  /**
   * Cached per org and query. The catalog is not data-scoped (every member with catalog.read sees
   * the same list), so all members share one entry. The key also carries the platform catalog
   * generation: a platform-admin edit INCRs it and every org's model lists miss at once.
   */
  async list(ctx: OrgContext, q: TListMachineModelsQuery): Promise<TListMachineModelsResponse> {
    const key = CacheKeys.list(ctx.organizationId, 'machine-model', WHOLE_ORG, q, { platformWide: true });
    return this.cache.getOrLoad(key, () => this.listFromDb(ctx, q), { ttlSeconds: CACHE_TTL.catalog });
  }

  private async listFromDb(ctx: OrgContext, q: TListMachineModelsQuery): Promise<TListMachineModelsResponse> {
    return idList(
      q,
      (page) =>
        this.repo.listModels(ctx.organizationId, { ...page, kind: q.kind, operationType: q.operationType, q: q.q }),
      toMachineModel,
    );
  }

  async create(ctx: OrgContext, input: TCreateMachineModelRequest): Promise<TMachineModel> {
    let created: TMachineModel;
    try {
      created = await this.repo.transaction(async (tx) => {
        const m = await this.repo.createModel(tx, ctx.organizationId, modelData(input));
        const after = toMachineModel(m);
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'machine_model.created', 'machine_model', m.id, { after: auditedFields(after) }),
        );
        return after;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AssetErrors.modelExists(input.manufacturer, input.name);
      throw err;
    }
    // an org-private model: only this org's lists (a platform-admin edit would pass platformResources)
    await this.cache.invalidate(ctx.organizationId, { resources: ['machine-model'] });
    return created;
  }

  /**
   * Edits an org-private model. A platform model → 403 (read-only for orgs), another org's
   * model → 404 (as if missing).
   */
  async update(ctx: OrgContext, id: string, input: TUpdateMachineModelRequest): Promise<TMachineModel> {
    const updated = await this.edit(ctx.organizationId, id, input, {
      checkOwner: (m) => {
        if (!m) throw AssetErrors.modelNotFound();
        if (m.organizationId === null) throw AssetErrors.platformModelReadOnly();
      },
      audit: (data) => this.audit.forCtx(ctx, 'machine_model.updated', 'machine_model', id, data),
    });
    await this.cache.invalidate(ctx.organizationId, { resources: ['machine-model'] });
    return updated;
  }

  // --- platform catalog (platform admins) -----------------------------------

  /** Platform models only, straight from Postgres (an admin screen: not hot, not cached). */
  async listPlatform(actor: PlatformActor, q: TListMachineModelsQuery): Promise<TListMachineModelsResponse> {
    void actor; // authorization happened in platformActor()
    return idList(
      q,
      (page) => this.repo.listPlatformModels({ ...page, kind: q.kind, operationType: q.operationType, q: q.q }),
      toMachineModel,
    );
  }

  async createPlatform(actor: PlatformActor, input: TCreateMachineModelRequest): Promise<TMachineModel> {
    let created: TMachineModel;
    try {
      created = await this.repo.transaction(async (tx) => {
        const m = await this.repo.createPlatformModel(tx, modelData(input));
        const after = toMachineModel(m);
        await this.audit.append(
          tx,
          platformAudit(actor, 'machine_model.created', m.id, { after: auditedFields(after) }),
        );
        return after;
      });
    } catch (err) {
      // the platform catalog's own unique index (organizationId IS NULL) raises it
      if (isUniqueViolation(err)) throw AssetErrors.modelExists(input.manufacturer, input.name);
      throw err;
    }
    await this.cache.invalidate(null, { platformResources: ['machine-model'] });
    return created;
  }

  async updatePlatform(actor: PlatformActor, id: string, input: TUpdateMachineModelRequest): Promise<TMachineModel> {
    const updated = await this.edit(null, id, input, {
      // an org-private model is not the platform admin's business: not found, like a missing one
      checkOwner: (m) => {
        if (!m || m.organizationId !== null) throw AssetErrors.platformModelNotFound();
      },
      audit: (data) => platformAudit(actor, 'machine_model.updated', id, data),
    });
    // every org's model lists at once (the global generation); asset details wait for their TTL
    await this.cache.invalidate(null, { platformResources: ['machine-model'] });
    return updated;
  }

  /**
   * One edit, in one transaction: lock the row, compare the concurrency token, refuse a kind
   * change under live assets, conditional update, audit with before/after of what changed.
   * `owner`: the org whose private model this is, or null for the platform catalog.
   */
  private async edit(
    owner: string | null,
    id: string,
    input: TUpdateMachineModelRequest,
    how: { checkOwner: (m: MachineModel | null) => void; audit: (data: Record<string, unknown>) => AuditInput },
  ): Promise<TMachineModel> {
    let attempted = { manufacturer: input.manufacturer ?? '', name: input.name ?? '' };
    try {
      return await this.repo.transaction(async (tx) => {
        const current = await this.repo.lockModelForEdit(tx, owner, id);
        how.checkOwner(current);
        const before = toMachineModel(current!);
        attempted = { manufacturer: input.manufacturer ?? before.manufacturer, name: input.name ?? before.name };
        const expected = new Date(input.expectedUpdatedAt);
        // stale first: a client that read an older model must re-read before anything else
        if (current!.updatedAt.getTime() !== expected.getTime()) throw versionConflict(before);
        if (input.kind !== undefined && input.kind !== current!.kind)
          await this.assertKindChangeable(tx, owner, current!, input.kind);

        const data: Prisma.MachineModelUncheckedUpdateManyInput & { updatedAt: Date } = {
          // the token must move on every edit: two edits in the same millisecond would otherwise
          // leave the same updatedAt and a client holding the first one could overwrite the second
          updatedAt: new Date(Math.max(Date.now(), current!.updatedAt.getTime() + 1)),
        };
        if (input.manufacturer !== undefined) data.manufacturer = input.manufacturer;
        if (input.name !== undefined) data.name = input.name;
        if (input.kind !== undefined) data.kind = input.kind;
        if (input.operationTypes !== undefined) data.operationTypes = [...new Set(input.operationTypes)];
        if (input.workingWidthM !== undefined)
          data.workingWidthM = input.workingWidthM === null ? null : input.workingWidthM.toFixed(2);
        if (input.powerKw !== undefined) data.powerKw = input.powerKw;
        if (input.roadSpeedKmh !== undefined) data.roadSpeedKmh = input.roadSpeedKmh;
        Object.assign(data, planningData(input));

        // the token is compared in the WHERE too (the row lock already makes a mismatch impossible here)
        if (!(await this.repo.updateModelIfUnchanged(tx, owner, id, expected, data))) throw versionConflict(before);
        const after = toMachineModel((await this.repo.findOwnedModel(tx, owner, id))!);
        await this.audit.append(tx, how.audit(diff(auditedFields(before), auditedFields(after))));
        return after;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AssetErrors.modelExists(attempted.manufacturer, attempted.name);
      throw err;
    }
  }

  /**
   * A machine set is validated against the kinds of its machines (power unit or self-propelled
   * lead + implements): changing the kind under live assets would silently break their sets and
   * future assignments, so it is refused while any live asset uses the model. For a platform
   * model that counts every org's assets (a count only). Runs under the row lock taken by
   * lockModelForEdit, so no asset can start using the model until this edit commits.
   */
  private async assertKindChangeable(
    tx: Tx,
    owner: string | null,
    current: MachineModel,
    to: MachineModel['kind'],
  ): Promise<void> {
    const live = await this.repo.countLiveAssetsOfModel(tx, owner, current.id);
    if (live > 0) throw AssetErrors.kindInUse(current.kind, to, live);
  }
}

function modelData(input: TCreateMachineModelRequest) {
  return {
    manufacturer: input.manufacturer,
    name: input.name,
    kind: input.kind,
    operationTypes: [...new Set(input.operationTypes)],
    // a string, so the Decimal column gets exactly the validated 2-decimal value
    workingWidthM: input.workingWidthM == null ? null : input.workingWidthM.toFixed(2),
    powerKw: input.powerKw ?? null,
    roadSpeedKmh: input.roadSpeedKmh ?? null,
    ...planningData(input),
  };
}

/** The planning figures a request sets, as column values (absent: untouched; decimals as exact strings). */
function planningData(input: TCreateMachineModelRequest | TUpdateMachineModelRequest) {
  const dec = (v: number | null | undefined, digits: number) =>
    v === undefined ? undefined : v === null ? null : v.toFixed(digits);
  const data = {
    workingSpeedKmh: dec(input.workingSpeedKmh, 1),
    fieldEfficiency: dec(input.fieldEfficiency, 2),
    workRateHaPerHour: dec(input.workRateHaPerHour, 2),
    requiredPowerKw: input.requiredPowerKw,
    hitchTypes: input.hitchTypes === undefined ? undefined : [...new Set(input.hitchTypes)],
    requiredQualifications:
      input.requiredQualifications === undefined ? undefined : [...new Set(input.requiredQualifications)],
  };
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
}

/** Platform events go on the platform chain (organizationId null), like logins. */
function platformAudit(
  actor: PlatformActor,
  action: string,
  modelId: string,
  data: Record<string, unknown>,
): AuditInput {
  return {
    organizationId: null,
    action,
    entityType: 'machine_model',
    entityId: modelId,
    actorType: 'USER',
    actorUserId: actor.userId,
    requestId: actor.requestId,
    data,
  };
}
