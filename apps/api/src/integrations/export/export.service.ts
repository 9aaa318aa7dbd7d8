import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { TExportFormat, TExportKind } from '@amms/contracts/integrations';
import { AuditService } from '../../audit/audit.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { CONTENT_TYPES, ExportAborted, sheetWriter } from '../sheets/sheet-writer.js';
import { cellOf, headerOf, type Column, type HeaderLang } from './columns.js';
import { ExportLookups } from './export-names.js';

/** One page of a list as its service answers it. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Page size used to walk a list (the lists' maximum). */
export const EXPORT_PAGE_SIZE = 200;

export interface ExportRequest<T> {
  kind: TExportKind;
  format: TExportFormat;
  lang: HeaderLang;
  /** the list's filters as validated (written to the audit event) */
  filters: Record<string, unknown>;
  columns: readonly Column<T>[];
  /** reads one page of rows after `cursor` through the list's own service (its filters, order and data scope) */
  page: (cursor: string | undefined) => Promise<Page<T>>;
}

/**
 * Streams a whole list as CSV or XLSX. The rows come from the list's service page by page, so an
 * export holds exactly what the same caller's list shows (same filters, order, org and data
 * scope) and memory stays flat. The first page is read before anything is answered: a bad
 * filter, a missing permission or an unknown referenced id is a normal error response. The
 * export is audited (`data.exported`) before the first byte leaves. A failure after that cuts
 * the download short (the client sees a truncated body, never a silently shorter file that
 * looks complete: the XLSX zip is left unfinished, the CSV has no closing row count either, so
 * the error is logged and the connection reset).
 */
@Injectable()
export class ExportService {
  private readonly log = new Logger('Export');

  constructor(
    private readonly audit: AuditService,
    private readonly lookups: ExportLookups,
  ) {}

  async stream<T>(ctx: OrgContext, reply: FastifyReply, req: ExportRequest<T>): Promise<void> {
    const first = await req.page(undefined);
    const exportId = randomUUID();
    await this.audit.appendNow(
      this.audit.forCtx(ctx, 'data.exported', 'export', exportId, {
        kind: req.kind,
        format: req.format,
        filters: withoutPaging(req.filters),
      }),
    );
    const out = sheetWriter(req.format, req.kind);
    // the file is named by the org's calendar day, not UTC's (an export at 07:00 in Beijing is today's)
    const day = localDate(new Date(), await this.lookups.timezone(ctx.organizationId));
    void reply
      .header('content-type', CONTENT_TYPES[req.format])
      .header('content-disposition', `attachment; filename="${req.kind}-${day}.${req.format}"`)
      .header('cache-control', 'no-store')
      .header('x-export-id', exportId);
    void this.write(out, req, first).catch((err: unknown) => {
      if (!(err instanceof ExportAborted))
        this.log.error(
          `export ${exportId} (${req.kind}) failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
      out.stream.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    await reply.send(out.stream);
  }

  private async write<T>(out: ReturnType<typeof sheetWriter>, req: ExportRequest<T>, first: Page<T>): Promise<void> {
    await out.addRow(headerOf(req.columns as readonly Column<never>[], req.lang));
    let page = first;
    for (;;) {
      for (const row of page.items) await out.addRow(req.columns.map((c) => cellOf(c, row, req.lang)));
      if (!page.nextCursor) break;
      page = await req.page(page.nextCursor);
    }
    await out.end();
  }
}

/** `YYYY-MM-DD` of `at` in `timezone` (en-CA formats dates as ISO). */
export function localDate(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

function withoutPaging(filters: Record<string, unknown>): Record<string, unknown> {
  const { limit: _l, cursor: _c, ...rest } = filters;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}
