import { ZMeResponse } from '@amms/contracts/auth';
import { ZListTeamsResponse } from '@amms/contracts/teams';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { orgKey } from './query-keys';

/**
 * Query keys: everything org-scoped starts with ['orgs', orgId], so switching orgs
 * never shows another org's cache and one org can be invalidated as a whole.
 */
export const queryKeys = {
  me: ['me'] as const,
  org: (orgId: string) => ['orgs', orgId] as const,
  teams: (orgId: string, params: { limit: number }) => orgKey(orgId, 'teams', params),
};

export const meQuery = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => apiFetch('me', ZMeResponse, { signal }),
    staleTime: 5 * 60_000,
  });

export const teamsQuery = (orgId: string, params: { limit: number } = { limit: 50 }) =>
  queryOptions({
    queryKey: queryKeys.teams(orgId, params),
    queryFn: ({ signal }) =>
      apiFetch(`orgs/${encodeURIComponent(orgId)}/teams?limit=${params.limit}`, ZListTeamsResponse, { signal }),
  });

/**
 * For `placeholderData`: while another filter or period loads, the previous rows and figures
 * stay on screen (the section is marked busy), but never another org's: the previous query
 * must be of this org (keys are ['orgs', orgId, …]).
 */
export const sameOrg =
  (orgId: string) =>
  <T>(prev: T | undefined, prevQuery: { queryKey: readonly unknown[] } | undefined): T | undefined =>
    prevQuery?.queryKey[1] === orgId ? prev : undefined;
