import type { TAssetStatus, TMachineKind, TMeterSource, TOperationType } from './assets.js';
import type { TCostCategory, TCostDocumentStatus } from './costs.js';
import type { TPartCategory } from './inventory.js';
import type { TJobStatus } from './jobs.js';
import type { TChecklistResult, TDueStatus, TWorkOrderStatus, TWorkOrderType } from './maintenance.js';

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
 * The words for the API's enums in each language: the one source for the web's labels and for the
 * API's exports (a code column under a Chinese or English header is written in these words). A
 * page that deliberately words a value differently has its own set here (planningOperation,
 * workOrderStatus) instead of a copy in a feature.
 */
const ZH = {
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
  partCategory: {
    FILTER: '滤清器',
    BELT: '皮带',
    OIL: '油液',
    TYRE: '轮胎',
    BLADE: '刀片',
    BEARING: '轴承',
    HYDRAULIC: '液压件',
    ELECTRICAL: '电气件',
    OTHER: '其他',
  } satisfies Record<TPartCategory, string>,
  /** the one priority scale of jobs and work orders (API, scheduler weight): 5 is the most urgent */
  priority: { 1: '最低', 2: '低', 3: '普通', 4: '高', 5: '紧急' },
};

type Words<T> = { [K in keyof T]: T[K] extends object ? Words<T[K]> : string };

const EN: Words<typeof ZH> = {
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
  partCategory: {
    FILTER: 'Filter',
    BELT: 'Belt',
    OIL: 'Oil',
    TYRE: 'Tyre',
    BLADE: 'Blade',
    BEARING: 'Bearing',
    HYDRAULIC: 'Hydraulic',
    ELECTRICAL: 'Electrical',
    OTHER: 'Other',
  },
  priority: { 1: 'Lowest', 2: 'Low', 3: 'Normal', 4: 'High', 5: 'Urgent' },
};

export const ENUM_WORDS = { 'zh-CN': ZH, en: EN } as const;
export type TEnumWordSet = Exclude<keyof typeof ZH, 'priority'>;

/** `code` in words (`HARVESTING` → 收获), or the code itself when the set has no word for it. */
export function enumWord(lang: 'zh-CN' | 'en', set: TEnumWordSet, code: string): string {
  return (ENUM_WORDS[lang][set] as Record<string, string>)[code] ?? code;
}

/**
 * The code a cell names, whether written as the code (any case) or as its word in either language
 * (`收获`, `Harvesting`, `harvesting`): what an export wrote can be imported again. Unknown → null.
 */
export function enumCodeOf(set: TEnumWordSet, text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  const zh = ZH[set] as Record<string, string>;
  if (Object.hasOwn(zh, t.toUpperCase())) return t.toUpperCase();
  const lower = t.toLowerCase();
  for (const words of [zh, EN[set] as Record<string, string>])
    for (const [code, word] of Object.entries(words)) if (word.toLowerCase() === lower) return code;
  return null;
}
