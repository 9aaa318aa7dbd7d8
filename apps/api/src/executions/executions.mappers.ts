import type { TExecution, TExecutionReceipt } from '@amms/contracts/drafts';
import type { Execution, ExecutionReceipt } from '@amms/db';
import type { NewReceipt } from './executions.repository.js';

/** the ChangeSignals topic of one execution (worker publishes, the API's event stream listens) */
export const executionTopic = (executionId: string) => `execution:${executionId}`;

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export function toReceipt(r: ExecutionReceipt): TExecutionReceipt {
  return {
    ...receiptFields(r),
    detail: (r.detail ?? {}) as Record<string, unknown>,
    createdAt: r.createdAt.toISOString(),
  };
}

/** What an `execution.receipt` audit event says about its item (a worker's run and an abandoned execution alike). */
export function receiptEventData(r: NewReceipt) {
  return { ...receiptFields(r), detail: r.detail };
}

/** A receipt's item and outcome, as the API and the audit trail both show them. */
function receiptFields(r: Omit<NewReceipt, 'detail'>) {
  return {
    itemKey: r.itemKey,
    itemIndex: r.itemIndex,
    status: r.status,
    recordType: r.recordType,
    recordId: r.recordId,
  };
}

export function countsOf(
  itemsTotal: number,
  receipts: readonly Pick<ExecutionReceipt, 'status'>[],
): TExecution['counts'] {
  const n = (s: ExecutionReceipt['status']) => receipts.filter((r) => r.status === s).length;
  return {
    succeeded: n('SUCCEEDED'),
    conflict: n('CONFLICT'),
    failed: n('FAILED'),
    pending: Math.max(0, itemsTotal - receipts.length),
  };
}

export function toExecution(e: Execution, receipts: readonly ExecutionReceipt[]): TExecution {
  return {
    id: e.id,
    draftId: e.draftId,
    version: e.version,
    status: e.status,
    initiatorUserId: e.initiatorUserId,
    initiatorMembershipId: e.initiatorMembershipId,
    itemsTotal: e.itemsTotal,
    counts: countsOf(e.itemsTotal, receipts),
    error: e.error,
    startedAt: isoOrNull(e.startedAt),
    finishedAt: isoOrNull(e.finishedAt),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    receipts: receipts.map(toReceipt),
  };
}
