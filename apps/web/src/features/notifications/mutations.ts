'use client';

import { ZNotification, ZReadAllNotificationsResponse } from '@amms/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { refreshOrgFamilies } from '@/lib/query-keys';

/** Mark one notification read (opening it does this too). */
export function useMarkRead(orgId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(orgApi(orgId, `notifications/${seg(id)}/read`), ZNotification, { method: 'POST' }),
    onSuccess: () => refreshOrgFamilies(qc, orgId, ['notifications']),
  });
}

export function useMarkAllRead(orgId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(orgApi(orgId, 'notifications/read-all'), ZReadAllNotificationsResponse, { method: 'POST' }),
    onSuccess: () => refreshOrgFamilies(qc, orgId, ['notifications']),
  });
}
