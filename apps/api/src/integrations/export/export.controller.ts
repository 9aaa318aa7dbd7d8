import { applyDecorators, Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ZAnalyticsPeriodQuery, type TAnalyticsPeriodQuery } from '@amms/contracts/analytics';
import { ZListAssetsQuery, type TListAssetsQuery } from '@amms/contracts/assets';
import { ZListCostDocumentsQuery, type TListCostDocumentsQuery } from '@amms/contracts/costs';
import {
  ZExportQuery,
  ZFieldExportQuery,
  type TExportQuery,
  type TFieldExportQuery,
} from '@amms/contracts/integrations';
import type { TPermission } from '@amms/contracts/permissions';
import { ZListFieldsQuery, ZListJobsQuery, type TListFieldsQuery, type TListJobsQuery } from '@amms/contracts/jobs';
import { ZListWorkOrdersQuery, type TListWorkOrdersQuery } from '@amms/contracts/maintenance';
import { AnalyticsService } from '../../analytics/analytics.service.js';
import { AssetsService } from '../../assets/assets.service.js';
import { Ctx, RequirePermission } from '../../platform/access/decorators.js';
import { CostsService } from '../../costs/costs.service.js';
import { FieldsService } from '../../jobs/fields.service.js';
import { FIELD_GEOJSON_EXPORT, type FieldGeoJsonExport } from './field-geojson.port.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { listFor } from '../../maintenance/maintenance.mappers.js';
import { seesWorkOrderCosts } from '../../platform/access/maintenance-scope.js';
import { WorkOrdersService } from '../../maintenance/work-orders.service.js';
import { RateLimit } from '../../platform/rate-limit/rate-limit.guard.js';
import type { OrgContext } from '../../platform/access/context.js';
import {
  ANALYTICS_COLUMNS,
  ASSET_COLUMNS,
  COST_COLUMNS,
  FIELD_COLUMNS,
  JOB_COLUMNS,
  WORK_ORDER_COLUMNS,
  WORK_ORDER_COST_KEYS,
  type CostLineRow,
  type Names,
} from './export-kinds.js';
import { ExportLookups } from './export-names.js';
import { EXPORT_PAGE_SIZE, ExportService } from './export.service.js';

/** An export route: the list's own permission (or its alternatives), the export rate limit, the path, the summary. */
const ExportRoute = (path: string, summary: string, permission: TPermission, ...or: TPermission[]) =>
  applyDecorators(RequirePermission(permission, ...or), RateLimit('export'), Get(path), ApiOperation({ summary }));

const PRODUCES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const page = <Q extends object>(q: Q, cursor: string | undefined): Q => ({ ...q, limit: EXPORT_PAGE_SIZE, cursor });

/**
 * `GET …/<list>/export?format=csv|xlsx&lang=zh-CN|en|keys&<the list's filters and sort>`: the
 * whole filtered list as a download, read through the list's own service (same permission,
 * filters, order, org and data scope). `limit` / `cursor` are ignored. Static paths: Fastify's
 * router matches `jobs/export` before `jobs/:id`.
 */
@ApiTags('export')
@ApiBearerAuth()
@ApiProduces(...PRODUCES)
@Controller('orgs/:orgId')
export class ExportController {
  constructor(
    private readonly exports: ExportService,
    private readonly lookups: ExportLookups,
    private readonly jobsService: JobsService,
    private readonly fieldsService: FieldsService,
    private readonly assetsService: AssetsService,
    private readonly workOrders: WorkOrdersService,
    private readonly costs: CostsService,
    private readonly analytics: AnalyticsService,
    @Inject(FIELD_GEOJSON_EXPORT) private readonly geoExport: FieldGeoJsonExport,
  ) {}

  /** A page of rows that name a team (and a model): the names of this page's ids, read at once. */
  private async withNames<T extends { teamId: string | null }>(
    ctx: OrgContext,
    p: { items: T[]; nextCursor: string | null },
    modelOf?: (row: T) => string,
  ): Promise<{ items: (T & { names: Names })[]; nextCursor: string | null }> {
    const names = await this.lookups.names(
      ctx.organizationId,
      p.items.map((r) => r.teamId),
      modelOf ? p.items.map(modelOf) : [],
    );
    return { items: p.items.map((r) => ({ ...r, names })), nextCursor: p.nextCursor };
  }

  @ExportRoute('jobs/export', 'Export jobs (the GET /jobs filters) as CSV or XLSX', 'job.read')
  async jobs(
    @Ctx() ctx: OrgContext,
    @Query({ schema: ZExportQuery }) e: TExportQuery,
    @Query({ schema: ZListJobsQuery }) q: TListJobsQuery,
    @Res() reply: FastifyReply,
  ) {
    await this.exports.stream(ctx, reply, {
      kind: 'jobs',
      ...e,
      filters: q,
      columns: JOB_COLUMNS,
      page: async (cursor) => this.withNames(ctx, await this.jobsService.list(ctx, page(q, cursor))),
    });
  }

