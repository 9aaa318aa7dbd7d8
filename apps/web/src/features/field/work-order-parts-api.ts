'use client';

import { ZWorkOrderDetailView } from '@amms/contracts/maintenance';
import { apiFetch } from '@/lib/api-client';
import { fieldApiPath, fieldKeys, useFieldMutation } from './api';

export type FieldPartInput = { name: string; partNumber?: string; quantity?: number; unitCostMinor: string };

/** POST work-orders/:id/parts from the field app (one Idempotency-Key per part, kept across network retries). */
export function useAddFieldPart(orgId: string, workOrderId: string, onAdded: () => void) {
  return useFieldMutation({
    mutationFn: (body: FieldPartInput, idempotencyKey: string) =>
      apiFetch(`${fieldApiPath(orgId)}/work-orders/${encodeURIComponent(workOrderId)}/parts`, ZWorkOrderDetailView, {
        method: 'POST',
        idempotencyKey,
        body,
      }),
    invalidate: [fieldKeys.workOrder(orgId, workOrderId)],
    onSuccess: onAdded,
  });
}
