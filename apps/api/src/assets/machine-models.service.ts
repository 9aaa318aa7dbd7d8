import { Injectable } from '@nestjs/common';
import type { TCreateMachineModelRequest, TListMachineModelsQuery, TListMachineModelsResponse, TMachineModel } from '@amms/contracts/assets';
import { AuditService } from '../audit/audit.service.js';
import { decodeIdCursor, pageOf } from '../platform/http/cursor.js';
import type { OrgContext } from '../tenancy/context.js';
import { AssetsRepository } from './assets.repository.js';
import { AssetErrors, isUniqueViolation } from './assets.errors.js';
import { toMachineModel } from './assets.mappers.js';

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
  ) {}

  async list(ctx: OrgContext, q: TListMachineModelsQuery): Promise<TListMachineModelsResponse> {
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
    try {
      return await this.repo.transaction(async (tx) => {
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
  }
}
