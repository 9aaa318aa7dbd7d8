'use client';

import { ZJob } from '@amms/contracts/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh';
import { invalidateAfterJobWrite, jobKeys, orgApi } from './api';

/**
 * One transition of a job (POST jobs/:id/<action>): the answer replaces the cached job;
 * a 409 other than a booking conflict (someone else moved the job) refetches the current state.
 */
export function useJobAction(orgId: string, jobId: string, action: 'assign' | 'unassign' | 'start' | 'complete' | 'cancel', onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => apiFetch(orgApi(orgId, `jobs/${jobId}/${action}`), ZJob, { method: 'POST', body }),
    onSuccess: async (job) => {
      qc.setQueryData(jobKeys.detail(orgId, jobId), job);
      onDone();
      await invalidateAfterJobWrite(qc, orgId);
    },
    onError: async (err) => {
      if (isApiError(err, 409) && err.code !== 'BOOKING_CONFLICT') await refreshQueries(qc, jobKeys.detail(orgId, jobId));
    },
  });
}
