import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZDocument,
  ZDocumentDetail,
  ZDocumentPage,
  ZListDocumentsQuery,
  ZListDocumentsResponse,
  ZUpdateDocumentRequest,
  ZUploadResponse,
  type TListDocumentsQuery,
  type TUpdateDocumentRequest,
} from '@amms/contracts/knowledge';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import { RateLimit } from '../platform/rate-limit/rate-limit.guard.js';
import type { OrgContext } from '../platform/access/context.js';
import { DocumentsService } from './documents.service.js';
import { orgActor } from './library-actor.js';
import { UploadHandler } from './upload-handler.js';
import { UploadsService } from './uploads.service.js';

export const ZIdParam = z.uuid();
export const ZPageParam = z.coerce.number().int().min(1).max(100_000);

/** Manuals of an org (plus the platform library, read-only). Uploads are multipart: `file` (PDF), `title`, `language`, `machineModelIds[]`. */
@ApiTags('knowledge')
@ApiBearerAuth()
@Controller('orgs/:orgId/documents')
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly uploads: UploadsService,
    private readonly upload: UploadHandler,
  ) {}

  @RequirePermission('knowledge.read')
  @Get()
  @Returns(ZListDocumentsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListDocumentsQuery }) q: TListDocumentsQuery) {
    return this.documents.list(orgActor(ctx), q);
  }

  @RequirePermission('knowledge.manage')
  @RateLimit('upload')
  @Idempotent({ deferred: true })
  @Post()
  @ApiConsumes('multipart/form-data')
  @Returns(ZUploadResponse, 201)
  @ApiOperation({
    summary:
      'Upload a manual (PDF ≤ 100 MB): 201 new, 200 duplicate:true when this file is already in the library. Processed by the worker.',
  })
  create(@Ctx() ctx: OrgContext, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const actor = orgActor(ctx);
    return this.upload.handle(req, reply, actor, (form) => this.uploads.createDocument(actor, form));
  }

  @RequirePermission('knowledge.read')
  @Get(':id')
  @Returns(ZDocumentDetail)
  get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.documents.get(orgActor(ctx), id);
  }

  @RequirePermission('knowledge.manage')
  @Patch(':id')
  @Returns(ZDocument)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateDocumentRequest }) body: TUpdateDocumentRequest,
  ) {
    return this.documents.update(orgActor(ctx), id, body);
  }

  @RequirePermission('knowledge.manage')
  @Delete(':id')
  @HttpCode(204)
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string): Promise<void> {
    await this.documents.remove(orgActor(ctx), id);
  }

  @RequirePermission('knowledge.manage')
  @RateLimit('upload')
  @Idempotent({ deferred: true })
  @Post(':id/versions')
  @ApiConsumes('multipart/form-data')
  @Returns(ZUploadResponse, 201)
  @ApiOperation({ summary: 'Upload the next version of a manual (multipart `file`); it becomes current once READY' })
  async addVersion(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const actor = orgActor(ctx);
    // an unknown (or another org's) document is a 404 before a byte of the file is read
    await this.documents.get(actor, id);
    return this.upload.handle(req, reply, actor, (form) => this.uploads.addVersion(actor, id, form));
  }

  @RequirePermission('knowledge.read')
  @Get(':id/versions/:versionId/pages/:page')
  @Returns(ZDocumentPage)
  page(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Param('versionId', { schema: ZIdParam }) versionId: string,
    @Param('page', { schema: ZPageParam }) page: number,
  ) {
    return this.documents.page(orgActor(ctx), id, versionId, page);
  }

  @RequirePermission('knowledge.read')
  @Get(':id/versions/:versionId/pages/:page/image')
  @ApiOperation({ summary: 'The page as PNG' })
  async image(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Param('versionId', { schema: ZIdParam }) versionId: string,
    @Param('page', { schema: ZPageParam }) page: number,
    @Res() reply: FastifyReply,
  ) {
    const png = await this.documents.pageImage(orgActor(ctx), id, versionId, page);
    // versions are immutable: a page image never changes (private: it is an org's document)
    return reply.type('image/png').header('cache-control', 'private, max-age=86400, immutable').send(png);
  }
}
