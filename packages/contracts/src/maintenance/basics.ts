import { z } from 'zod';
import { ZPageQuery } from '../common.js';

export const WORK_ORDER_TYPES = ['PREVENTIVE', 'CORRECTIVE', 'INSPECTION'] as const;
export const ZWorkOrderType = z.enum(WORK_ORDER_TYPES);
export type TWorkOrderType = z.infer<typeof ZWorkOrderType>;

export const WORK_ORDER_STATUSES = ['OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE', 'CLOSED', 'CANCELLED'] as const;
export const ZWorkOrderStatus = z.enum(WORK_ORDER_STATUSES);
export type TWorkOrderStatus = z.infer<typeof ZWorkOrderStatus>;

export const CHECKLIST_RESULTS = ['PENDING', 'PASS', 'FAIL', 'NA'] as const;
export const ZChecklistResult = z.enum(CHECKLIST_RESULTS);
export type TChecklistResult = z.infer<typeof ZChecklistResult>;

export const DUE_STATUSES = ['OVERDUE', 'DUE_SOON', 'OK'] as const;
export const ZDueStatus = z.enum(DUE_STATUSES);
export type TDueStatus = z.infer<typeof ZDueStatus>;

/** OPEN → IN_PROGRESS → AWAITING_ACCEPTANCE → CLOSED; CANCELLED from OPEN / IN_PROGRESS; rejection sends AWAITING_ACCEPTANCE back to IN_PROGRESS. */
const WORK_ORDER_TRANSITIONS: Readonly<Record<TWorkOrderStatus, readonly TWorkOrderStatus[]>> = {
  OPEN: ['IN_PROGRESS', 'CANCELLED'],
  IN_PROGRESS: ['AWAITING_ACCEPTANCE', 'CANCELLED'],
  AWAITING_ACCEPTANCE: ['CLOSED', 'IN_PROGRESS'],
  CLOSED: [],
  CANCELLED: [],
};

export function canTransitionWorkOrder(from: TWorkOrderStatus, to: TWorkOrderStatus): boolean {
  return WORK_ORDER_TRANSITIONS[from].includes(to);
}

/** The status each transition route leads to. */
export const WORK_ORDER_ACTION_TARGET = {
  start: 'IN_PROGRESS',
  submit: 'AWAITING_ACCEPTANCE',
  accept: 'CLOSED',
  reject: 'IN_PROGRESS',
  cancel: 'CANCELLED',
} as const satisfies Record<string, TWorkOrderStatus>;
export type TWorkOrderAction = keyof typeof WORK_ORDER_ACTION_TARGET;

/**
 * Whether a transition route applies to a work order in `from`. Reject and start both lead
 * to IN_PROGRESS but from different states, so the action (not only the target) decides.
 */
export function canApplyWorkOrderAction(from: TWorkOrderStatus, action: TWorkOrderAction): boolean {
  const allowedFrom: Record<TWorkOrderAction, readonly TWorkOrderStatus[]> = {
    start: ['OPEN'],
    submit: ['IN_PROGRESS'],
    accept: ['AWAITING_ACCEPTANCE'],
    reject: ['AWAITING_ACCEPTANCE'],
    cancel: ['OPEN', 'IN_PROGRESS'],
  };
  return allowedFrom[action].includes(from) && canTransitionWorkOrder(from, WORK_ORDER_ACTION_TARGET[action]);
}

export const ZPageFields = ZPageQuery.shape;
export const ZDateTime = z.iso.datetime({ offset: true });
export const ZBoolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
