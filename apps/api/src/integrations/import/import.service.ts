import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  IMPORT_MAX_ROWS,
  type TImportCommitResponse,
  type TImportKind,
  type TImportPreview,
  type TImportRow,
  type TImportRowError,
} from '@amms/contracts/integrations';
import { AssetsService, assetInvalidation } from '../../assets/assets.service.js';
import { AuditService } from '../../audit/audit.service.js';
import { FieldsService } from '../../jobs/fields.service.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { PartsService } from '../../inventory/parts.service.js';
import { StockImportService } from '../../inventory/stock-import.service.js';
import { stockLocationScope } from '../../platform/access/stock-scope.js';
import { fieldScope } from '../../platform/access/job-scope.js';
import { CacheService } from '../../platform/cache/cache.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { isUniqueViolation } from '../../platform/prisma/db-errors.js';
import type { Tx } from '../../platform/prisma/prisma.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { IMPORT_KIND_DEFS } from './import-kinds.js';
import { NameIndex, type ImportKindDef, type ImportServices, type Lookups } from './import-kind.js';
import { ImportRepository } from './import.repository.js';
import { ImportStore, type StoredPreview } from './import-store.js';
import { readImportConfig, type ImportConfig } from './import-config.js';

/** Thrown inside the dry-run transaction to roll it back on purpose. */
class DryRun extends Error {}

/**
 * Import of machines, fields, jobs, parts and stock from a file: preview → commit.
 *
 * Both steps run every row through the resource's own create path (`createIn`: scope, references,
 * uniqueness, audit) inside ONE transaction, each row under a savepoint so a refused row does not
 * abort the others and every row gets its verdict. The preview always rolls back; the commit
 * commits only when no row failed (else 422 IMPORT_ROWS_INVALID with the rows, nothing written).
 * So the preview predicts the commit exactly, with what changed in between (a serial taken
 * meanwhile) caught by the commit.
 */
@Injectable()
export class ImportService {
  readonly config: ImportConfig = readImportConfig(process.env);

  constructor(
    private readonly repo: ImportRepository,
    private readonly store: ImportStore,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
    private readonly assets: AssetsService,
    private readonly fields: FieldsService,
    private readonly jobs: JobsService,
    private readonly parts: PartsService,
    private readonly stock: StockImportService,
  ) {}

  private get services(): ImportServices {
    return { assets: this.assets, fields: this.fields, jobs: this.jobs, parts: this.parts, stock: this.stock };
  }

  /** The header row of a kind's template: the labels in the language asked for (or the keys). */
  templateHeader(kind: TImportKind, lang: 'zh-CN' | 'en' | 'keys'): string[] {
    return IMPORT_KIND_DEFS[kind].columns.map(
      (c) => (lang === 'keys' ? c.key : lang === 'en' ? c.en : c.zh) + (lang !== 'keys' && c.required ? ' *' : ''),
    );
  }

