'use client';

import { ZJob } from '@amms/contracts/jobs';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { AFTER_WRITE, refreshOrgFamilies } from '@/lib/query-keys';
import { refreshQueries } from '@/lib/refresh';
import { jobKeys } from './queries';

/** After a job write: every family that shows jobs, bookings, machine availability or completed work. */
export function invalidateAfterJobWrite(qc: QueryClient, orgId: string): Promise<unknown> {
  return refreshOrgFamilies(qc, orgId, AFTER_WRITE.job);
}

export type JobAction = 'assign' | 'unassign' | 'start' | 'complete' | 'cancel';

/**
 * One transition of a job (POST jobs/:id/<action>): the answer replaces the cached job;
 * a 409 other than a booking conflict (someone else moved the job) refetches the current state.
 */
export function useJobAction(orgId: string, jobId: string, action: JobAction, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: object) =>
      apiFetch(orgApi(orgId, `jobs/${seg(jobId)}/${action}`), ZJob, { method: 'POST', body }),
    onSuccess: async (job) => {
      qc.setQueryData(jobKeys.detail(orgId, jobId), job);
      onDone();
      await invalidateAfterJobWrite(qc, orgId);
    },
    onError: async (err) => {
      if (isApiError(err, 409) && err.code !== 'BOOKING_CONFLICT')
        await refreshQueries(qc, jobKeys.detail(orgId, jobId));
    },
  });
}

/** POST jobs (with the form's idempotency key); the new job goes into the cache before the page opens. */
export function useCreateJob(orgId: string, onCreated: (job: { id: string }) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: object; idempotencyKey: string }) =>
      apiFetch(orgApi(orgId, 'jobs'), ZJob, { method: 'POST', body, idempotencyKey }),
    onSuccess: async (job) => {
      qc.setQueryData(jobKeys.detail(orgId, job.id), job);
      await invalidateAfterJobWrite(qc, orgId);
      onCreated(job);
    },
  });
}
