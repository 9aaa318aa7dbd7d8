import { Injectable } from '@nestjs/common';
import type { TCreateMachineModelRequest, TListMachineModelsQuery, TListMachineModelsResponse, TMachineModel } from '@amms/contracts/assets';
import { AuditService } from '../audit/audit.service.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { CACHE_TTL, CacheKeys } from '../platform/cache/cache-keys.js';
import { decodeIdCursor, pageOf } from '../platform/http/cursor.js';
import type { OrgContext } from '../tenancy/context.js';
import { AssetsRepository } from './assets.repository.js';
import { AssetErrors, isUniqueViolation } from './assets.errors.js';
import { toMachineModel } from './assets.mappers.js';

/** The catalog's cache key ignores the caller's data scope (see list). */
const WHOLE_ORG = { dataScope: 'ORG', teamIds: [], membershipId: null } as const;

/**
 * The machine model catalog as an org sees it: platform models (organizationId null) and
 * its own private ones. Orgs create only private models; editing platform models is a
 * platform-admin function that does not exist yet.
 */
@Injectable()
export class MachineModelsService {
  constructor(
    private readonly repo: AssetsRepository,
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
    const rows = await this.repo.listModels(ctx.organizationId, {
      kind: q.kind,
      operationType: q.operationType,
      q: q.q,
      afterId: q.cursor ? decodeIdCursor(q.cursor) : undefined,
      limit: q.limit + 1,
    });
    return pageOf(rows, q.limit, toMachineModel);
  }

  async create(ctx: OrgContext, input: TCreateMachineModelRequest): Promise<TMachineModel> {
    let created: TMachineModel;
    try {
      created = await this.repo.transaction(async (tx) => {
        const m = await this.repo.createModel(tx, ctx.organizationId, {
          manufacturer: input.manufacturer,
          name: input.name,
          kind: input.kind,
          operationTypes: [...new Set(input.operationTypes)],
          // a string, so the Decimal column gets exactly the validated 2-decimal value
          workingWidthM: input.workingWidthM == null ? null : input.workingWidthM.toFixed(2),
          powerKw: input.powerKw ?? null,
        });
        const after = toMachineModel(m);
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'machine_model.created', 'machine_model', m.id, {
            after: { manufacturer: after.manufacturer, name: after.name, kind: after.kind, operationTypes: after.operationTypes, workingWidthM: after.workingWidthM, powerKw: after.powerKw },
          }),
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
}
