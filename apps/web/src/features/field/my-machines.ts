'use client';

import type { TAsset } from '@amms/contracts/assets';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { myJobsQuery } from './api';

/**
 * The machines of my current and coming jobs (first page of each list), for pickers that put
 * "my" machines first: an operator reporting a fault usually reports the machine they drive.
 */
export function useMyMachineIds(orgId: string, membershipId: string): ReadonlySet<string> {
  const jobs = useInfiniteQuery(
    myJobsQuery(orgId, { operatorMembershipId: membershipId, status: ['IN_PROGRESS', 'SCHEDULED'] }),
  );
  return useMemo(
    () =>
      new Set(
        (jobs.data?.pages.flatMap((p) => p.items) ?? []).flatMap(
          (j) => j.assignment?.machines.map((x) => x.assetId) ?? [],
        ),
      ),
    [jobs.data],
  );
}

/** Mine first, the rest in their order (a stable partition). */
export function mineFirst(assets: readonly TAsset[], mine: ReadonlySet<string>): TAsset[] {
  return [...assets.filter((a) => mine.has(a.id)), ...assets.filter((a) => !mine.has(a.id))];
}
