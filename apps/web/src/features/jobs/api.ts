import { ZListAssetsResponse, ZListMachineModelsResponse, type TAsset, type TMachineModel } from '@amms/contracts/assets';
import { ZAssignOptionsResponse, ZListFieldsResponse, type TAssignOptionsResponse, type TField } from '@amms/contracts/jobs';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { refreshOrgFamilies } from '@/lib/refresh';

export const orgApi = (orgId: string, path: string) => `orgs/${encodeURIComponent(orgId)}/${path}`;

/** URLSearchParams without empty values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/**
 * Every page of a small list (pickers: fields, machines, members), at most `maxPages` × 200
 * rows; `truncated` says the list was cut.
 */
export async function fetchAllPages<T>(
  path: string,
  schema: z.ZodType<{ items: T[]; nextCursor: string | null }>,
  signal: AbortSignal | undefined,
  maxPages = 5,
): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res: { items: T[]; nextCursor: string | null } = await apiFetch(`${path}${sep}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, schema, { signal });
    items.push(...res.items);
    cursor = res.nextCursor;
    if (!cursor) return { items, truncated: false };
  }
  return { items, truncated: true };
}

export const jobKeys = {
  all: (orgId: string) => ['orgs', orgId, 'jobs'] as const,
  list: (orgId: string, filters: object) => ['orgs', orgId, 'jobs', 'list', filters] as const,
  detail: (orgId: string, jobId: string) => ['orgs', orgId, 'jobs', 'detail', jobId] as const,
  fields: (orgId: string) => ['orgs', orgId, 'jobs', 'field-options'] as const,
  machines: (orgId: string) => ['orgs', orgId, 'jobs', 'machine-options'] as const,
  assignOptions: (orgId: string, jobId: string) => ['orgs', orgId, 'jobs', jobId, 'assign-options'] as const,
  timeline: (orgId: string, from: string, to: string) => ['orgs', orgId, 'jobs', 'timeline', from, to] as const,
};

export type MachineOption = TAsset & { model: TMachineModel | null };

export async function fetchFieldOptions(orgId: string, signal?: AbortSignal): Promise<{ items: TField[]; truncated: boolean }> {
  return fetchAllPages(orgApi(orgId, `fields${qs({ sort: 'name' })}`), ZListFieldsResponse, signal);
}

/** The org's machines with their model (kind, operation types): the assign picker and the timeline rows. */
export async function fetchMachineOptions(orgId: string, signal?: AbortSignal): Promise<{ items: MachineOption[]; truncated: boolean }> {
  const [assets, models] = await Promise.all([
    fetchAllPages(orgApi(orgId, 'assets'), ZListAssetsResponse, signal),
    fetchAllPages(orgApi(orgId, 'machine-models'), ZListMachineModelsResponse, signal),
  ]);
  const byId = new Map(models.items.map((m) => [m.id, m]));
  const items = assets.items
    .map((a) => ({ ...a, model: byId.get(a.modelId) ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
  return { items, truncated: assets.truncated };
}

/**
 * After a job write: its lists, the job, the calendar, and whatever else shows bookings,
 * machine availability or completed work (other features' keys, by their prefixes).
 */
export function invalidateAfterJobWrite(qc: QueryClient, orgId: string): Promise<unknown> {
  return refreshOrgFamilies(qc, orgId, ['jobs', 'assignments', 'assets', 'dashboard', 'overview', 'analytics', 'field']);
}

/** The assign dialog's pickers: machines and operators with their bookings in the job's window. */
export function fetchAssignOptions(orgId: string, jobId: string, signal?: AbortSignal): Promise<TAssignOptionsResponse> {
  return apiFetch(orgApi(orgId, `jobs/${encodeURIComponent(jobId)}/assign-options`), ZAssignOptionsResponse, { signal });
}