  async preview(
    ctx: OrgContext,
    kind: TImportKind,
    sheet: { format: 'csv' | 'xlsx'; rows: string[][] },
    fileName: string | null,
  ): Promise<TImportPreview> {
    const def = IMPORT_KIND_DEFS[kind];
    const { columns, rows } = this.readTable(def, sheet.rows);
    const verdicts = await this.run(ctx, def, rows, 'dry-run', fileName);
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + this.config.previewTtlSeconds * 1000).toISOString();
    await this.store.save(
      ctx.organizationId,
      { id, kind, owner: ownerOf(ctx), fileName, format: sheet.format, columns, rows, expiresAt },
      this.config.previewTtlSeconds,
    );
    const invalid = verdicts.rows.filter((r) => r.errors.length > 0).length;
    return {
      id,
      kind,
      fileName,
      format: sheet.format,
      columns,
      rows: verdicts.rows,
      total: rows.length,
      valid: rows.length - invalid,
      invalid,
      expiresAt,
    };
  }

  async commit(ctx: OrgContext, kind: TImportKind, id: string): Promise<TImportCommitResponse> {
    const def = IMPORT_KIND_DEFS[kind];
    const stored = await this.store.load(ctx.organizationId, id, ownerOf(ctx), kind);
    const claimTtl = this.config.previewTtlSeconds * 2;
    const claim = await this.store.claim(ctx.organizationId, id, claimTtl);
    if (claim !== 'claimed')
      throw new AppError('IMPORT_ALREADY_COMMITTED', 'This import has already been committed (or is being committed)', {
        state: claim,
      });
    try {
      const out = await this.run(ctx, def, stored.rows, 'commit', stored.fileName, stored);
      await this.store.markCommitted(ctx.organizationId, id, claimTtl);
      if (kind === 'assets') await this.cache.invalidate(ctx.organizationId, assetInvalidation());
      return { id, kind, created: out.ids.length, ids: out.ids };
    } catch (err) {
      await this.store.release(ctx.organizationId, id);
      throw err;
    }
  }

  /** Header → column keys (key, Chinese or English label, `*` and case ignored; unknown columns are ignored), rows → values by key. */
  private readTable(def: ImportKindDef, table: string[][]): { columns: string[]; rows: StoredPreview['rows'] } {
    const [header, ...body] = table;
    if (!header || header.every((h) => h.trim() === ''))
      throw new AppError(
        'IMPORT_FILE_INVALID',
        'The file is empty: the first row must name the columns (download the template)',
      );
    const norm = (s: string) => s.replace(/\*/g, '').trim().toLowerCase();
    const keyOf = new Map<string, string>();
    for (const c of def.columns) for (const label of [c.key, c.zh, c.en]) keyOf.set(norm(label), c.key);
    const positions = header.map((h) => keyOf.get(norm(h)) ?? null);
    const seen = positions.filter((k): k is string => k !== null);
    const dup = seen.find((k, i) => seen.indexOf(k) !== i);
    if (dup) throw new AppError('IMPORT_FILE_INVALID', `The column ${dup} appears twice`, { column: dup });
    const missing = def.columns.filter((c) => c.required && !seen.includes(c.key)).map((c) => c.key);
    if (missing.length > 0)
      throw new AppError('IMPORT_FILE_INVALID', `Required columns are missing: ${missing.join(', ')}`, { missing });
    const rows: StoredPreview['rows'] = [];
    body.forEach((cells, i) => {
      if (cells.every((c) => c.trim() === '')) return;
      const values: Record<string, string> = {};
      positions.forEach((k, p) => {
        if (k) values[k] = cells[p] ?? '';
      });
      rows.push({ row: i + 2, values });
    });
    if (rows.length === 0) throw new AppError('IMPORT_FILE_INVALID', 'The file has a header but no rows');
    if (rows.length > IMPORT_MAX_ROWS)
      throw new AppError(
        'IMPORT_FILE_INVALID',
        `At most ${IMPORT_MAX_ROWS} rows per file (this one has ${rows.length}): split it`,
        { rows: rows.length, max: IMPORT_MAX_ROWS },
      );
    return { columns: seen, rows };
  }

  /**
   * Every row through build → schema → the create path, in one transaction with a savepoint per
   * row. dry-run: always rolled back, answers each row's verdict. commit: rolled back with 422
   * IMPORT_ROWS_INVALID when any row failed, else committed with one audit event for the import.
   */
  private async run(
    ctx: OrgContext,
    def: ImportKindDef,
    rows: StoredPreview['rows'],
    mode: 'dry-run' | 'commit',
    fileName: string | null,
    stored?: StoredPreview,
  ): Promise<{ rows: TImportRow[]; ids: string[] }> {
    const verdicts: TImportRow[] = [];
    const ids: string[] = [];
    const work = async (tx: Tx) => {
      const lk = await this.lookups(tx, ctx, def);
      const firstRowOf = new Map<string, number>();
      for (const r of rows) {
        const errors: TImportRowError[] = [];
        const fail = (column: string | null, code: string, message: string) => errors.push({ column, code, message });
        const draft = def.build(r.values, lk, fail);
        const parsed = def.schema.safeParse(draft);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? '');
            const column = field ? (def.columnOf[field] ?? field) : null;
            if (column && errors.some((e) => e.column === column)) continue;
            fail(column, 'VALIDATION_FAILED', issue.message);
          }
        }
        if (def.unique) {
          const parts = def.unique.map((c) => (r.values[c] ?? '').trim().toLowerCase());
          const value = parts.every(Boolean) ? JSON.stringify(parts) : '';
          const earlier = value ? firstRowOf.get(value) : undefined;
          if (earlier !== undefined) fail(def.unique[0]!, 'DUPLICATE_IN_FILE', `The same value as row ${earlier}`);
          else if (value) firstRowOf.set(value, r.row);
        }
        if (errors.length === 0 && parsed.success) {
          try {
            const created = await this.repo.inSavepoint(tx, () =>
              def.create(this.services, tx, ctx, parsed.data as never, { fileName }),
            );
            if (created.id) ids.push(created.id);
          } catch (err) {
            const e = isUniqueViolation(err) ? def.uniqueViolation(parsed.data as Record<string, unknown>, err) : err;
            if (!(e instanceof AppError)) throw err;
            fail(columnOfError(def, e), e.code, e.message);
          }
        }
        verdicts.push({ row: r.row, values: r.values, errors });
      }
      const failed = verdicts.filter((v) => v.errors.length > 0);
      if (mode === 'dry-run') throw new DryRun();
      if (failed.length > 0) {
        throw new AppError(
          'IMPORT_ROWS_INVALID',
          `${failed.length} of ${rows.length} rows have errors; nothing was imported`,
          {
            rows: failed.map((v) => ({ row: v.row, errors: v.errors })),
          },
        );
      }
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'data.imported', 'import', stored!.id, {
          kind: def.kind,
          fileName: stored!.fileName,
          format: stored!.format,
          rows: rows.length,
          ids,
        }),
      );
    };
    try {
      await this.repo.transaction(work, this.config.transactionTimeoutMs);
    } catch (err) {
      if (!(err instanceof DryRun)) throw err;
    }
    return { rows: verdicts, ids };
  }

  private async lookups(tx: Tx, ctx: OrgContext, def: ImportKindDef): Promise<Lookups> {
    // only the fields (and stock locations) the caller can see: a name outside the scope is unknown, as in the lists
    const [[org, teams, models, fields], [parts, locations]] = await Promise.all([
      this.repo.lookupRows(tx, ctx.organizationId, fieldScope(ctx)),
      def.stockLookups ? this.repo.stockLookupRows(tx, ctx.organizationId, stockLocationScope(ctx)) : [[], []],
    ]);
    return {
      timezone: org?.timezone ?? 'Asia/Shanghai',
      teams: new NameIndex(
        'team',
        teams.map((t) => ({ id: t.id, names: [t.name] })),
      ),
      models: new NameIndex(
        'model',
        models.map((m) => ({ id: m.id, names: [`${m.manufacturer} ${m.name}`, m.name] })),
      ),
      fields: new NameIndex(
        'field',
        fields.map((f) => ({ id: f.id, names: [f.name] })),
      ),
      parts: new NameIndex(
        'part',
        parts.map((p) => ({ id: p.id, names: [p.partNumber] })),
      ),
      locations: new NameIndex(
        'location',
        locations.map((l) => ({ id: l.id, names: [l.name] })),
      ),
    };
  }
}

export const ownerOf = (ctx: OrgContext) =>
  ctx.principal.kind === 'API_KEY' ? `k:${ctx.principal.apiKeyId}` : `m:${ctx.membershipId}`;

/** The column an error of the create path is about (`details.field`, or the first validation path), else the whole row. */
function columnOfError(def: ImportKindDef, e: AppError): string | null {
  const d = e.details as { field?: unknown } | { path?: unknown }[] | null | undefined;
  const field = Array.isArray(d) ? d[0]?.path : d?.field;
  if (e.code === 'SERIAL_NUMBER_TAKEN') return 'serialNumber';
  if (e.code === 'FIELD_NAME_TAKEN') return 'name';
  if (e.code === 'PART_NUMBER_TAKEN') return 'partNumber';
  if (e.code === 'BARCODE_TAKEN') return 'barcode';
  return typeof field === 'string' && field ? (def.columnOf[field] ?? field) : null;
}
