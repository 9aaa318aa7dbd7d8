import type { QueryClient } from '@tanstack/react-query';
import { refreshOrgFamilies } from '@/lib/refresh';

export const costKeys = {
  all: (orgId: string) => ['orgs', orgId, 'costs'] as const,
  list: (orgId: string, filters: object) => ['orgs', orgId, 'costs', 'list', filters] as const,
  detail: (orgId: string, id: string) => ['orgs', orgId, 'costs', 'detail', id] as const,
};

/** After a cost write: cost lists and details, and what sums costs (dashboard, analytics, machine pages). */
export function invalidateAfterCostWrite(qc: QueryClient, orgId: string): Promise<unknown> {
  return refreshOrgFamilies(qc, orgId, ['costs', 'cost-documents', 'dashboard', 'overview', 'analytics', 'assets']);
}

export const docNumber = (n: number) => `CD-${String(n).padStart(6, '0')}`;
