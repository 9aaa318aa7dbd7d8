import { describe, expect, it } from 'vitest';
import {
  WORK_ORDER_ACTION_TARGET,
  WORK_ORDER_STATUSES,
  canApplyWorkOrderAction,
  canTransitionWorkOrder,
  type TWorkOrderAction,
  type TWorkOrderStatus,
} from '@amms/contracts/maintenance';

const ALLOWED = new Set([
  'OPEN→IN_PROGRESS',
  'OPEN→CANCELLED',
  'IN_PROGRESS→AWAITING_ACCEPTANCE',
  'IN_PROGRESS→CANCELLED',
  'AWAITING_ACCEPTANCE→CLOSED',
  'AWAITING_ACCEPTANCE→IN_PROGRESS',
]);

describe('work order state machine', () => {
  it('allows exactly the documented transitions over the full matrix', () => {
    for (const from of WORK_ORDER_STATUSES) {
      for (const to of WORK_ORDER_STATUSES) {
        expect(canTransitionWorkOrder(from, to), `${from}→${to}`).toBe(ALLOWED.has(`${from}→${to}`));
      }
    }
  });

  it('maps each route to its source states (reject and start both lead to IN_PROGRESS)', () => {
    const from: Record<TWorkOrderAction, TWorkOrderStatus[]> = {
      start: ['OPEN'],
      submit: ['IN_PROGRESS'],
      accept: ['AWAITING_ACCEPTANCE'],
      reject: ['AWAITING_ACCEPTANCE'],
      cancel: ['OPEN', 'IN_PROGRESS'],
    };
    for (const action of Object.keys(WORK_ORDER_ACTION_TARGET) as TWorkOrderAction[]) {
      for (const s of WORK_ORDER_STATUSES) {
        expect(canApplyWorkOrderAction(s, action), `${action} from ${s}`).toBe(from[action].includes(s));
      }
    }
  });

  it('CLOSED and CANCELLED are final', () => {
    for (const to of WORK_ORDER_STATUSES) {
      expect(canTransitionWorkOrder('CLOSED', to)).toBe(false);
      expect(canTransitionWorkOrder('CANCELLED', to)).toBe(false);
    }
  });
});
