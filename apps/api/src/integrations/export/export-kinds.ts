import type { TAsset } from '@amms/contracts/assets';
import type { TMachineUtilization } from '@amms/contracts/analytics';
import type { TCostDocument, TCostLine } from '@amms/contracts/costs';
import type { TField, TJob } from '@amms/contracts/jobs';
import type { TWorkOrderView } from '@amms/contracts/maintenance';
import { codeCol, col, yuan, type Column } from './columns.js';

/** Names the ids of a page point at (teams, models), read once per page for the readable columns. */
export interface Names {
  team: (id: string | null) => string | null;
  model: (id: string | null) => string | null;
}

export type AssetRow = TAsset & { names: Names };
export const ASSET_COLUMNS: readonly Column<AssetRow>[] = [
  col('id', 'ID', 'ID', (a) => a.id),
  col('name', '名称', 'Name', (a) => a.name),
  col('serialNumber', '出厂编号', 'Serial number', (a) => a.serialNumber),
  col('plateNumber', '牌照号', 'Plate number', (a) => a.plateNumber),
  col('model', '机型', 'Model', (a) => a.names.model(a.modelId)),
  col('modelId', '机型 ID', 'Model ID', (a) => a.modelId),
  col('team', '班组', 'Team', (a) => a.names.team(a.teamId)),
  col('teamId', '班组 ID', 'Team ID', (a) => a.teamId),
  codeCol('status', '状态', 'Status', 'assetStatus', (a) => a.status),
  col('purchaseDate', '购置日期', 'Purchase date', (a) => a.purchaseDate),
  col('purchaseCost', '购置价格（元）', 'Purchase cost (CNY)', (a) => yuan(a.purchaseCostMinor)),
  col('createdAt', '创建时间', 'Created at', (a) => a.createdAt),
];

export type FieldRow = TField & { names: Names };
export const FIELD_COLUMNS: readonly Column<FieldRow>[] = [
  col('id', 'ID', 'ID', (f) => f.id),
  col('name', '名称', 'Name', (f) => f.name),
  col('areaHa', '面积（公顷）', 'Area (ha)', (f) => f.areaHa),
  col('crop', '作物', 'Crop', (f) => f.crop),
  col('team', '班组', 'Team', (f) => f.names.team(f.teamId)),
  col('teamId', '班组 ID', 'Team ID', (f) => f.teamId),
  col('latitude', '纬度', 'Latitude', (f) => f.latitude),
  col('longitude', '经度', 'Longitude', (f) => f.longitude),
  col('locationText', '位置', 'Location', (f) => f.locationText),
  col('notes', '备注', 'Notes', (f) => f.notes),
  col('createdAt', '创建时间', 'Created at', (f) => f.createdAt),
];

export type JobRow = TJob & { names: Names };
export const JOB_COLUMNS: readonly Column<JobRow>[] = [
  col('id', 'ID', 'ID', (j) => j.id),
  col('title', '标题', 'Title', (j) => j.title),
  col('field', '地块', 'Field', (j) => j.fieldName),
  col('fieldId', '地块 ID', 'Field ID', (j) => j.fieldId),
  codeCol('operationType', '作业类型', 'Operation', 'operation', (j) => j.operationType),
  codeCol('status', '状态', 'Status', 'jobStatus', (j) => j.status),
  col('team', '班组', 'Team', (j) => j.names.team(j.teamId)),
  col('windowStart', '窗口开始', 'Window start', (j) => j.windowStart),
  col('windowEnd', '窗口结束', 'Window end', (j) => j.windowEnd),
  col('priority', '优先级', 'Priority', (j) => j.priority),
  col('areaHa', '面积（公顷）', 'Area (ha)', (j) => j.areaHa),
  col('estimatedHours', '预计工时', 'Estimated hours', (j) => j.estimatedHours),
  col('startedAt', '开始时间', 'Started at', (j) => j.startedAt),
  col('completedAt', '完成时间', 'Completed at', (j) => j.completedAt),
  col('actualHours', '实际工时', 'Actual hours', (j) => j.actualHours),
  col('areaDoneHa', '完成面积（公顷）', 'Area done (ha)', (j) => j.areaDoneHa),
  col('fuelLiters', '油耗（升）', 'Fuel (L)', (j) => j.fuelLiters),
  col('notes', '备注', 'Notes', (j) => j.notes),
  col('createdAt', '创建时间', 'Created at', (j) => j.createdAt),
];

const costOf = (w: TWorkOrderView, k: 'laborCostMinor' | 'partsCostMinor' | 'totalCostMinor') =>
  'totalCostMinor' in w ? yuan(w[k]) : null;
