import type { z } from 'zod';
import { ZCreateAssetRequest } from '@amms/contracts/assets';
import type { TImportKind, TImportRowError } from '@amms/contracts/integrations';
import { OPERATION_TYPES } from '@amms/contracts/assets';
import { enumCodeOf } from '@amms/contracts/enum-labels';
import { ZCreateFieldRequest, ZCreateJobRequest } from '@amms/contracts/jobs';
import type { AssetsService } from '../../assets/assets.service.js';
import type { FieldsService } from '../../jobs/fields.service.js';
import type { JobsService } from '../../jobs/jobs.service.js';
import { AssetErrors } from '../../assets/assets.errors.js';
import { JobErrors } from '../../jobs/jobs.errors.js';
import type { AppError } from '../../platform/errors/app-error.js';
import type { Tx } from '../../platform/prisma/prisma.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { calendarDate, dateTime, int, num, text, yuanToMinor, type Read } from './cells.js';

/** A column of an import file: its stable key and the headers accepted for it (key, Chinese, English; case-insensitive). */
export interface ImportColumn {
  key: string;
  zh: string;
  en: string;
  required?: boolean;
}

/** Names → ids, for the readable columns (team, model, field). Matches an id, or a name case-insensitively. */
export class NameIndex {
  private readonly byId = new Set<string>();
  private readonly byName = new Map<string, string[]>();

