'use client';

import {
  ZPartDetail,
  ZStockCount,
  ZStockMovementResult,
  ZWorkOrderPartsView,
  ZWriteOffRequest,
  type TCreatePartRequest,
  type TCreateStockCountRequest,
  type TCreateStockMovementRequest,
  type TPartDetail,
  type TStockCount,
  type TStockMovementResult,
  type TWorkOrderPartsRequest,
  type TWorkOrderPartsView,
} from '@amms/contracts/inventory';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { isConflict, isDefiniteFailure, useActionKey } from '@/lib/idempotency';
import { orgApi, seg } from '@/lib/org-api';
import { AFTER_WRITE, refreshOrgFamilies } from '@/lib/query-keys';
import { inventoryKeys } from './queries';

/** After a stock write: stock, parts and low-stock pages; an issue or return also moves a work order's cost. */
export function invalidateAfterStockWrite(qc: QueryClient, orgId: string): Promise<void> {
  return refreshOrgFamilies(qc, orgId, AFTER_WRITE.stock);
}

/**
 * A POST with an Idempotency-Key per logical action (same input again = same key; a definite
 * answer renews it), refreshing the inventory pages after success.
 */
function useStockPost<TBody, S extends z.ZodType>(
  orgId: string,
  path: (body: TBody) => string,
  schema: S,
  onDone?: (data: z.infer<S>, body: TBody) => void,
  /** what goes on the wire, when the variables carry more (a path's id) */
  wire: (body: TBody) => unknown = (b) => b,
) {
  const qc = useQueryClient();
  const { keyFor, reset } = useActionKey();
  return useMutation({
    mutationFn: (body: TBody) =>
      apiFetch(orgApi(orgId, path(body)), schema, { method: 'POST', body: wire(body), idempotencyKey: keyFor(body) }),
    onSuccess: async (data, body) => {
      reset();
      onDone?.(data, body);
      await invalidateAfterStockWrite(qc, orgId);
    },
    onError: async (err) => {
      if (isDefiniteFailure(err)) reset();
      // someone else moved the stock (or decided the request) meanwhile: show what is there now
      if (isConflict(err)) await invalidateAfterStockWrite(qc, orgId);
    },
  });
}

export function useCreatePart(orgId: string, onSaved: (part: TPartDetail) => void) {
  const qc = useQueryClient();
  return useStockPost<TCreatePartRequest, typeof ZPartDetail>(
    orgId,
    () => 'parts',
    ZPartDetail,
    (part: TPartDetail) => {
      qc.setQueryData(inventoryKeys.part(orgId, part.id), part);
      onSaved(part);
    },
  );
}

export function useStockMovement(orgId: string, onDone: (r: TStockMovementResult) => void) {
  return useStockPost<TCreateStockMovementRequest, typeof ZStockMovementResult>(
    orgId,
    () => 'stock-movements',
    ZStockMovementResult,
    onDone,
  );
}

export function useCreateCount(orgId: string, onDone: (c: TStockCount) => void) {
  const qc = useQueryClient();
  return useStockPost<TCreateStockCountRequest, typeof ZStockCount>(
    orgId,
    () => 'stock-counts',
    ZStockCount,
    (c: TStockCount) => {
      qc.setQueryData(inventoryKeys.count(orgId, c.id), c);
      onDone(c);
    },
  );
}

export function useConfirmCount(orgId: string, id: string) {
  const qc = useQueryClient();
  return useStockPost<Record<string, never>, typeof ZStockCount>(
    orgId,
    () => `stock-counts/${seg(id)}/confirm`,
    ZStockCount,
    (c) => qc.setQueryData(inventoryKeys.count(orgId, c.id), c),
  );
}

export function useDecideWriteOff(orgId: string) {
  return useStockPost<{ id: string; approve: boolean; comment?: string }, z.ZodType>(
    orgId,
    (b) => `stock-write-offs/${seg(b.id)}/${b.approve ? 'approve' : 'reject'}`,
    ZStockMovementResult.or(ZWriteOffRequest),
    undefined,
    (b) => ({ comment: b.comment ?? null }),
  );
}

/** RESERVE / ISSUE / RETURN / UNRESERVE on a work order (desktop; the field app queues offline, see field-issue.tsx). */
export function useWorkOrderStockPart(orgId: string, workOrderId: string, onDone?: (v: TWorkOrderPartsView) => void) {
  const qc = useQueryClient();
  return useStockPost<TWorkOrderPartsRequest, typeof ZWorkOrderPartsView>(
    orgId,
    () => `work-orders/${seg(workOrderId)}/stock-parts`,
    ZWorkOrderPartsView,
    (v: TWorkOrderPartsView) => {
      qc.setQueryData(inventoryKeys.workOrder(orgId, workOrderId), v);
      onDone?.(v);
    },
  );
}
