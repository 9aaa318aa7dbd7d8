'use client';

import {
  ZWorkOrderDetailWithPeople,
  type TChecklistItem,
  type TChecklistResult,
  type TWorkOrderAction,
  type TWorkOrderDetailWithPeople,
} from '@amms/contracts/maintenance';
import { ZCostDocumentDetail } from '@amms/contracts/costs';
import { ZMaintenanceSettings } from '@amms/contracts/workshop';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch, isApiError } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { AFTER_WRITE, refreshOrgFamilies } from '@/lib/query-keys';
import { refreshQueries } from '@/lib/refresh';
import { maintenanceKeys } from './queries';

/**
 * After a work order write: maintenance lists, and what shows machine availability or
 * bookings (work-order windows are bookings; downtime changes the machine's status).
 */
export function invalidateAfterWorkOrderWrite(qc: QueryClient, orgId: string): Promise<unknown> {
  return refreshOrgFamilies(qc, orgId, AFTER_WRITE.workOrder);
}

/** A transition (POST work-orders/:id/<action>); a 409 refetches the order and says so (`refreshed`). */
export function useWorkOrderAction(orgId: string, id: string, onDone?: () => void) {
  const qc = useQueryClient();
  const [refreshed, setRefreshed] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ action, body }: { action: TWorkOrderAction; body: object }) =>
      apiFetch(orgApi(orgId, `work-orders/${seg(id)}/${action}`), ZWorkOrderDetailWithPeople, { method: 'POST', body }),
    onMutate: () => setRefreshed(false),
    onSuccess: async (wo) => {
      qc.setQueryData(maintenanceKeys.detail(orgId, id), wo);
      onDone?.();
      await invalidateAfterWorkOrderWrite(qc, orgId);
    },
    onError: async (err) => {
      // someone else moved the order (or it changed under us): show the current state
      if (isApiError(err, 409)) {
        await refreshQueries(qc, maintenanceKeys.detail(orgId, id));
        setRefreshed(true);
      }
    },
  });
  return { ...mutation, refreshed };
}

/** Tick a checklist item (PATCH checklist/:itemId): optimistic, rolled back when the API refuses. */
export function useTickChecklist(orgId: string, workOrderId: string) {
  const qc = useQueryClient();
  const key = maintenanceKeys.detail(orgId, workOrderId);
  const tickKey = maintenanceKeys.checklistTick(orgId, workOrderId);
  return useMutation({
    mutationKey: tickKey,
    mutationFn: ({ item, result }: { item: TChecklistItem; result: TChecklistResult }) =>
      apiFetch(orgApi(orgId, `work-orders/${seg(workOrderId)}/checklist/${seg(item.id)}`), ZWorkOrderDetailWithPeople, {
        method: 'PATCH',
        body: { result },
      }),
    onMutate: async ({ item, result }) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<TWorkOrderDetailWithPeople>(key);
      if (previous)
        qc.setQueryData<TWorkOrderDetailWithPeople>(key, {
          ...previous,
          checklist: previous.checklist.map((i) => (i.id === item.id ? { ...i, result } : i)),
        });
      return { previous };
    },
    onError: async (err, _vars, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
      if (isApiError(err, 409)) await refreshQueries(qc, key);
    },
    onSuccess: (data) => {
      // quick ticks overlap: an earlier answer must not undo a later optimistic tick, so only
      // the last one in flight writes the server's state
      if (qc.isMutating({ mutationKey: tickKey }) <= 1) qc.setQueryData(key, data);
      void refreshQueries(qc, maintenanceKeys.boards(orgId));
    },
  });
}

export type PartInput = { name: string; partNumber?: string; quantity?: number; unitCostMinor: string };

/** POST work-orders/:id/parts (with the form's idempotency key). */
export function useAddPart(orgId: string, workOrderId: string, onAdded: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PartInput; idempotencyKey: string }) =>
      apiFetch(orgApi(orgId, `work-orders/${seg(workOrderId)}/parts`), ZWorkOrderDetailWithPeople, {
        method: 'POST',
        idempotencyKey,
        body,
      }),
    onSuccess: async (data) => {
      qc.setQueryData(maintenanceKeys.detail(orgId, workOrderId), data);
      onAdded();
      await invalidateAfterWorkOrderWrite(qc, orgId);
    },
    onError: async (err) => {
      if (isApiError(err, 409)) await refreshQueries(qc, maintenanceKeys.detail(orgId, workOrderId));
    },
  });
}

/** POST work-orders: a preventive order for a due plan and machine (the plan's checklist comes with it). */
export function useCreateWorkOrder(orgId: string, onCreated: (wo: TWorkOrderDetailWithPeople) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: object; idempotencyKey: string }) =>
      apiFetch(orgApi(orgId, 'work-orders'), ZWorkOrderDetailWithPeople, { method: 'POST', idempotencyKey, body }),
    onSuccess: async (wo) => {
      qc.setQueryData(maintenanceKeys.detail(orgId, wo.id), wo);
      await invalidateAfterWorkOrderWrite(qc, orgId);
      onCreated(wo);
    },
  });
}

/** PATCH work-orders/:id with the labour fields (hours, the order's rate); the API prices hours × rate. */
export function useUpdateLabour(orgId: string, workOrderId: string, onSaved: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; laborHours?: number | null; laborRateMinor?: string | null }) =>
      apiFetch(orgApi(orgId, `work-orders/${seg(workOrderId)}`), ZWorkOrderDetailWithPeople, { method: 'PATCH', body }),
    onSuccess: async (data) => {
      qc.setQueryData(maintenanceKeys.detail(orgId, workOrderId), data);
      onSaved();
      await invalidateAfterWorkOrderWrite(qc, orgId);
    },
    onError: async (err) => {
      if (isApiError(err, 409)) await refreshQueries(qc, maintenanceKeys.detail(orgId, workOrderId));
    },
  });
}

/** PATCH maintenance-settings: the default labour rate of new orders. */
export function useUpdateDefaultLaborRate(orgId: string, onSaved: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (laborRateMinor: string | null) =>
      apiFetch(orgApi(orgId, 'maintenance-settings'), ZMaintenanceSettings, {
        method: 'PATCH',
        body: { laborRateMinor },
      }),
    onSuccess: (data) => {
      qc.setQueryData(maintenanceKeys.settings(orgId), data);
      onSaved();
    },
  });
}

/** POST work-orders/:id/cost-document: the order's parts and labour as a DRAFT cost document. */
export function useCostDocumentFromWorkOrder(orgId: string, workOrderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ locale, idempotencyKey }: { locale: 'zh-CN' | 'en'; idempotencyKey: string }) =>
      apiFetch(orgApi(orgId, `work-orders/${seg(workOrderId)}/cost-document`), ZCostDocumentDetail, {
        method: 'POST',
        idempotencyKey,
        body: { locale },
      }),
    onSuccess: () => refreshOrgFamilies(qc, orgId, AFTER_WRITE.costDocument),
  });
}
