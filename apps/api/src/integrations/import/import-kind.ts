import type { z } from 'zod';
import type { TImportKind, TImportRowError } from '@amms/contracts/integrations';
import type { AssetsService } from '../../assets/assets.service.js';
import type { FieldsService } from '../../jobs/fields.service.js';
import type { JobsService } from '../../jobs/jobs.service.js';
import type { PartsService } from '../../inventory/parts.service.js';
import type { StockImportService } from '../../inventory/stock-import.service.js';
import type { AppError } from '../../platform/errors/app-error.js';
import type { Tx } from '../../platform/prisma/prisma.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import type { Read } from './cells.js';

/** A column of an import file: its stable key and the headers accepted for it (key, Chinese, English; case-insensitive). */
export interface ImportColumn {
  key: string;
  zh: string;
  en: string;
  required?: boolean;
}

/**
 * Columns written as a table, one a line: `key | 中文 header | English header`, then `| required`
 * for a column every row must fill. A file's header may use either language.
 */
export function columnTable(table: string): ImportColumn[] {
  return table
    .trim()
    .split('\n')
    .map((line) => {
      const [key, zh, en, required, ...extra] = line.split('|').map((c) => c.trim());
      if (!key || !zh || !en || (required !== undefined && required !== 'required') || extra.length)
        throw new Error(`bad column row: ${line}`);
      return required ? { key, zh, en, required: true } : { key, zh, en };
    });
}

/** Names → ids, for the readable columns (team, model, field). Matches an id, or a name case-insensitively. */
export class NameIndex {
  private readonly byId = new Set<string>();
  private readonly byName = new Map<string, string[]>();

  constructor(
    private readonly what: 'team' | 'model' | 'field' | 'part' | 'location',
    rows: readonly { id: string; names: readonly string[] }[],
  ) {
    for (const r of rows) {
      this.byId.add(r.id);
      for (const n of new Set(r.names.map((x) => x.trim().toLowerCase())))
        this.byName.set(n, [...(this.byName.get(n) ?? []), r.id]);
    }
  }

  resolve(raw: string): { ok: true; id: string } | { ok: false; error: Omit<TImportRowError, 'column'> } {
    const t = raw.trim();
    if (this.byId.has(t.toLowerCase())) return { ok: true, id: t.toLowerCase() };
    const ids = this.byName.get(t.toLowerCase()) ?? [];
    if (ids.length === 1) return { ok: true, id: ids[0]! };
    const code = `UNKNOWN_${this.what.toUpperCase()}`;
    if (ids.length > 1)
      return {
        ok: false,
        error: { code: 'AMBIGUOUS_NAME', message: `"${t}" names more than one ${this.what}: use the id` },
      };
    return {
      ok: false,
      error: { code, message: `No ${this.what} "${t}"${this.what === 'field' ? ' that you can see' : ''}` },
    };
  }
}

export interface Lookups {
  timezone: string;
  teams: NameIndex;
  models: NameIndex;
  fields: NameIndex;
  /** our own part numbers, and the stock locations the caller sees (empty unless the kind needs them) */
  parts: NameIndex;
  locations: NameIndex;
}

export interface ImportServices {
  assets: AssetsService;
  fields: FieldsService;
  jobs: JobsService;
  parts: PartsService;
  stock: StockImportService;
}

/** What the create path is told about the import it runs for (a stock adjustment's reason names the file). */
export interface ImportRun {
  fileName: string | null;
}

/** One kind of import: its columns, how a row becomes the create request, and the create path it runs. */
export interface ImportKindDef {
  kind: TImportKind;
  columns: readonly ImportColumn[];
  /** cells → the create request (not yet validated); cell errors go to `fail` */
  build(
    values: Record<string, string>,
    lk: Lookups,
    fail: (column: string, code: string, message: string) => void,
  ): Record<string, unknown>;
  schema: z.ZodType;
  /** request field → the column that holds it (to place validation and reference errors) */
  columnOf: Record<string, string>;
  /** the columns whose values two rows of one file must not share together (serial number; part × location) */
  unique?: readonly string[];
  /** resolves part numbers and stock locations (the inventory kinds) */
  stockLookups?: boolean;
  /** the created row's id; null when the row changed nothing (a stock row equal to on hand) */
  create(
    services: ImportServices,
    tx: Tx,
    ctx: OrgContext,
    input: never,
    run: ImportRun,
  ): Promise<{ id: string | null }>;
  /** the database refused a duplicate (the partial unique index): the single create's error */
  uniqueViolation(input: Record<string, unknown>, err: unknown): AppError;
}

export function reference(
  index: NameIndex,
  column: string,
  raw: string,
  fail: (c: string, code: string, m: string) => void,
): string | null | undefined {
  if (raw.trim() === '') return undefined;
  const r = index.resolve(raw);
  if (r.ok) return r.id;
  fail(column, r.error.code, r.error.message);
  return undefined;
}

export function cell<T>(
  read: Read<T>,
  column: string,
  fail: (c: string, code: string, m: string) => void,
): T | undefined {
  if (read.ok) return read.value;
  fail(column, 'VALIDATION_FAILED', read.message);
  return undefined;
}

/** Drops undefined (absent → the create request's default). */
export const compact = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
export const orUndefined = <T>(v: T | null | undefined) => (v === null ? undefined : v);