  constructor(
    private readonly what: 'team' | 'model' | 'field',
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
}

export interface ImportServices {
  assets: AssetsService;
  fields: FieldsService;
  jobs: JobsService;
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
  /** the value two rows of one file must not share (serial number, field name) */
  uniqueColumn?: string;
  create(services: ImportServices, tx: Tx, ctx: OrgContext, input: never): Promise<{ id: string }>;
  /** the database refused a duplicate (the partial unique index): the single create's error */
  uniqueViolation(input: Record<string, unknown>): AppError;
}

function reference(
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

function cell<T>(read: Read<T>, column: string, fail: (c: string, code: string, m: string) => void): T | undefined {
  if (read.ok) return read.value;
  fail(column, 'VALIDATION_FAILED', read.message);
  return undefined;
}

/** Drops undefined (absent → the create request's default). */
const compact = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const orUndefined = <T>(v: T | null | undefined) => (v === null ? undefined : v);

export const ASSET_IMPORT: ImportKindDef = {
  kind: 'assets',
  columns: [
    { key: 'name', zh: '名称', en: 'Name', required: true },
    { key: 'serialNumber', zh: '出厂编号', en: 'Serial number', required: true },
    { key: 'model', zh: '机型', en: 'Model', required: true },
    { key: 'team', zh: '班组', en: 'Team' },
    { key: 'plateNumber', zh: '牌照号', en: 'Plate number' },
    { key: 'purchaseDate', zh: '购置日期', en: 'Purchase date' },
    { key: 'purchaseCost', zh: '购置价格（元）', en: 'Purchase cost (CNY)' },
  ],
  build(v, lk, fail) {
    return compact({
      name: v.name ?? '',
      serialNumber: v.serialNumber ?? '',
      modelId: v.model?.trim() ? reference(lk.models, 'model', v.model, fail) : '',
      teamId: reference(lk.teams, 'team', v.team ?? '', fail),
      plateNumber: orUndefined(text(v.plateNumber ?? '')),
      purchaseDate: orUndefined(cell(calendarDate(v.purchaseDate ?? ''), 'purchaseDate', fail)),
      purchaseCostMinor: orUndefined(cell(yuanToMinor(v.purchaseCost ?? ''), 'purchaseCost', fail)),
    });
  },
  schema: ZCreateAssetRequest,
  columnOf: { modelId: 'model', teamId: 'team', purchaseCostMinor: 'purchaseCost' },
  uniqueColumn: 'serialNumber',
  create: (s, tx, ctx, input) => s.assets.createIn(tx, ctx, input),
  uniqueViolation: (input) => AssetErrors.serialTaken(String(input.serialNumber)),
};

export const FIELD_IMPORT: ImportKindDef = {
  kind: 'fields',
  columns: [
    { key: 'name', zh: '名称', en: 'Name', required: true },
    { key: 'areaHa', zh: '面积（公顷）', en: 'Area (ha)', required: true },
    { key: 'crop', zh: '作物', en: 'Crop' },
    { key: 'team', zh: '班组', en: 'Team' },
    { key: 'latitude', zh: '纬度', en: 'Latitude' },
    { key: 'longitude', zh: '经度', en: 'Longitude' },
    { key: 'locationText', zh: '位置', en: 'Location' },
    { key: 'notes', zh: '备注', en: 'Notes' },
  ],
  build(v, lk, fail) {
    return compact({
      name: v.name ?? '',
      areaHa: cell(num(v.areaHa ?? ''), 'areaHa', fail) ?? (v.areaHa?.trim() ? undefined : null),
      crop: orUndefined(text(v.crop ?? '')),
      teamId: reference(lk.teams, 'team', v.team ?? '', fail),
      latitude: orUndefined(cell(num(v.latitude ?? ''), 'latitude', fail)),
      longitude: orUndefined(cell(num(v.longitude ?? ''), 'longitude', fail)),
      locationText: orUndefined(text(v.locationText ?? '')),
      notes: orUndefined(text(v.notes ?? '')),
    });
  },
  schema: ZCreateFieldRequest,
  columnOf: { teamId: 'team' },
  uniqueColumn: 'name',
  create: (s, tx, ctx, input) => s.fields.createIn(tx, ctx, input),
  uniqueViolation: (input) => JobErrors.fieldNameTaken(String(input.name)),
};

export const JOB_IMPORT: ImportKindDef = {
  kind: 'jobs',
  columns: [
    { key: 'field', zh: '地块', en: 'Field', required: true },
    { key: 'operationType', zh: '作业类型', en: 'Operation', required: true },
    { key: 'windowStart', zh: '窗口开始', en: 'Window start', required: true },
    { key: 'windowEnd', zh: '窗口结束', en: 'Window end', required: true },
    { key: 'estimatedHours', zh: '预计工时', en: 'Estimated hours', required: true },
    { key: 'title', zh: '标题', en: 'Title' },
    { key: 'priority', zh: '优先级', en: 'Priority' },
    { key: 'areaHa', zh: '面积（公顷）', en: 'Area (ha)' },
    { key: 'team', zh: '班组', en: 'Team' },
    { key: 'notes', zh: '备注', en: 'Notes' },
  ],
  build(v, lk, fail) {
    // the code or its word in either language: an export under a Chinese header writes 收获
    const raw = (v.operationType ?? '').trim();
    const op = enumCodeOf('operation', raw) ?? raw.toUpperCase();
    if (raw && !(OPERATION_TYPES as readonly string[]).includes(op))
      fail('operationType', 'VALIDATION_FAILED', `"${v.operationType}" is not one of ${OPERATION_TYPES.join(', ')}`);
    return compact({
      fieldId: v.field?.trim() ? reference(lk.fields, 'field', v.field, fail) : '',
      operationType: op,
      windowStart: cell(dateTime(v.windowStart ?? '', lk.timezone), 'windowStart', fail) ?? '',
      windowEnd: cell(dateTime(v.windowEnd ?? '', lk.timezone), 'windowEnd', fail) ?? '',
      estimatedHours: cell(num(v.estimatedHours ?? ''), 'estimatedHours', fail) ?? undefined,
      title: orUndefined(text(v.title ?? '')),
      priority: orUndefined(cell(int(v.priority ?? ''), 'priority', fail)),
      areaHa: orUndefined(cell(num(v.areaHa ?? ''), 'areaHa', fail)),
      teamId: reference(lk.teams, 'team', v.team ?? '', fail),
      notes: orUndefined(text(v.notes ?? '')),
    });
  },
  schema: ZCreateJobRequest,
  columnOf: { fieldId: 'field', teamId: 'team' },
  create: (s, tx, ctx, input) => s.jobs.createIn(tx, ctx, input),
  uniqueViolation: () => JobErrors.invalid('fieldId', 'duplicate'),
};

export const IMPORT_KIND_DEFS: Readonly<Record<TImportKind, ImportKindDef>> = {
  assets: ASSET_IMPORT,
  fields: FIELD_IMPORT,
  jobs: JOB_IMPORT,
};
