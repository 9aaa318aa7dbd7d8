import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ZListPartsQuery, ZStockQuery, type TListPartsQuery, type TStockQuery } from '@amms/contracts/inventory';
import { ZExportQuery, type TExportQuery } from '@amms/contracts/integrations';
import { PartsService } from '../../inventory/parts.service.js';
import { StockQueriesService } from '../../inventory/stock-queries.service.js';
import { Ctx, RequirePermission } from '../../platform/access/decorators.js';
import { RateLimit } from '../../platform/rate-limit/rate-limit.guard.js';
import type { OrgContext } from '../../platform/access/context.js';
import { ExportLookups } from './export-names.js';
import { EXPORT_PAGE_SIZE, ExportService } from './export.service.js';
import { PART_COLUMNS, STOCK_COLUMNS } from './inventory-columns.js';

/**
 * `GET …/parts/export` and `GET …/stock/export` (`inventory.read`): the catalog and the stock as
 * CSV / XLSX, read through the lists' own services (filters, org, location scope), in the
 * columns the imports read back (docs/import-export.md).
 */
@ApiTags('export')
@ApiBearerAuth()
@ApiProduces('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
@Controller('orgs/:orgId')
export class InventoryExportController {
  constructor(
    private readonly exports: ExportService,
    private readonly lookups: ExportLookups,
    private readonly parts: PartsService,
    private readonly stock: StockQueriesService,
  ) {}

  @RequirePermission('inventory.read')
  @RateLimit('export')
  @Get('parts/export')
  @ApiOperation({ summary: 'Export the parts catalog (the GET /parts filters) as CSV or XLSX' })
  async partsExport(
    @Ctx() ctx: OrgContext,
    @Query({ schema: ZExportQuery }) e: TExportQuery,
    @Query({ schema: ZListPartsQuery }) q: TListPartsQuery,
    @Res() reply: FastifyReply,
  ) {
    await this.exports.stream(ctx, reply, {
      kind: 'parts',
      ...e,
      filters: q,
      columns: PART_COLUMNS,
      page: async (cursor) => {
        const p = await this.parts.list(ctx, { ...q, limit: EXPORT_PAGE_SIZE, cursor });
        const names = await this.lookups.names(
          ctx.organizationId,
          [],
          p.items.flatMap((x) => x.compatibleModelIds),
        );
        return { items: p.items.map((x) => ({ ...x, names })), nextCursor: p.nextCursor };
      },
    });
  }

  @RequirePermission('inventory.read')
  @RateLimit('export')
  @Get('stock/export')
  @ApiOperation({ summary: 'Export the stock per part and location (the GET /stock filters) as CSV or XLSX' })
  async stockExport(
    @Ctx() ctx: OrgContext,
    @Query({ schema: ZExportQuery }) e: TExportQuery,
    @Query({ schema: ZStockQuery }) q: TStockQuery,
    @Res() reply: FastifyReply,
  ) {
    await this.exports.stream(ctx, reply, {
      kind: 'stock',
      ...e,
      filters: q,
      columns: STOCK_COLUMNS,
      page: async () => ({ items: await this.stock.rows(ctx, q), nextCursor: null }),
    });
  }
}
