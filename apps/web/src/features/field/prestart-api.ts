'use client';

import { ZJobPrestart } from '@amms/contracts/prestart';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { fieldApiPath, fieldKeys } from './list-queries';

/** The job's pre-start list (its main machine's) and the checks made for it: kept offline with the job. */
export const prestartQuery = (orgId: string, jobId: string) =>
  queryOptions({
    queryKey: fieldKeys.prestart(orgId, jobId),
    queryFn: ({ signal }) =>
      apiFetch(`${fieldApiPath(orgId)}/jobs/${encodeURIComponent(jobId)}/prestart`, ZJobPrestart, { signal }),
    staleTime: 5_000,
  });