  @ExportRoute('fields/export', 'Export fields (the GET /fields filters) as CSV, XLSX or GeoJSON', 'field.read')
  @ApiProduces(...PRODUCES, 'application/geo+json')
  async fields(
    @Ctx() ctx: OrgContext,
    @Query({ schema: ZFieldExportQuery }) e: TFieldExportQuery,
    @Query({ schema: ZListFieldsQuery }) q: TListFieldsQuery,
    @Res() reply: FastifyReply,
  ) {
    if (e.format === 'geojson') return this.geoExport.send(ctx, q, reply);
    await this.exports.stream(ctx, reply, {
      kind: 'fields',
      ...e,
      format: e.format,
      filters: q,
      columns: FIELD_COLUMNS,
      page: async (cursor) => this.withNames(ctx, await this.fieldsService.list(ctx, page(q, cursor))),
    });
  }

  @ExportRoute('assets/export', 'Export machines (the GET /assets filters) as CSV or XLSX', 'asset.read')
  async assets(
    @Ctx() ctx: OrgContext,
    @Query({ schema: ZExportQuery }) e: TExportQuery,
    @Query({ schema: ZListAssetsQuery }) q: TListAssetsQuery,
    @Res() reply: FastifyReply,
  ) {
    await this.exports.stream(ctx, reply, {
      kind: 'assets',
      ...e,
      filters: q,
      columns: ASSET_COLUMNS,
      page: async (cursor) =>
        this.withNames(ctx, await this.assetsService.list(ctx, page(q, cursor)), (a) => a.modelId),
    });
  }

  /** Reporters without maintenance.read get their own orders and no cost columns, as in the list. */
  @ExportRoute(
    'work-orders/export',
    'Export work orders (the GET /work-orders filters) as CSV or XLSX',
    'maintenance.read',
    'workorder.write',
  )
  async workOrdersExport(
    @Ctx() ctx: OrgContext,
    @Query({ schema: ZExportQuery }) e: TExportQuery,
    @Query({ schema: ZListWorkOrdersQuery }) q: TListWorkOrdersQuery,
    @Res() reply: FastifyReply,
  ) {
    const columns = seesWorkOrderCosts(ctx)
      ? WORK_ORDER_COLUMNS
      : WORK_ORDER_COLUMNS.filter((c) => !WORK_ORDER_COST_KEYS.has(c.key));
    await this.exports.stream(ctx, reply, {
      kind: 'work-orders',
      ...e,
      filters: q,
      columns,
      page: async (cursor) => listFor(ctx, await this.workOrders.list(ctx, page(q, cursor))),
    });
  }

  /** One row per cost line, the document's columns repeated on each. */
  @ExportRoute(
    'cost-documents/export',
    'Export cost documents with their lines (the GET /cost-documents filters) as CSV or XLSX',
    'cost.read',
  )
  async costDocuments(
    @Ctx() ctx: OrgContext,
    @Query({ schema: ZExportQuery }) e: TExportQuery,
    @Query({ schema: ZListCostDocumentsQuery }) q: TListCostDocumentsQuery,
    @Res() reply: FastifyReply,
  ) {
    await this.exports.stream(ctx, reply, {
      kind: 'cost-documents',
      ...e,
      filters: q,
      columns: COST_COLUMNS,
      page: async (cursor) => {
        const p = await this.costs.list(ctx, page(q, cursor));
        const lines = await this.lookups.costLines(
          ctx.organizationId,
          p.items.map((d) => d.id),
        );
        const items = p.items.flatMap((doc): CostLineRow[] => {
          const ls = lines.get(doc.id) ?? [];
          return ls.length ? ls.map((line) => ({ doc, line })) : [{ doc, line: null }];
        });
        return { items, nextCursor: p.nextCursor };
      },
    });
  }

  /** Per-machine utilization of the period (the GET /analytics/utilization rows), every machine in scope. */
  @ExportRoute(
    'analytics/export',
    'Export the per-machine analytics of a period (from, to) as CSV or XLSX',
    'analytics.read',
  )
  async analyticsExport(
    @Ctx() ctx: OrgContext,
    @Query({ schema: ZExportQuery }) e: TExportQuery,
    @Query({ schema: ZAnalyticsPeriodQuery }) q: TAnalyticsPeriodQuery,
    @Res() reply: FastifyReply,
  ) {
    await this.exports.stream(ctx, reply, {
      kind: 'analytics',
      ...e,
      filters: q,
      columns: ANALYTICS_COLUMNS,
      page: async (cursor) => {
        const p = await this.analytics.utilization(ctx, { ...q, limit: EXPORT_PAGE_SIZE, cursor });
        return {
          items: p.items.map((m) => ({ ...m, from: p.period.from, to: p.period.to })),
          nextCursor: p.nextCursor,
        };
      },
    });
  }
}
