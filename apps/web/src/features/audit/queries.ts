import { ZAuditVerifyResponse, ZListAuditEventsResponse, type TAuditEventSort } from '@amms/contracts/audit';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

const org = (orgId: string) => orgApi(orgId);

export const auditKeys = {
  list: (orgId: string, filter: AuditFilter) => orgKey(orgId, 'audit', 'list', filter),
  trail: (orgId: string, entityType: string, entityId: string) => orgKey(orgId, 'audit', 'trail', entityType, entityId),
  verify: (orgId: string) => orgKey(orgId, 'audit', 'verify'),
};

export const AUDIT_PAGE = 50;

export type AuditFilter = { entityType: string; action: string; sort: TAuditEventSort };

export function fetchAuditPage(orgId: string, filter: AuditFilter, cursor: string | undefined, signal: AbortSignal) {
  const q = new URLSearchParams({ limit: String(AUDIT_PAGE), sort: filter.sort });
  if (filter.entityType) q.set('entityType', filter.entityType);
  if (filter.action) q.set('action', filter.action);
  if (cursor) q.set('cursor', cursor);
  return apiFetch(`${org(orgId)}/audit-events?${q}`, ZListAuditEventsResponse, { signal });
}

/** The whole trail of one entity (and its related entities), in chain order. */
export const trailQuery = (orgId: string, entityType: string, entityId: string) =>
  queryOptions({
    queryKey: auditKeys.trail(orgId, entityType, entityId),
    queryFn: async ({ signal }) => {
      const items = [];
      let cursor: string | null = null;
      for (let page = 0; page < 20; page++) {
        const q = new URLSearchParams({ entityType, entityId, limit: '500' });
        if (cursor) q.set('cursor', cursor);
        const res = await apiFetch(`${org(orgId)}/audit-events?${q}`, ZListAuditEventsResponse, { signal });
        items.push(...res.items);
        cursor = res.nextCursor;
        if (!cursor) break;
      }
      return items;
    },
  });

export const verifyQuery = (orgId: string) =>
  queryOptions({
    queryKey: auditKeys.verify(orgId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/audit-events/verify`, ZAuditVerifyResponse, { signal }),
    staleTime: 0,
  });
