import { Body, Controller, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZBoundaryImportCommitResponse,
  ZBoundaryImportOptions,
  ZBoundaryImportPreview,
  type TBoundaryImportOptions,
  type TBoundaryImportPreview,
} from '@amms/contracts/geo';
import { readImportUpload } from '../../platform/uploads/import-upload.js';
import { Ctx, RequirePermission } from '../../platform/access/decorators.js';
import { InvalidatesCache } from '../../platform/cache/invalidates.js';
import { ActionRoute } from '../../platform/http/action-route.js';
import { Returns } from '../../platform/http/returns.js';
import { IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import { Idempotent } from '../../platform/idempotency/idempotency.interceptor.js';
import { RateLimit } from '../../platform/rate-limit/rate-limit.guard.js';
import { withUploadIdempotency } from '../../platform/uploads/upload-idempotency.js';
import type { OrgContext } from '../../platform/access/context.js';
import { readBoundaryFile } from './boundary-file.js';
import { BoundaryImportService } from './boundary-import.service.js';

/**
 * Boundary import (`field.write`): `POST /imports/boundaries/previews` (multipart `file`:
 * GeoJSON, KML or a zipped Shapefile; `?createMissing=true` creates unmatched fields,
 * `?allowFar=true` accepts far boundaries) → each feature's verdict; `POST
 * /imports/boundaries/previews/:id/commit` → all or nothing. See docs/maps.md.
 */
@ApiTags('import')
@ApiBearerAuth()
@InvalidatesCache('analytics', 'map')
@Controller('orgs/:orgId/imports/boundaries')
export class BoundaryImportController {
  constructor(
    private readonly imports: BoundaryImportService,
    private readonly idempotency: IdempotencyService,
  ) {}

  @RequirePermission('field.write')
  @RateLimit('upload')
  @Idempotent({ deferred: true })
  @Post('previews')
  @ApiConsumes('multipart/form-data')
  @Returns(ZBoundaryImportPreview, 201)
  @ApiOperation({
    summary:
      'Upload field boundaries (GeoJSON, KML or zipped Shapefile): features matched to fields by id or name, geometry checked by PostGIS; nothing written',
  })
  async preview(
    @Ctx() ctx: OrgContext,
    @Query({ schema: ZBoundaryImportOptions }) options: TBoundaryImportOptions,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TBoundaryImportPreview> {
    const upload = await readImportUpload(req, this.imports.config.maxBytes);
    return withUploadIdempotency(
      this.idempotency,
      req,
      reply,
      { sha256: upload.sha256, fields: { kind: 'boundaries', fileName: upload.fileName, ...options } },
      async () => {
        const file = readBoundaryFile(upload.bytes, upload.fileName);
        const out = await this.imports.preview(ctx, file, upload.fileName, options);
        void reply.status(201);
        return out;
      },
    );
  }

  @ActionRoute('previews/:id/commit', 'field.write', ZBoundaryImportCommitResponse, 201)
  @ApiOperation({
    summary: 'Write every boundary of the preview (and the fields it creates), or none (422 IMPORT_ROWS_INVALID)',
  })
  commit(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: z.uuid() }) id: string,
    @Body({ schema: z.strictObject({}).optional() }) _body: unknown,
  ) {
    return this.imports.commit(ctx, id);
  }
}
