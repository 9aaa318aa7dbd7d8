'use client';

import { ZDocument } from '@amms/contracts/knowledge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh';
import { documentApi, knowledgeKeys } from './api';

/** PATCH a manual's title and machine models; the whole knowledge family is refreshed (answers cite titles). */
export function useUpdateDocument(orgId: string, documentId: string, onSaved: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; machineModelIds: string[] }) =>
      apiFetch(documentApi(orgId, documentId), ZDocument, { method: 'PATCH', body }),
    onSuccess: async () => {
      await refreshQueries(qc, knowledgeKeys.all(orgId));
      onSaved();
    },
  });
}

/**
 * DELETE a manual. `beforeRefresh` runs first (the caller leaves the page: its own query would
 * only fetch a 404 now); then lists and answers are refreshed and the detail dropped.
 */
export function useDeleteDocument(orgId: string, documentId: string, beforeRefresh: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(documentApi(orgId, documentId), z.unknown(), { method: 'DELETE' }),
    onSuccess: async () => {
      beforeRefresh();
      await refreshQueries(qc, knowledgeKeys.lists(orgId), knowledgeKeys.answers(orgId));
      qc.removeQueries({ queryKey: knowledgeKeys.detail(orgId, documentId) });
    },
  });
}
