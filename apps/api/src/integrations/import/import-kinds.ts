import { ZCreateAssetRequest } from '@amms/contracts/assets';
import type { TImportKind } from '@amms/contracts/integrations';
import { OPERATION_TYPES } from '@amms/contracts/assets';
import { enumCodeOf } from '@amms/contracts/enum-labels';
import { ZCreateFieldRequest, ZCreateJobRequest } from '@amms/contracts/jobs';
import { AssetErrors } from '../../assets/assets.errors.js';
import { JobErrors } from '../../jobs/jobs.errors.js';
import { calendarDate, dateTime, int, num, text, yuanToMinor } from './cells.js';
import { cell, columnTable, compact, orUndefined, reference, type ImportKindDef } from './import-kind.js';
import { PART_IMPORT, STOCK_IMPORT } from './inventory-kinds.js';

export const ASSET_IMPORT: ImportKindDef = {
  kind: 'assets',
  columns: columnTable(`
name | 名称 | Name | required
serialNumber | 出厂编号 | Serial number | required
model | 机型 | Model | required
team | 班组 | Team
plateNumber | 牌照号 | Plate number
purchaseDate | 购置日期 | Purchase date
purchaseCost | 购置价格（元） | Purchase cost (CNY)
`),
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
  unique: ['serialNumber'],
  create: (s, tx, ctx, input) => s.assets.createIn(tx, ctx, input),
  uniqueViolation: (input) => AssetErrors.serialTaken(String(input.serialNumber)),
};

export const FIELD_IMPORT: ImportKindDef = {
  kind: 'fields',
  columns: columnTable(`
name | 名称 | Name | required
areaHa | 面积（公顷） | Area (ha) | required
crop | 作物 | Crop
team | 班组 | Team
latitude | 纬度 | Latitude
longitude | 经度 | Longitude
locationText | 位置 | Location
notes | 备注 | Notes
`),
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
  unique: ['name'],
  create: (s, tx, ctx, input) => s.fields.createIn(tx, ctx, input),
  uniqueViolation: (input) => JobErrors.fieldNameTaken(String(input.name)),
};

export const JOB_IMPORT: ImportKindDef = {
  kind: 'jobs',
  columns: columnTable(`
field | 地块 | Field | required
operationType | 作业类型 | Operation | required
windowStart | 窗口开始 | Window start | required
windowEnd | 窗口结束 | Window end | required
estimatedHours | 预计工时 | Estimated hours | required
title | 标题 | Title
priority | 优先级 | Priority
areaHa | 面积（公顷） | Area (ha)
team | 班组 | Team
notes | 备注 | Notes
`),
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
  parts: PART_IMPORT,
  stock: STOCK_IMPORT,
};
