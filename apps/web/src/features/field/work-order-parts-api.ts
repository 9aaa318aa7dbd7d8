'use client';

import { ZWorkOrderDetailView } from '@amms/contracts/maintenance';
import { apiFetch } from '@/lib/api-client';
import { fieldApiPath, fieldKeys, useFieldMutation } from './api';
import { queueWrite } from './offline/offline-write';

export type FieldPartInput = { name: string; partNumber?: string; quantity?: number; unitCostMinor: string };

/**
 * POST work-orders/:id/parts from the field app (one Idempotency-Key per part, kept across network
 * retries). Offline, the part waits in the queue (synced once) and `onQueued` says so: it never
 * waits for the network with a spinner.
 */
export function useAddFieldPart(
  orgId: string,
  wo: { id: string; label: string },
  onAdded: () => void,
  onQueued: (part: FieldPartInput) => void,
) {
  const path = `${fieldApiPath(orgId)}/work-orders/${encodeURIComponent(wo.id)}/parts`;
  return useFieldMutation({
    mutationFn: (body: FieldPartInput, idempotencyKey: string) =>
      apiFetch(path, ZWorkOrderDetailView, { method: 'POST', idempotencyKey, body }),
    invalidate: [fieldKeys.workOrder(orgId, wo.id)],
    onSuccess: onAdded,
    offline: {
      queue: (body, idempotencyKey, occurredAt) =>
        queueWrite({
          orgId,
          kind: 'workorder.part',
          method: 'POST',
          path,
          body,
          idempotencyKey,
          occurredAt,
          entity: { type: 'work_order', id: wo.id },
          label: `${wo.label} ${body.name}`,
        }),
      onQueued: (body) => {
        onAdded();
        onQueued(body);
      },
    },
  });
}
