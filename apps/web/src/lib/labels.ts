import type { TAssetStatus, TMachineKind, TMeterSource, TOperationType } from '@amms/contracts/assets';
import type { TCostCategory, TCostDocumentStatus } from '@amms/contracts/costs';
import type { TJobStatus } from '@amms/contracts/jobs';
import type { TChecklistResult, TDueStatus, TWorkOrderStatus, TWorkOrderType } from '@amms/contracts/maintenance';
import type { Tone } from './tone';
import { defineMessages } from '@/i18n/messages';

const ZH_OPERATION = {
  TILLAGE: '耕整地',
  SOWING_PLANTING: '播种/栽植',
  FERTILIZING: '施肥',
  CROP_PROTECTION: '植保',
  MOWING: '割草',
  BALING: '打捆',
  HARVESTING: '收获',
  FORAGE_HARVESTING: '青贮收获',
  TRANSPORT: '运输',
  OTHER: '其他',
} satisfies Record<TOperationType, string>;

const EN_OPERATION = {
  TILLAGE: 'Tillage',
  SOWING_PLANTING: 'Sowing / planting',
  FERTILIZING: 'Fertilizing',
  CROP_PROTECTION: 'Crop protection',
  MOWING: 'Mowing',
  BALING: 'Baling',
  HARVESTING: 'Harvesting',
  FORAGE_HARVESTING: 'Forage harvesting',
  TRANSPORT: 'Transport',
  OTHER: 'Other',
} satisfies Record<TOperationType, string>;

/**
 * Wording of the API's enums: the one source for every feature. A feature's messages refer to
 * these sets (`operation: enumLabels['zh-CN'].operation`) rather than repeating them, so a word
 * changes in one place. Where pages deliberately word a value differently, the variant has its
 * own name here (planningOperation, workOrderStatus) instead of a copy in the feature.
 */
