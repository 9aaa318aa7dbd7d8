'use client';

import {
  ZDraft,
  ZDraftDetail,
  ZExecution,
  type TDraftVersion,
  type TEditedItem,
  type TExecution,
} from '@amms/contracts/drafts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch, isApiError } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { AFTER_WRITE, refreshOrgFamilies } from '@/lib/query-keys';
import { refreshQueries } from '@/lib/refresh';
import { draftKeys } from './queries';

const draftPath = (orgId: string, draftId: string, action: string) => orgApi(orgId, `drafts/${seg(draftId)}/${action}`);

/** The draft and the draft lists read again (after a write, or a 409 that says our copy is stale). */
export function useRefreshDraft(orgId: string, draftId: string) {
  const qc = useQueryClient();
  return () => refreshQueries(qc, draftKeys.detail(orgId, draftId), draftKeys.lists(orgId));
}

/** Edit → version N+1 based on the current one; the answer replaces the cached draft. */
export function useEditDraft(
  orgId: string,
  draftId: string,
  basedOnVersion: number,
  onEdited: (next: { currentVersion: number }) => void,
) {
  const qc = useQueryClient();
  const refresh = useRefreshDraft(orgId, draftId);
  return useMutation({
    mutationFn: (body: { items: TEditedItem[]; note?: string }) =>
      apiFetch(draftPath(orgId, draftId, 'versions'), ZDraftDetail, {
        method: 'POST',
        body: { basedOnVersion, items: body.items, ...(body.note ? { note: body.note } : {}) },
      }),
    onSuccess: (next) => {
      qc.setQueryData(draftKeys.detail(orgId, draftId), next);
      void refreshQueries(qc, draftKeys.lists(orgId));
      onEdited(next);
    },
    onError: (err) => {
      if (isApiError(err, 409)) void refresh();
    },
  });
}

/** Confirm exactly this version and content hash. */
export function useConfirmDraft(
  orgId: string,
  draftId: string,
  handlers: { onConfirmed: (v: TDraftVersion) => void; onError: (err: unknown) => void },
) {
  const refresh = useRefreshDraft(orgId, draftId);
  return useMutation({
    mutationFn: (v: TDraftVersion) =>
      apiFetch(draftPath(orgId, draftId, 'confirm'), ZDraft, {
        method: 'POST',
        body: { version: v.version, contentHash: v.contentHash },
      }),
    onSuccess: (_d, v) => {
      handlers.onConfirmed(v);
      void refresh();
    },
    onError: (err) => {
      handlers.onError(err);
      if (isApiError(err, 409)) void refresh();
    },
  });
}

/** Reject with a reason. */
export function useRejectDraft(orgId: string, draftId: string, onRejected: () => void) {
  const refresh = useRefreshDraft(orgId, draftId);
  return useMutation({
    mutationFn: (reason: string) =>
      apiFetch(draftPath(orgId, draftId, 'reject'), ZDraft, { method: 'POST', body: { reason } }),
    onSuccess: () => {
      onRejected();
      void refresh();
    },
    onError: (err) => {
      if (isApiError(err, 409)) void refresh();
    },
  });
}

/** Execute the confirmed version (the Idempotency-Key is required here). */
export function useExecuteDraft(
  orgId: string,
  draftId: string,
  handlers: { onStarted: (exec: TExecution) => void; onError: (err: unknown) => void },
) {
  const qc = useQueryClient();
  const refresh = useRefreshDraft(orgId, draftId);
  return useMutation({
    mutationFn: ({ version, idempotencyKey }: { version: number; idempotencyKey: string }) =>
      apiFetch(draftPath(orgId, draftId, 'execute'), ZExecution, { method: 'POST', body: { version }, idempotencyKey }),
    onSuccess: (exec) => {
      qc.setQueryData(draftKeys.execution(orgId, exec.id), exec);
      handlers.onStarted(exec);
      void refresh();
    },
    onError: (err) => {
      handlers.onError(err);
      if (isApiError(err, 409)) void refreshQueries(qc, draftKeys.detail(orgId, draftId));
    },
  });
}

/** An execution ended: the draft moved on, and what it created (jobs, bookings, work orders) is on other screens. */
export function useRefreshAfterExecution(orgId: string) {
  const qc = useQueryClient();
  return useCallback(() => refreshOrgFamilies(qc, orgId, AFTER_WRITE.draftExecution), [qc, orgId]);
}
