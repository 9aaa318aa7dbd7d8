import { Body, Controller, Get, Headers, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZConfirmDraftRequest,
  ZCreateBoardDraftRequest,
  ZCreateDraftVersionRequest,
  ZDraft,
  ZDraftDetail,
  ZListDraftsQuery,
  ZListDraftsResponse,
  ZRejectDraftRequest,
  type TConfirmDraftRequest,
  type TCreateBoardDraftRequest,
  type TCreateDraftVersionRequest,
  type TListDraftsQuery,
  type TRejectDraftRequest,
} from '@amms/contracts/drafts';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { ActionRoute } from '../platform/http/action-route.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { DraftsService } from './drafts.service.js';

const ZIdParam = z.uuid();

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('orgs/:orgId/drafts')
export class DraftsController {
  constructor(private readonly drafts: DraftsService) {}

  @RequirePermission('draft.read')
  @Get()
  @Returns(ZListDraftsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListDraftsQuery }) q: TListDraftsQuery) {
    return this.drafts.list(ctx, q);
  }

  @RequirePermission('draft.edit')
  @Idempotent()
  @Post()
  @Returns(ZDraftDetail, 201)
  @ApiOperation({
    summary: 'A board move as a new SCHEDULE draft (no agent run), validated like an edit; confirmed like any draft',
  })
  createFromBoard(
    @Ctx() ctx: OrgContext,
    @Body({ schema: ZCreateBoardDraftRequest }) body: TCreateBoardDraftRequest,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    return this.drafts.createFromBoard(ctx, body, { acceptLanguage });
  }

  @RequirePermission('draft.read')
  @Get(':id')
  @Returns(ZDraftDetail)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.drafts.get(ctx, id);
  }

  @RequirePermission('draft.edit')
  @Idempotent()
  @Post(':id/versions')
  @Returns(ZDraftDetail, 201)
  @ApiOperation({ summary: 'Edit: a new immutable version N+1 (re-validated); voids any confirmation' })
  createVersion(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCreateDraftVersionRequest }) body: TCreateDraftVersionRequest,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    // findings and texts in the reader's language: Accept-Language, else the member's locale
    return this.drafts.createVersion(ctx, id, body, { acceptLanguage });
  }

  @ActionRoute(':id/confirm', 'draft.confirm', ZDraft)
  @ApiOperation({
    summary:
      'Confirm exactly this version + content hash (409 DRAFT_STALE otherwise; 422 DRAFT_INVALID with violations)',
  })
  confirm(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZConfirmDraftRequest }) body: TConfirmDraftRequest,
  ) {
    return this.drafts.confirm(ctx, id, body);
  }

  @ActionRoute(':id/reject', 'draft.confirm', ZDraft)
  reject(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZRejectDraftRequest }) body: TRejectDraftRequest,
  ) {
    return this.drafts.reject(ctx, id, body);
  }
}
