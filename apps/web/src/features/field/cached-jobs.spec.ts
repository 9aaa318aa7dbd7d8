import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TListJobsResponse } from '@amms/contracts/jobs';
import { describe, expect, it } from 'vitest';
import { cachedJobsLike, fieldKeys, type JobListFilter } from './api';

const ORG = 'org-1';
const page = (title: string): InfiniteData<TListJobsResponse, string> => ({
  pages: [{ items: [{ title } as TListJobsResponse['items'][number]], nextCursor: null }],
  pageParams: [''],
});
const week = (from: string, to: string, operatorMembershipId = 'm-1'): JobListFilter => ({
  operatorMembershipId,
  status: ['SCHEDULED', 'COMPLETED'],
  from,
  to,
});
const put = (qc: QueryClient, f: JobListFilter, data: InfiniteData<TListJobsResponse, string>, at: number) =>
  qc.setQueryData([...fieldKeys.jobs(ORG), f], data, { updatedAt: at });

describe('cachedJobsLike: yesterday’s week stands in for today’s until it loads', () => {
  const today = week('2026-12-04T00:00:00Z', '2026-12-12T00:00:00Z');

  it('finds the newest list of the same person and statuses under another day range', () => {
    const qc = new QueryClient();
    put(qc, week('2026-12-02T00:00:00Z', '2026-12-10T00:00:00Z'), page('two days ago'), 1_000);
    put(qc, week('2026-12-03T00:00:00Z', '2026-12-11T00:00:00Z'), page('yesterday'), 2_000);
    expect(cachedJobsLike(qc, ORG, today)?.pages[0]?.items[0]?.title).toBe('yesterday');
  });

  it('never another person’s list, other statuses, another org or an unbounded list', () => {
    const qc = new QueryClient();
    put(qc, week('2026-12-03T00:00:00Z', '2026-12-11T00:00:00Z', 'm-2'), page('someone else'), 1_000);
    qc.setQueryData(
      [...fieldKeys.jobs(ORG), { operatorMembershipId: 'm-1', status: ['IN_PROGRESS'] }],
      page('running'),
    );
    qc.setQueryData([...fieldKeys.jobs('org-2'), week('2026-12-03T00:00:00Z', '2026-12-11T00:00:00Z')], page('org 2'));
    expect(cachedJobsLike(qc, ORG, today)).toBeUndefined();
  });
});
