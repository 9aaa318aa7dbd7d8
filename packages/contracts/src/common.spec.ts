import { describe, expect, it } from 'vitest';
import { ZListAuditEventsQuery } from './audit.js';
import { parseSort } from './common.js';
import { ZListCostDocumentsQuery } from './costs.js';
import { ZListDraftsQuery } from './drafts.js';
import { ZListJobsQuery } from './jobs.js';
import { ZListWorkOrdersQuery } from './maintenance.js';

describe('list sort parameters', () => {
  it('parseSort: "-" means descending', () => {
    expect(parseSort('-windowStart')).toEqual({ field: 'windowStart', direction: 'desc' });
    expect(parseSort('createdAt')).toEqual({ field: 'createdAt', direction: 'asc' });
  });

  it('each list accepts exactly its sort values; no sort stays undefined (the default order)', () => {
    const cases = [
      [ZListJobsQuery, ['windowStart', '-windowStart', 'createdAt', '-createdAt'], ['plannedStart', '-priority']],
      [ZListWorkOrdersQuery, ['plannedStart', '-plannedStart', 'createdAt', '-createdAt'], ['windowStart', 'number']],
      [ZListCostDocumentsQuery, ['documentDate', '-documentDate', 'createdAt', '-createdAt'], ['totalMinor', 'date']],
      [ZListDraftsQuery, ['createdAt', '-createdAt'], ['status', 'updatedAt']],
      [ZListAuditEventsQuery, ['seq', '-createdAt'], ['-seq', 'createdAt']],
    ] as const;
    for (const [schema, ok, bad] of cases) {
      for (const sort of ok) expect(schema.safeParse({ sort }).success, sort).toBe(true);
      for (const sort of [...bad, '', 'CREATEDAT', '--createdAt'])
        expect(schema.safeParse({ sort }).success, sort).toBe(false);
      expect((schema.parse({}) as { sort?: string }).sort).toBeUndefined();
    }
  });

  it('work orders: from must be before to', () => {
    expect(ZListWorkOrdersQuery.safeParse({ from: '2027-01-02T00:00:00Z', to: '2027-01-01T00:00:00Z' }).success).toBe(
      false,
    );
    expect(ZListWorkOrdersQuery.safeParse({ from: '2027-01-01T00:00:00Z', to: '2027-01-02T00:00:00Z' }).success).toBe(
      true,
    );
  });
});
