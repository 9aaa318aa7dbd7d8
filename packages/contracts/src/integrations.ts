import { z } from 'zod';

// ---------------------------------------------------------------------------
// Export (GET …/<list>/export?format=csv|xlsx&<the list's filters>)
// ---------------------------------------------------------------------------

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ZExportFormat = z.enum(EXPORT_FORMATS);
export type TExportFormat = z.infer<typeof ZExportFormat>;

/**
 * `format` (default csv) and `lang`: the header row in Chinese (`zh-CN`, default), English (`en`)
 * or as the stable column keys (`keys`, for integrations). The import reads any of the three as
 * column names. The list's own filters and `sort` are
 * read from the same query string by the list's schema; `limit` and `cursor` are ignored (an
 * export is the whole filtered list).
 */
export const ZExportQuery = z.object({
  format: ZExportFormat.default('csv'),
  lang: z.enum(['zh-CN', 'en', 'keys']).default('zh-CN'),
});
export type TExportQuery = z.infer<typeof ZExportQuery>;

/** Fields also export as GeoJSON (boundaries, or a Point at the centroid): docs/maps.md. */
export const ZFieldExportQuery = ZExportQuery.extend({ format: z.enum([...EXPORT_FORMATS, 'geojson']).default('csv') });
export type TFieldExportQuery = z.infer<typeof ZFieldExportQuery>;

export const EXPORT_KINDS = [
  'jobs',
  'work-orders',
  'cost-documents',
  'assets',
  'fields',
  'analytics',
  'parts',
  'stock',
] as const;
export type TExportKind = (typeof EXPORT_KINDS)[number];

// ---------------------------------------------------------------------------
// Import (upload → preview → commit)
// ---------------------------------------------------------------------------

export const IMPORT_KINDS = ['assets', 'fields', 'jobs', 'parts', 'stock'] as const;
export const ZImportKind = z.enum(IMPORT_KINDS);
export type TImportKind = z.infer<typeof ZImportKind>;

/** Rows per import file (one transaction commits them all). */
export const IMPORT_MAX_ROWS = 1000;

export const ZImportRowError = z.object({
  /** the column key (`serialNumber`), null when the error is about the whole row */
  column: z.string().nullable(),
  /** a stable code: VALIDATION_FAILED, NOT_FOUND, SERIAL_NUMBER_TAKEN, DUPLICATE_IN_FILE, FORBIDDEN, … */
  code: z.string(),
  message: z.string(),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportRow = z.object({
  /** the row number as a spreadsheet shows it (the header is row 1) */
  row: z.number().int().min(2),
  /** the cells as read, by column key */
  values: z.record(z.string(), z.string()),
  errors: z.array(ZImportRowError),
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZImportPreview = z.object({
  id: z.uuid(),
  kind: ZImportKind,
  fileName: z.string().nullable(),
  format: ZExportFormat,
  columns: z.array(z.string()),
  rows: z.array(ZImportRow),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** until when the preview can be committed (ISO time) */
  expiresAt: z.string(),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;

export const ZImportCommitResponse = z.object({
  id: z.uuid(),
  kind: ZImportKind,
  created: z.number().int(),
  /** the ids of the created rows, in file order (stock: the adjustment movements written; a row that matches on hand writes none) */
  ids: z.array(z.uuid()),
});
export type TImportCommitResponse = z.infer<typeof ZImportCommitResponse>;

export const ZImportKindParam = ZImportKind;
