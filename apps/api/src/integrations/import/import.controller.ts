import { applyDecorators, Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZExportQuery,
  ZImportCommitResponse,
  ZImportPreview,
  type TExportQuery,
  type TImportKind,
  type TImportPreview,
} from '@amms/contracts/integrations';
import type { TPermission } from '@amms/contracts/permissions';
import { Ctx, RequirePermission } from '../../platform/access/decorators.js';
import { withUploadIdempotency } from '../../platform/uploads/upload-idempotency.js';
import { InvalidatesCache } from '../../platform/cache/invalidates.js';
import { ActionRoute } from '../../platform/http/action-route.js';
import { Returns } from '../../platform/http/returns.js';
import { IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import { Idempotent } from '../../platform/idempotency/idempotency.interceptor.js';
import { RateLimit } from '../../platform/rate-limit/rate-limit.guard.js';
import type { OrgContext } from '../../platform/access/context.js';
import { CONTENT_TYPES, sheetWriter } from '../sheets/sheet-writer.js';
import { readSheet } from '../sheets/read-sheet.js';
import { readImportUpload } from '../../platform/uploads/import-upload.js';
import { ImportService } from './import.service.js';

const ZIdParam = z.uuid();
/** The commit takes no fields (the preview id is in the path); an empty JSON object or no body. */
const ZCommitBody = z.strictObject({}).optional();

/** Each kind's write permission and the noun its routes' summaries use. */
const KINDS = {
  assets: { permission: 'asset.write', noun: 'machine' },
  fields: { permission: 'field.write', noun: 'field' },
  jobs: { permission: 'job.write', noun: 'job' },
  parts: { permission: 'inventory.write', noun: 'part' },
  // a stock row adjusts on hand to what the file states, as a count does
  stock: { permission: 'inventory.adjust', noun: 'stock' },
} as const satisfies Record<TImportKind, { permission: TPermission; noun: string }>;

const TemplateRoute = (kind: TImportKind) =>
  applyDecorators(
    RequirePermission(KINDS[kind].permission),
    Get(`${kind}/template`),
    ApiProduces(CONTENT_TYPES.csv, CONTENT_TYPES.xlsx),
    ApiOperation({ summary: `The ${KINDS[kind].noun} import template (header row)` }),
  );

/** The upload: rate-limited, and idempotent once the file is read (the key covers the file's hash). */
const PreviewRoute = (kind: TImportKind) =>
  applyDecorators(
    RequirePermission(KINDS[kind].permission),
    RateLimit('upload'),
    Idempotent({ deferred: true }),
    Post(`${kind}/previews`),
    ApiConsumes('multipart/form-data'),
    Returns(ZImportPreview, 201),
    ApiOperation({
      summary: `Upload a ${KINDS[kind].noun} file (CSV/XLSX): every row checked, nothing written; commit the preview by id`,
    }),
  );

const CommitRoute = (kind: TImportKind) =>
  applyDecorators(
    ActionRoute(`${kind}/previews/:id/commit`, KINDS[kind].permission, ZImportCommitResponse, 201),
    ApiOperation({
      summary: `Create every ${KINDS[kind].noun} of the preview, or none (422 IMPORT_ROWS_INVALID with the rows)`,
    }),
  );

/**
 * File import of machines, fields, jobs, parts and stock (the kind's write permission each):
 * `GET /imports/<kind>/template` → the header row to fill in; `POST /imports/<kind>/previews`
 * (multipart `file`, CSV or XLSX) → every row's verdict, stored as a preview; `POST
 * /imports/<kind>/previews/:id/commit` → all rows or none. See docs/import-export.md.
 */
@ApiTags('import')
@ApiBearerAuth()
// jobs and fields feed the analytics figures (as JobsController / FieldsController declare)
@InvalidatesCache('analytics', 'map')
@Controller('orgs/:orgId/imports')
export class ImportController {
  constructor(
    private readonly imports: ImportService,
    private readonly idempotency: IdempotencyService,
  ) {}

  @TemplateRoute('assets')
  assetsTemplate(@Query({ schema: ZExportQuery }) q: TExportQuery, @Res() reply: FastifyReply) {
    return this.template('assets', q, reply);
  }

  @TemplateRoute('fields')
  fieldsTemplate(@Query({ schema: ZExportQuery }) q: TExportQuery, @Res() reply: FastifyReply) {
    return this.template('fields', q, reply);
  }

  @TemplateRoute('jobs')
  jobsTemplate(@Query({ schema: ZExportQuery }) q: TExportQuery, @Res() reply: FastifyReply) {
    return this.template('jobs', q, reply);
  }

  @PreviewRoute('assets')
  assetsPreview(@Ctx() ctx: OrgContext, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.preview(ctx, 'assets', req, reply);
  }

  @PreviewRoute('fields')
  fieldsPreview(@Ctx() ctx: OrgContext, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.preview(ctx, 'fields', req, reply);
  }

  @PreviewRoute('jobs')
  jobsPreview(@Ctx() ctx: OrgContext, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.preview(ctx, 'jobs', req, reply);
  }

  @CommitRoute('assets')
  assetsCommit(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCommitBody }) _body: unknown,
  ) {
    return this.imports.commit(ctx, 'assets', id);
  }

  @CommitRoute('fields')
  fieldsCommit(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCommitBody }) _body: unknown,
  ) {
    return this.imports.commit(ctx, 'fields', id);
  }

  @CommitRoute('jobs')
  jobsCommit(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCommitBody }) _body: unknown,
  ) {
    return this.imports.commit(ctx, 'jobs', id);
  }

  @TemplateRoute('parts')
  partsTemplate(@Query({ schema: ZExportQuery }) q: TExportQuery, @Res() reply: FastifyReply) {
    return this.template('parts', q, reply);
  }

  @PreviewRoute('parts')
  partsPreview(@Ctx() ctx: OrgContext, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.preview(ctx, 'parts', req, reply);
  }

  @CommitRoute('parts')
  partsCommit(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCommitBody }) _body: unknown,
  ) {
    return this.imports.commit(ctx, 'parts', id);
  }

  @TemplateRoute('stock')
  stockTemplate(@Query({ schema: ZExportQuery }) q: TExportQuery, @Res() reply: FastifyReply) {
    return this.template('stock', q, reply);
  }

  @PreviewRoute('stock')
  stockPreview(@Ctx() ctx: OrgContext, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.preview(ctx, 'stock', req, reply);
  }

  @CommitRoute('stock')
  stockCommit(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCommitBody }) _body: unknown,
  ) {
    return this.imports.commit(ctx, 'stock', id);
  }

  private async preview(
    ctx: OrgContext,
    kind: TImportKind,
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<TImportPreview> {
    const upload = await readImportUpload(req, this.imports.config.maxBytes);
    return withUploadIdempotency(
      this.idempotency,
      req,
      reply,
      { sha256: upload.sha256, fields: { kind, fileName: upload.fileName } },
      async () => {
        const sheet = await readSheet(upload.bytes);
        const out = await this.imports.preview(ctx, kind, sheet, upload.fileName);
        void reply.status(201);
        return out;
      },
    );
  }

  private async template(kind: TImportKind, q: TExportQuery, reply: FastifyReply): Promise<void> {
    const out = sheetWriter(q.format, kind);
    void reply
      .header('content-type', CONTENT_TYPES[q.format])
      .header('content-disposition', `attachment; filename="${kind}-import-template.${q.format}"`)
      .header('cache-control', 'no-store');
    void (async () => {
      await out.addRow(this.imports.templateHeader(kind, q.lang));
      await out.end();
    })().catch((err: unknown) => out.stream.destroy(err instanceof Error ? err : new Error(String(err))));
    await reply.send(out.stream);
  }
}
