/**
 * Maintenance: plans (every N engine hours and/or every M days, whichever comes first),
 * the due list derived from them, and work orders with checklist and parts.
 *
 * Wire formats follow assets.ts: money = CNY fen as a string of digits; hours and part
 * quantities are JSON numbers with a fixed number of decimals (more precision → 400).
 */

export {
  WORK_ORDER_TYPES,
  ZWorkOrderType,
  type TWorkOrderType,
  WORK_ORDER_STATUSES,
  ZWorkOrderStatus,
  type TWorkOrderStatus,
  CHECKLIST_RESULTS,
  ZChecklistResult,
  type TChecklistResult,
  DUE_STATUSES,
  ZDueStatus,
  type TDueStatus,
  canTransitionWorkOrder,
  WORK_ORDER_ACTION_TARGET,
  type TWorkOrderAction,
  canApplyWorkOrderAction,
} from './maintenance/basics.js';
export {
  MAX_CHECKLIST_ITEMS,
  ZChecklistTemplateItem,
  type TChecklistTemplateItem,
  MAX_CHECKLIST_PARTS,
  ZMaintenancePlan,
  type TMaintenancePlan,
  ZCreateMaintenancePlanRequest,
  type TCreateMaintenancePlanRequest,
  ZUpdateMaintenancePlanRequest,
  type TUpdateMaintenancePlanRequest,
  ZListMaintenancePlansQuery,
  type TListMaintenancePlansQuery,
  ZListMaintenancePlansResponse,
  type TListMaintenancePlansResponse,
} from './maintenance/plans.js';
export * from './maintenance/due.js';
export * from './maintenance/work-orders.js';