export const enumLabels = defineMessages(
  {
    kind: { POWER_UNIT: '动力机械', SELF_PROPELLED: '自走式机械', IMPLEMENT: '农具' } satisfies Record<
      TMachineKind,
      string
    >,
    assetStatus: { ACTIVE: '可用', IN_MAINTENANCE: '维修中', RETIRED: '已停用' } satisfies Record<TAssetStatus, string>,
    operation: ZH_OPERATION,
    jobStatus: {
      PLANNED: '待安排',
      SCHEDULED: '已排班',
      IN_PROGRESS: '作业中',
      COMPLETED: '已完成',
      CANCELLED: '已取消',
    } satisfies Record<TJobStatus, string>,
    costCategory: {
      FUEL: '燃油',
      PARTS: '配件',
      LABOR: '人工',
      REPAIR: '维修',
      RENTAL: '租赁',
      OTHER: '其他',
    } satisfies Record<TCostCategory, string>,
    costStatus: { DRAFT: '草稿', SUBMITTED: '待审批', APPROVED: '已批准', REJECTED: '已驳回' } satisfies Record<
      TCostDocumentStatus,
      string
    >,
    woStatus: {
      OPEN: '待处理',
      IN_PROGRESS: '维修中',
      AWAITING_ACCEPTANCE: '待验收',
      CLOSED: '已关闭',
      CANCELLED: '已取消',
    } satisfies Record<TWorkOrderStatus, string>,
    woType: { PREVENTIVE: '预防性保养', CORRECTIVE: '故障维修', INSPECTION: '检查' } satisfies Record<
      TWorkOrderType,
      string
    >,
    dueStatus: { OVERDUE: '已逾期', DUE_SOON: '即将到期', OK: '正常' } satisfies Record<TDueStatus, string>,
    meterSource: {
      MANUAL: '手工录入',
      TELEMATICS: '车载终端',
      JOB: '作业记录',
      WORK_ORDER: '维修工单',
    } satisfies Record<TMeterSource, string>,
    /** the operation as the planning pages (jobs, drafts) write it */
    planningOperation: { ...ZH_OPERATION, SOWING_PLANTING: '播种栽植' } satisfies Record<TOperationType, string>,
    /** a work order's status on the maintenance pages and in the field app */
    workOrderStatus: {
      OPEN: '待开始',
      IN_PROGRESS: '维修中',
      AWAITING_ACCEPTANCE: '待验收',
      CLOSED: '已关闭',
      CANCELLED: '已取消',
    } satisfies Record<TWorkOrderStatus, string>,
    checklistResult: { PENDING: '未检查', PASS: '合格', FAIL: '不合格', NA: '不适用' } satisfies Record<
      TChecklistResult,
      string
    >,
    /** the one priority scale of jobs and work orders (API, scheduler weight): 5 is the most urgent */
    priority: { 1: '最低', 2: '低', 3: '普通', 4: '高', 5: '紧急' },
  },
  {
    kind: { POWER_UNIT: 'Power unit', SELF_PROPELLED: 'Self-propelled', IMPLEMENT: 'Implement' },
    assetStatus: { ACTIVE: 'Available', IN_MAINTENANCE: 'In maintenance', RETIRED: 'Retired' },
    operation: EN_OPERATION,
    jobStatus: {
      PLANNED: 'Planned',
      SCHEDULED: 'Scheduled',
      IN_PROGRESS: 'In progress',
      COMPLETED: 'Completed',
      CANCELLED: 'Cancelled',
    },
    costCategory: { FUEL: 'Fuel', PARTS: 'Parts', LABOR: 'Labour', REPAIR: 'Repair', RENTAL: 'Rental', OTHER: 'Other' },
    costStatus: { DRAFT: 'Draft', SUBMITTED: 'Awaiting approval', APPROVED: 'Approved', REJECTED: 'Rejected' },
    woStatus: {
      OPEN: 'Open',
      IN_PROGRESS: 'In progress',
      AWAITING_ACCEPTANCE: 'Awaiting acceptance',
      CLOSED: 'Closed',
      CANCELLED: 'Cancelled',
    },
    woType: { PREVENTIVE: 'Preventive', CORRECTIVE: 'Corrective', INSPECTION: 'Inspection' },
    dueStatus: { OVERDUE: 'Overdue', DUE_SOON: 'Due soon', OK: 'OK' },
    meterSource: { MANUAL: 'Manual', TELEMATICS: 'Telematics', JOB: 'Job', WORK_ORDER: 'Work order' },
    planningOperation: EN_OPERATION,
    workOrderStatus: {
      OPEN: 'Open',
      IN_PROGRESS: 'In progress',
      AWAITING_ACCEPTANCE: 'Awaiting acceptance',
      CLOSED: 'Closed',
      CANCELLED: 'Cancelled',
    },
    checklistResult: { PENDING: 'Not checked', PASS: 'Pass', FAIL: 'Fail', NA: 'N/A' },
    priority: { 1: 'Lowest', 2: 'Low', 3: 'Normal', 4: 'High', 5: 'Urgent' },
  },
);

export const ASSET_STATUS_TONE: Record<TAssetStatus, Tone> = {
  ACTIVE: 'green',
  IN_MAINTENANCE: 'amber',
  RETIRED: 'neutral',
};
export const JOB_STATUS_TONE: Record<TJobStatus, Tone> = {
  PLANNED: 'neutral',
  SCHEDULED: 'blue',
  IN_PROGRESS: 'violet',
  COMPLETED: 'green',
  CANCELLED: 'neutral',
};
export const WO_STATUS_TONE: Record<TWorkOrderStatus, Tone> = {
  OPEN: 'amber',
  IN_PROGRESS: 'violet',
  AWAITING_ACCEPTANCE: 'blue',
  CLOSED: 'green',
  CANCELLED: 'neutral',
};
export const COST_STATUS_TONE: Record<TCostDocumentStatus, Tone> = {
  DRAFT: 'neutral',
  SUBMITTED: 'amber',
  APPROVED: 'green',
  REJECTED: 'red',
};
export const DUE_STATUS_TONE: Record<TDueStatus, Tone> = { OVERDUE: 'red', DUE_SOON: 'amber', OK: 'green' };

/** A priority (1 lowest … 5 urgent) in words with its number, e.g. "紧急（5）" / "Urgent (5)". */
export function priorityText(labels: (typeof enumLabels)['zh-CN'], p: number): string {
  const word = labels.priority[Math.min(5, Math.max(1, Math.round(p))) as 1 | 2 | 3 | 4 | 5];
  return labels === enumLabels['zh-CN'] ? `${word}（${p}）` : `${word} (${p})`;
}