export const WORK_ORDER_COST_KEYS = new Set(['laborCost', 'partsCost', 'totalCost']);
export const WORK_ORDER_COLUMNS: readonly Column<TWorkOrderView>[] = [
  col('id', 'ID', 'ID', (w) => w.id),
  col('number', '工单号', 'Number', (w) => `WO-${String(w.number).padStart(6, '0')}`),
  col('title', '标题', 'Title', (w) => w.title),
  codeCol('type', '类型', 'Type', 'woType', (w) => w.type),
  codeCol('status', '状态', 'Status', 'workOrderStatus', (w) => w.status),
  col('asset', '机器', 'Machine', (w) => w.assetName),
  col('assetId', '机器 ID', 'Machine ID', (w) => w.assetId),
  col('priority', '优先级', 'Priority', (w) => w.priority),
  col('plannedStart', '计划开始', 'Planned start', (w) => w.plannedStart),
  col('plannedEnd', '计划结束', 'Planned end', (w) => w.plannedEnd),
  col('causesDowntime', '导致停机', 'Causes downtime', (w) => w.causesDowntime),
  col('startedAt', '开始时间', 'Started at', (w) => w.startedAt),
  col('submittedAt', '提交时间', 'Submitted at', (w) => w.submittedAt),
  col('acceptedAt', '验收时间', 'Accepted at', (w) => w.acceptedAt),
  col('laborHours', '工时', 'Labor hours', (w) => w.laborHours),
  col('laborCost', '人工费（元）', 'Labor cost (CNY)', (w) => costOf(w, 'laborCostMinor')),
  col('partsCost', '配件费（元）', 'Parts cost (CNY)', (w) => costOf(w, 'partsCostMinor')),
  col('totalCost', '合计（元）', 'Total (CNY)', (w) => costOf(w, 'totalCostMinor')),
  col('createdAt', '创建时间', 'Created at', (w) => w.createdAt),
];

/** One output row per cost line (a document without lines: one row with empty line cells). */
export type CostLineRow = { doc: TCostDocument; line: TCostLine | null };
export const COST_COLUMNS: readonly Column<CostLineRow>[] = [
  col('documentId', '单据 ID', 'Document ID', (r) => r.doc.id),
  col('number', '单据号', 'Number', (r) => r.doc.number),
  col('documentDate', '单据日期', 'Date', (r) => r.doc.documentDate),
  codeCol('category', '类别', 'Category', 'costCategory', (r) => r.doc.category),
  codeCol('status', '状态', 'Status', 'costStatus', (r) => r.doc.status),
  col('supplier', '供应商', 'Supplier', (r) => r.doc.supplier),
  col('description', '说明', 'Description', (r) => r.doc.description),
  col('assetId', '机器 ID', 'Machine ID', (r) => r.doc.assetId),
  col('jobId', '作业 ID', 'Job ID', (r) => r.doc.jobId),
  col('workOrderId', '工单 ID', 'Work order ID', (r) => r.doc.workOrderId),
  col('currency', '币种', 'Currency', (r) => r.doc.currency),
  col('documentTotal', '单据合计（元）', 'Document total (CNY)', (r) => yuan(r.doc.totalMinor)),
  col('linePosition', '行号', 'Line', (r) => r.line?.position ?? null),
  col('lineDescription', '明细', 'Line description', (r) => r.line?.description ?? null),
  col('quantity', '数量', 'Quantity', (r) => r.line?.quantity ?? null),
  col('unit', '单位', 'Unit', (r) => r.line?.unit ?? null),
  col('unitPrice', '单价（元）', 'Unit price (CNY)', (r) => yuan(r.line?.unitPriceMinor)),
  col('lineAmount', '金额（元）', 'Amount (CNY)', (r) => yuan(r.line?.amountMinor)),
];

export const ANALYTICS_COLUMNS: readonly Column<TMachineUtilization & { from: string; to: string }>[] = [
  col('from', '开始日期', 'From', (m) => m.from),
  col('to', '结束日期', 'To', (m) => m.to),
  col('assetId', '机器 ID', 'Machine ID', (m) => m.assetId),
  col('name', '机器', 'Machine', (m) => m.name),
  col('serialNumber', '出厂编号', 'Serial number', (m) => m.serialNumber),
  codeCol('kind', '类别', 'Kind', 'kind', (m) => m.kind),
  codeCol('status', '状态', 'Status', 'assetStatus', (m) => m.status),
  col('jobs', '完成作业数', 'Jobs completed', (m) => m.jobs),
  col('productiveHours', '生产工时', 'Productive hours', (m) => m.productiveHours),
  col('downtimeHours', '停机时长', 'Downtime hours', (m) => m.downtimeHours),
  col('availableHours', '可用工时', 'Available hours', (m) => m.availableHours),
  col('utilization', '利用率', 'Utilization', (m) => m.utilization),
];
