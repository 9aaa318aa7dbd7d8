import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ZDocument,
  ZDocumentDetail,
  ZListDocumentsQuery,
  ZListDocumentsResponse,
  ZUpdateDocumentRequest,
  ZUploadResponse,
  type TListDocumentsQuery,
  type TUpdateDocumentRequest,
} from '@amms/contracts/knowledge';
import { PlatformAdmin, Principal } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { AuthPrincipal } from '../platform/access/context.js';
import { ZIdParam } from './documents.controller.js';
import { DocumentsService } from './documents.service.js';
import { platformLibraryActor } from './library-actor.js';
import { UploadHandler } from './upload-handler.js';
import { UploadsService } from './uploads.service.js';

/**
 * The platform library (documents with no org, readable by every org through its own routes),
 * managed by platform admins like the platform machine catalog; never an org's documents.
 */
@ApiTags('platform')
@ApiBearerAuth()
@Controller('platform/documents')
export class PlatformDocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly uploads: UploadsService,
    private readonly upload: UploadHandler,
  ) {}

  @PlatformAdmin()
  @Get()
  @Returns(ZListDocumentsResponse)
  list(
    @Principal() p: AuthPrincipal,
    @Req() req: FastifyRequest,
    @Query({ schema: ZListDocumentsQuery }) q: TListDocumentsQuery,
  ) {
    return this.documents.list(platformLibraryActor(p, String(req.id)), q);
  }

  @PlatformAdmin()
  @Idempotent({ deferred: true })
  @Post()
  @ApiConsumes('multipart/form-data')
  @Returns(ZUploadResponse, 201)
  @ApiOperation({
    summary: 'Upload a manual to the platform library (platform admins; machineModelIds must be platform models)',
  })
  create(@Principal() p: AuthPrincipal, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const actor = platformLibraryActor(p, String(req.id));
    return this.upload.handle(req, reply, actor, (form) => this.uploads.createDocument(actor, form));
  }

  @PlatformAdmin()
  @Get(':id')
  @Returns(ZDocumentDetail)
  get(@Principal() p: AuthPrincipal, @Req() req: FastifyRequest, @Param('id', { schema: ZIdParam }) id: string) {
    return this.documents.get(platformLibraryActor(p, String(req.id)), id);
  }

  @PlatformAdmin()
  @Patch(':id')
  @Returns(ZDocument)
  update(
    @Principal() p: AuthPrincipal,
    @Req() req: FastifyRequest,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateDocumentRequest }) body: TUpdateDocumentRequest,
  ) {
    return this.documents.update(platformLibraryActor(p, String(req.id)), id, body);
  }

  @PlatformAdmin()
  @Delete(':id')
  @HttpCode(204)
  async remove(
    @Principal() p: AuthPrincipal,
    @Req() req: FastifyRequest,
    @Param('id', { schema: ZIdParam }) id: string,
  ): Promise<void> {
    await this.documents.remove(platformLibraryActor(p, String(req.id)), id);
  }

  @PlatformAdmin()
  @Idempotent({ deferred: true })
  @Post(':id/versions')
  @ApiConsumes('multipart/form-data')
  @Returns(ZUploadResponse, 201)
  addVersion(
    @Principal() p: AuthPrincipal,
    @Req() req: FastifyRequest,
    @Param('id', { schema: ZIdParam }) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const actor = platformLibraryActor(p, String(req.id));
    return this.upload.handle(req, reply, actor, (form) => this.uploads.addVersion(actor, id, form));
  }
}
