'use client';

import { ZCostDocumentDetailView, type TCostDocumentDetailView } from '@amms/contracts/costs';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { apiFetch, isApiError } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { AFTER_WRITE, refreshOrgFamilies } from '@/lib/query-keys';
import { refreshQueries } from '@/lib/refresh';
import { costKeys } from './queries';

/** After a cost write: cost lists and details, and what sums costs (dashboard, analytics, machine pages). */
export function invalidateAfterCostWrite(qc: QueryClient, orgId: string): Promise<unknown> {
  return refreshOrgFamilies(qc, orgId, AFTER_WRITE.costDocument);
}

export type CostAction = 'submit' | 'approve' | 'reject' | 'reopen';

/**
 * A transition (POST cost-documents/:id/<action>). A 409 (another approver was faster, or the
 * document changed) refetches the document, so the page shows what actually happened.
 */
export function useCostAction(orgId: string, id: string) {
  const qc = useQueryClient();
  const [refreshed, setRefreshed] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ action, body }: { action: CostAction; body: object }) =>
      apiFetch(orgApi(orgId, `cost-documents/${seg(id)}/${action}`), ZCostDocumentDetailView, { method: 'POST', body }),
    onMutate: () => setRefreshed(false),
    onSuccess: async (doc) => {
      qc.setQueryData(costKeys.detail(orgId, id), doc);
      await invalidateAfterCostWrite(qc, orgId);
    },
    onError: async (err) => {
      if (isApiError(err, 409)) {
        await refreshQueries(qc, costKeys.detail(orgId, id));
        await invalidateAfterCostWrite(qc, orgId);
        setRefreshed(true);
      }
    },
  });
  return { ...mutation, refreshed };
}

/**
 * Create a cost document (POST, with the form's idempotency key) or edit a DRAFT (PATCH with
 * its version; a 409 refetches the document).
 */
export function useSaveCostDocument(
  orgId: string,
  existing: TCostDocumentDetailView | undefined,
  onSaved: (doc: TCostDocumentDetailView) => void,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: object; idempotencyKey: string }) =>
      existing
        ? apiFetch(orgApi(orgId, `cost-documents/${seg(existing.id)}`), ZCostDocumentDetailView, {
            method: 'PATCH',
            body: { ...body, version: existing.version },
          })
        : apiFetch(orgApi(orgId, 'cost-documents'), ZCostDocumentDetailView, { method: 'POST', body, idempotencyKey }),
    onSuccess: async (doc) => {
      qc.setQueryData(costKeys.detail(orgId, doc.id), doc);
      await invalidateAfterCostWrite(qc, orgId);
      onSaved(doc);
    },
    onError: async (err) => {
      if (existing && isApiError(err, 409)) await refreshQueries(qc, costKeys.detail(orgId, existing.id));
    },
  });
}

/** DELETE a DRAFT document; a 409 (it moved on meanwhile) refetches it. */
export function useDeleteCostDocument(orgId: string, id: string, onDeleted: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(orgApi(orgId, `cost-documents/${seg(id)}`), z.undefined(), { method: 'DELETE' }),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: costKeys.detail(orgId, id) });
      await invalidateAfterCostWrite(qc, orgId);
      onDeleted();
    },
    onError: async (err) => {
      if (isApiError(err, 409)) await refreshQueries(qc, costKeys.detail(orgId, id));
    },
  });
}
