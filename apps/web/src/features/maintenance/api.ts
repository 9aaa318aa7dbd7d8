import type { QueryClient } from '@tanstack/react-query';
import { refreshOrgFamilies } from '@/lib/refresh';

export const maintenanceKeys = {
  all: (orgId: string) => ['orgs', orgId, 'maintenance'] as const,
  board: (orgId: string, status: string) => ['orgs', orgId, 'maintenance', 'work-orders', 'list', { status }] as const,
  detail: (orgId: string, id: string) => ['orgs', orgId, 'maintenance', 'work-orders', 'detail', id] as const,
  due: (orgId: string, params: object) => ['orgs', orgId, 'maintenance', 'due', params] as const,
};

/**
 * After a work order write: maintenance lists, and what shows machine availability or
 * bookings (work-order windows are bookings; downtime changes the machine's status).
 */
export function invalidateAfterWorkOrderWrite(qc: QueryClient, orgId: string): Promise<unknown> {
  return refreshOrgFamilies(qc, orgId, ['maintenance', 'work-orders', 'assets', 'jobs', 'assignments', 'dashboard', 'overview', 'analytics', 'field']);
}
