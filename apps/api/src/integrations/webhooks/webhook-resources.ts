import { Injectable, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { TPermission } from '@amms/contracts/permissions';
import type { TWebhookResourceType } from '@amms/contracts/webhooks';
import { AssetsService } from '../../assets/assets.service.js';
import { CostsService } from '../../costs/costs.service.js';
import { toDraft, toExecutionSummary, toVersion } from '../../drafts/drafts.mappers.js';
import { DraftsRepository } from '../../drafts/drafts.repository.js';
import { draftScope } from '../../platform/access/own-scope.js';
import { toExecution } from '../../executions/executions.mappers.js';
import { ExecutionsRepository } from '../../executions/executions.repository.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { PartsService } from '../../inventory/parts.service.js';
import { DocumentsService, orgActor } from '../../knowledge/index.js';
import { WorkOrdersService } from '../../maintenance/work-orders.service.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { OrgContext } from '../../platform/access/context.js';

interface ResourceReader {
  /** what the GET route requires (the guard's rule, applied here by hand) */
  permission: TPermission;
  read(ctx: OrgContext, id: string): Promise<unknown>;
}

/**
 * The resource of an event "as the API returns it": each type's own GET service method, called
 * with the endpoint creator's context (their data scope applies; out of scope → NOT_FOUND).
 * Services are looked up lazily so the API and the worker can both provide them.
 */
@Injectable()
export class WebhookResources {
  constructor(private readonly modules: ModuleRef) {}

  private service<T>(type: Type<T>): T {
    return this.modules.get(type, { strict: false });
  }

  private readonly readers: Record<TWebhookResourceType, ResourceReader> = {
    job: { permission: 'job.read', read: (ctx, id) => this.service(JobsService).get(ctx, id) },
    work_order: { permission: 'maintenance.read', read: (ctx, id) => this.service(WorkOrdersService).get(ctx, id) },
    cost_document: { permission: 'cost.read', read: (ctx, id) => this.service(CostsService).get(ctx, id) },
    asset: { permission: 'asset.read', read: (ctx, id) => this.service(AssetsService).getFromDb(ctx, id) },
    draft: { permission: 'draft.read', read: (ctx, id) => this.draft(ctx, id) },
    execution: { permission: 'draft.read', read: (ctx, id) => this.execution(ctx, id) },
    document: {
      permission: 'knowledge.read',
      read: (ctx, id) => this.service(DocumentsService).get(orgActor(ctx), id),
    },
    part: { permission: 'inventory.read', read: (ctx, id) => this.service(PartsService).get(ctx, id) },
  };

  // drafts and executions: the same reads as DraftsService.get / ExecutionsService.get, from the
  // repositories (those services pull in the agent's whole tool set, which the worker does not need)
  private async draft(ctx: OrgContext, id: string) {
    const repo = this.service(DraftsRepository);
    const d = await repo.findById(undefined, ctx.organizationId, id, draftScope(ctx));
    if (!d) throw notFound('Draft');
    const [versions, executions] = await Promise.all([
      repo.versions(ctx.organizationId, id),
      repo.executions(ctx.organizationId, id),
    ]);
    return { ...toDraft(d), versions: versions.map(toVersion), executions: executions.map(toExecutionSummary) };
  }

  private async execution(ctx: OrgContext, id: string) {
    const repo = this.service(ExecutionsRepository);
    const exec = await repo.findById(undefined, ctx.organizationId, id);
    if (
      !exec ||
      !(await this.service(DraftsRepository).findById(undefined, ctx.organizationId, exec.draftId, draftScope(ctx)))
    )
      throw notFound('Execution');
    return toExecution(exec, await repo.receipts(undefined, ctx.organizationId, id));
  }

  permissionFor(type: TWebhookResourceType): TPermission {
    return this.readers[type].permission;
  }

  read(ctx: OrgContext, type: TWebhookResourceType, id: string): Promise<unknown> {
    return this.readers[type].read(ctx, id);
  }
}
