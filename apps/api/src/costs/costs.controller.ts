import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZCostDocumentDetailView,
  ZApproveCostDocumentRequest,
  type TApproveCostDocumentRequest,
  ZCostTransitionRequest,
  ZCreateCostDocumentRequest,
  ZListCostDocumentsQuery,
  ZListCostDocumentsResponse,
  ZRejectCostDocumentRequest,
  ZUpdateCostDocumentRequest,
  type TCostTransitionRequest,
  type TCreateCostDocumentRequest,
  type TListCostDocumentsQuery,
  type TRejectCostDocumentRequest,
  type TUpdateCostDocumentRequest,
  type TCostDocumentDetail,
  type TCostDocumentDetailView,
} from '@amms/contracts/costs';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { ActionRoute } from '../platform/http/action-route.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { CostsService } from './costs.service.js';
import { AttachmentsService } from '../attachments/attachments.service.js';
import { PeopleService } from '../people/people.service.js';
import { InvalidatesCache } from '../platform/cache/invalidates.js';

const ZIdParam = z.uuid();

@ApiTags('costs')
@ApiBearerAuth()
@Controller('orgs/:orgId/cost-documents')
@InvalidatesCache('analytics')
export class CostsController {
  constructor(
    private readonly costs: CostsService,
    private readonly people: PeopleService,
    private readonly attachments: AttachmentsService,
  ) {}

  /** Every single-document answer names its people. */
  private async present(ctx: OrgContext, d: TCostDocumentDetail): Promise<TCostDocumentDetailView> {
    const of = await this.people.byUser(ctx.organizationId, [
      d.createdByUserId,
      d.submittedByUserId,
      d.decidedByUserId,
    ]);
    return {
      ...d,
      people: {
        createdBy: of(d.createdByUserId),
        submittedBy: of(d.submittedByUserId),
        decidedBy: of(d.decidedByUserId),
      },
    };
  }

  @RequirePermission('cost.read')
  @Get()
  @Returns(ZListCostDocumentsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListCostDocumentsQuery }) q: TListCostDocumentsQuery) {
    return this.costs.list(ctx, q);
  }

  @RequirePermission('cost.read')
  @Get(':id')
  @Returns(ZCostDocumentDetailView)
  async get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    const doc = await this.present(ctx, await this.costs.get(ctx, id));
    return { ...doc, attachments: await this.attachments.listVisible(ctx.organizationId, 'COST_DOCUMENT', id) };
  }

  @RequirePermission('cost.write')
  @Idempotent()
  @Post()
  @Returns(ZCostDocumentDetailView, 201)
  async create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateCostDocumentRequest }) body: TCreateCostDocumentRequest) {
    return this.present(ctx, await this.costs.create(ctx, body));
  }

  @RequirePermission('cost.write')
  @Patch(':id')
  @Returns(ZCostDocumentDetailView)
  async update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateCostDocumentRequest }) body: TUpdateCostDocumentRequest,
  ) {
    return this.present(ctx, await this.costs.update(ctx, id, body));
  }

  @RequirePermission('cost.write')
  @Delete(':id')
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.costs.remove(ctx, id);
  }

  @ActionRoute(':id/submit', 'cost.write', ZCostDocumentDetailView)
  async submit(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCostTransitionRequest }) body: TCostTransitionRequest,
  ) {
    return this.present(ctx, await this.costs.submit(ctx, id, body.version));
  }

  @ActionRoute(':id/approve', 'cost.approve', ZCostDocumentDetailView)
  async approve(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZApproveCostDocumentRequest }) body: TApproveCostDocumentRequest,
  ) {
    return this.present(ctx, await this.costs.approve(ctx, id, body.version, body.comment));
  }

  @ActionRoute(':id/reject', 'cost.approve', ZCostDocumentDetailView)
  async reject(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZRejectCostDocumentRequest }) body: TRejectCostDocumentRequest,
  ) {
    return this.present(ctx, await this.costs.reject(ctx, id, body.reason, body.version));
  }

  @ActionRoute(':id/reopen', 'cost.write', ZCostDocumentDetailView)
  async reopen(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCostTransitionRequest }) body: TCostTransitionRequest,
  ) {
    return this.present(ctx, await this.costs.reopen(ctx, id, body.version));
  }
}
