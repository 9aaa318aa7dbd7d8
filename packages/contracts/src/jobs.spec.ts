import { describe, expect, it } from 'vitest';
import {
  canTransition,
  haToM2,
  JOB_STATUSES,
  m2ToHa,
  ZAssignBulkRequest,
  ZAssignJobRequest,
  ZCreateFieldRequest,
  ZListAssignmentsQuery,
  ZListJobsQuery,
} from './jobs.js';

describe('job status transitions', () => {
  const allowed = new Set([
    'PLANNED>SCHEDULED',
    'PLANNED>CANCELLED',
    'SCHEDULED>SCHEDULED',
    'SCHEDULED>PLANNED',
    'SCHEDULED>IN_PROGRESS',
    'SCHEDULED>CANCELLED',
    'IN_PROGRESS>COMPLETED',
  ]);
  it.each(JOB_STATUSES.flatMap((from) => JOB_STATUSES.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });
});

describe('wire formats', () => {
  const id = '7b1c9a52-8f0e-4b7a-9c1d-2e3f4a5b6c7d';
  it('areas: hectares with at most 4 decimals, > 0, ≤ 100000; stored as whole m²', () => {
    expect(ZCreateFieldRequest.safeParse({ name: 'A', areaHa: 12.3456 }).success).toBe(true);
    for (const bad of [0, -1, 12.34567, 100_000.0001])
      expect(ZCreateFieldRequest.safeParse({ name: 'A', areaHa: bad }).success, String(bad)).toBe(false);
    expect(haToM2(12.3456)).toBe(123_456);
    expect(haToM2(0.1 + 0.2)).toBe(3000);
    expect(m2ToHa(123_456)).toBe(12.3456);
    expect(haToM2(100_000)).toBe(1_000_000_000);
  });
  it('assign: the slot must be ordered; implements default to none', () => {
    const base = {
      primaryAssetId: id,
      operatorMembershipId: id,
      startsAt: '2026-05-01T08:00:00+08:00',
      endsAt: '2026-05-01T12:00:00+08:00',
    };
    expect(ZAssignJobRequest.parse(base).implementAssetIds).toEqual([]);
    expect(ZAssignJobRequest.safeParse({ ...base, endsAt: base.startsAt }).success).toBe(false);
    expect(ZAssignBulkRequest.safeParse({ items: [] }).success).toBe(false);
    expect(
      ZAssignBulkRequest.safeParse({ items: Array.from({ length: 101 }, () => ({ ...base, jobId: id })) }).success,
    ).toBe(false);
  });
  it('job list: status is one value or a comma list', () => {
    expect(ZListJobsQuery.parse({ status: 'PLANNED,SCHEDULED' }).status).toEqual(['PLANNED', 'SCHEDULED']);
    expect(ZListJobsQuery.parse({ status: 'COMPLETED' }).status).toEqual(['COMPLETED']);
    expect(ZListJobsQuery.safeParse({ status: 'PLANNED,DONE' }).success).toBe(false);
  });
  it('calendar: from/to required, ordered, at most 62 days', () => {
    expect(ZListAssignmentsQuery.safeParse({ from: '2026-05-01T00:00:00Z', to: '2026-07-02T00:00:00Z' }).success).toBe(
      true,
    );
    expect(ZListAssignmentsQuery.safeParse({ from: '2026-05-01T00:00:00Z', to: '2026-07-03T00:00:00Z' }).success).toBe(
      false,
    );
    expect(ZListAssignmentsQuery.safeParse({ from: '2026-05-01T00:00:00Z' }).success).toBe(false);
    expect(ZListAssignmentsQuery.safeParse({ from: '2026-05-02T00:00:00Z', to: '2026-05-01T00:00:00Z' }).success).toBe(
      false,
    );
  });
});
