import { describe, expect, it } from 'vitest';
import { adminKeys } from '@/features/admin/queries';
import { analyticsKeys } from '@/features/analytics/queries';
import { assetKeys } from '@/features/assets/queries';
import { auditKeys } from '@/features/audit/queries';
import { costKeys } from '@/features/costs/queries';
import { dashboardKeys } from '@/features/dashboard/queries';
import { draftKeys } from '@/features/drafts/queries';
import { fieldKeys } from '@/features/field/api';
import { inventoryKeys } from '@/features/inventory/queries';
import { jobKeys } from '@/features/jobs/queries';
import { knowledgeKeys } from '@/features/knowledge/api';
import { maintenanceKeys } from '@/features/maintenance/queries';
import { plotKeys } from '@/features/plots/queries';
import { queryKeys } from './queries';
import { AFTER_WRITE, familyOf, orgKey, QUERY_FAMILIES } from './query-keys';

/** Every key builder of every feature, called with placeholder arguments. */
const registries: Record<string, Record<string, (...args: never[]) => readonly unknown[]>> = {
  adminKeys,
  analyticsKeys,
  assetKeys,
  auditKeys,
  costKeys,
  dashboardKeys,
  draftKeys,
  fieldKeys,
  inventoryKeys,
  jobKeys,
  knowledgeKeys,
  maintenanceKeys,
  plotKeys,
  lib: { teams: queryKeys.teams },
};

function allKeys(orgId: string): { name: string; key: readonly unknown[] }[] {
  return Object.entries(registries).flatMap(([reg, builders]) =>
    Object.entries(builders).map(([name, build]) => ({
      name: `${reg}.${name}`,
      key: (build as (...a: unknown[]) => readonly unknown[])(orgId, 'a', 'b', 'c', 'd'),
    })),
  );
}

/** Families some query really reads (a key's family; mutation-only keys such as the checklist tick count too, harmlessly). */
const readFamilies = new Set(allKeys('org-1').map(({ key }) => familyOf(key)));

describe('query-key registry', () => {
  it('every key is org-scoped and of a registered family', () => {
    for (const { name, key } of allKeys('org-1')) {
      expect(key.slice(0, 2), name).toEqual(['orgs', 'org-1']);
      expect(QUERY_FAMILIES as readonly unknown[], name).toContain(key[2]);
    }
  });

  it('every family a write refreshes is one that some query reads (no stale screens behind a typo)', () => {
    for (const [write, families] of Object.entries(AFTER_WRITE)) {
      for (const family of families) expect(readFamilies.has(family), `${write} refreshes '${family}'`).toBe(true);
    }
  });

  it('the families that were refreshed but never read are gone from the registry', () => {
    for (const ghost of ['assignments', 'overview', 'cost-documents', 'work-orders'])
      expect(QUERY_FAMILIES as readonly string[]).not.toContain(ghost);
  });

  it('what reads bookings or work-order windows is refreshed after a job or a work-order write', () => {
    // the draft review's booking check and the jobs timeline read assignments / work orders
    const bookings = [
      draftKeys.bookings('o', 'f', 't'),
      draftKeys.workOrders('o', 'f', 't'),
      jobKeys.timeline('o', 'f', 't'),
      jobKeys.timelineWorkOrders('o'),
      dashboardKeys.bookings('o', { from: 'f', to: 't' }),
      assetKeys.bookings('o', 'id', 'f', 't'),
    ];
    for (const key of bookings) {
      expect(AFTER_WRITE.job as readonly string[], String(key)).toContain(familyOf(key));
      expect(AFTER_WRITE.workOrder as readonly string[], String(key)).toContain(familyOf(key));
    }
    // cost totals: cost lists, the dashboard's waiting documents, a machine's costs
    for (const key of [costKeys.list('o', {}), dashboardKeys.submittedCosts('o'), assetKeys.costs('o', 'id')])
      expect(AFTER_WRITE.costDocument as readonly string[]).toContain(familyOf(key));
  });

  it('orgKey builds the prefix invalidations match on', () => {
    expect(orgKey('o', 'jobs', 'detail', 'j1')).toEqual(['orgs', 'o', 'jobs', 'detail', 'j1']);
    expect(familyOf(orgKey('o', 'costs'))).toBe('costs');
    expect(familyOf(queryKeys.me)).toBeNull();
  });
});
