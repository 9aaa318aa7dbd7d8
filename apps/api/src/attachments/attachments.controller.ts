import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZAttachment,
  ZAttachmentDownloadQuery,
  ZListAttachmentsResponse,
  type TAttachmentDownloadQuery,
  type TAttachmentOwnerType,
} from '@amms/contracts/attachments';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import { RateLimit } from '../platform/rate-limit/rate-limit.guard.js';
import type { OrgContext } from '../platform/access/context.js';
import { AttachmentsService } from './attachments.service.js';

const ZIdParam = z.uuid();

/** RFC 6266: an ASCII fallback and the UTF-8 name (Chinese file names survive). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const UPLOAD_SUMMARY =
  'multipart `file`; typed by content (JPEG / PNG / WebP photos; cost documents also PDF); ≤ ATTACHMENT_MAX_IMAGE_BYTES / ATTACHMENT_MAX_PDF_BYTES; images lose EXIF/GPS unless the org keeps location';

@ApiTags('attachments')
@ApiBearerAuth()
@Controller('orgs/:orgId')
export class AttachmentsController {
  constructor(private readonly attachments: AttachmentsService) {}

  private upload(ctx: OrgContext, owner: TAttachmentOwnerType, id: string, req: FastifyRequest, reply: FastifyReply) {
    return this.attachments.upload(ctx, owner, id, req, reply);
  }

  @RequirePermission('maintenance.read', 'workorder.write')
  @Get('work-orders/:id/attachments')
  @Returns(ZListAttachmentsResponse)
  async listForWorkOrder(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return { items: await this.attachments.list(ctx, 'WORK_ORDER', id) };
  }

  /** Operators photograph the fault they report (workorder.write); the order must be one they can read. */
  @RequirePermission('workorder.write')
  @RateLimit('attachment')
  @Idempotent({ deferred: true })
  @Post('work-orders/:id/attachments')
  @ApiConsumes('multipart/form-data')
  @Returns(ZAttachment, 201)
  @ApiOperation({ summary: `Attach a photo to a work order: ${UPLOAD_SUMMARY}` })
  uploadToWorkOrder(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.upload(ctx, 'WORK_ORDER', id, req, reply);
  }

  @RequirePermission('cost.read')
  @Get('cost-documents/:id/attachments')
  @Returns(ZListAttachmentsResponse)
  async listForCostDocument(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return { items: await this.attachments.list(ctx, 'COST_DOCUMENT', id) };
  }

  @RequirePermission('cost.write')
  @RateLimit('attachment')
  @Idempotent({ deferred: true })
  @Post('cost-documents/:id/attachments')
  @ApiConsumes('multipart/form-data')
  @Returns(ZAttachment, 201)
  @ApiOperation({ summary: `Attach a receipt or invoice (image or PDF) to a cost document: ${UPLOAD_SUMMARY}` })
  uploadToCostDocument(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.upload(ctx, 'COST_DOCUMENT', id, req, reply);
  }

  /**
   * Whoever may add a file to the owner may delete one: a work order's photo needs workorder.write,
   * a cost document's file cost.write, the owner in the caller's scope (else 404). A closed or
   * cancelled order, an approved document → 409 ATTACHMENT_LOCKED. Audited on the owner.
   */
  @RequirePermission('workorder.write', 'cost.write')
  @Delete('attachments/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an attachment (its bytes go when no other attachment uses them)' })
  async remove(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    await this.attachments.remove(ctx, id);
  }

  /**
   * The file, or `?thumbnail=1` its JPEG thumbnail. Readable by whoever can read its owner (a
   * work order: maintenance.read or workorder.write in the order's read scope; a cost document:
   * cost.read in its scope); anything else is 404, as for the owner.
   */
  @RequirePermission('maintenance.read', 'workorder.write', 'cost.read')
  @Get('attachments/:id')
  @ApiProduces('image/jpeg', 'image/png', 'image/webp', 'application/pdf')
  @ApiOperation({ summary: 'Download an attachment (or ?thumbnail=1)' })
  async download(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Query({ schema: ZAttachmentDownloadQuery }) q: TAttachmentDownloadQuery,
    @Res() reply: FastifyReply,
  ) {
    const thumbnail = q.thumbnail === '1' || q.thumbnail === 'true';
    const file = await this.attachments.open(ctx, id, thumbnail);
    void reply
      .type(file.contentType)
      .header('content-disposition', contentDisposition('inline', file.fileName))
      .header('x-content-type-options', 'nosniff')
      // the bytes of an attachment never change (content-addressed); private: an org's file
      .header('cache-control', 'private, max-age=3600');
    if (file.contentType !== 'application/pdf')
      void reply.header('content-security-policy', "default-src 'none'; sandbox");
    if (file.sizeBytes !== null) void reply.header('content-length', String(file.sizeBytes));
    return reply.send(file.stream);
  }
}
