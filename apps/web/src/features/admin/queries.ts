import { ZListApiKeysResponse } from '@amms/contracts/api-keys';
import { ZListMembersResponse, type TListMembersQuery } from '@amms/contracts/members';
import { ZListTeamsResponse } from '@amms/contracts/teams';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery } from '@/lib/cursor-list';
import { fetchAllPages, orgApi, qs } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/** Members list filters the page offers (a subset of ZListMembersQuery). */
export type MemberFilters = Pick<TListMembersQuery, 'q' | 'role' | 'status' | 'sort'>;

const PAGE = 50;
const org = (orgId: string) => orgApi(orgId);

/**
 * Query keys of the admin pages. Every key starts with ['orgs', orgId, <resource>]:
 * switching orgs never shows another org's rows, and invalidating ['orgs', orgId, 'teams']
 * also refreshes the overview's teams card (lib/queries.ts).
 */
export const adminKeys = {
  members: (orgId: string) => orgKey(orgId, 'members'),
  memberList: (orgId: string, filters: MemberFilters) => orgKey(orgId, 'members', 'admin-list', filters),
  teams: (orgId: string) => orgKey(orgId, 'teams'),
  teamList: (orgId: string) => orgKey(orgId, 'teams', 'admin-list'),
  /** every team at once, for pickers and for showing team names in the members table */
  teamOptions: (orgId: string) => orgKey(orgId, 'teams', 'admin-all'),
  apiKeys: (orgId: string) => orgKey(orgId, 'api-keys'),
  apiKeyList: (orgId: string) => orgKey(orgId, 'api-keys', 'admin-list'),
};

export const memberListQuery = (orgId: string, filters: MemberFilters) =>
  cursorListQuery(adminKeys.memberList(orgId, filters), (cursor, signal) =>
    apiFetch(`${org(orgId)}/members${qs({ limit: PAGE, cursor, ...filters })}`, ZListMembersResponse, { signal }),
  );

export const teamListQuery = (orgId: string) =>
  cursorListQuery(adminKeys.teamList(orgId), (cursor, signal) =>
    apiFetch(`${org(orgId)}/teams${qs({ limit: PAGE, cursor })}`, ZListTeamsResponse, { signal }),
  );

/** All teams of the org (follows the cursor; an org has tens of teams, not thousands). */
export const teamOptionsQuery = (orgId: string) =>
  queryOptions({
    queryKey: adminKeys.teamOptions(orgId),
    queryFn: async ({ signal }) => (await fetchAllPages(`${org(orgId)}/teams`, ZListTeamsResponse, signal, 20)).items,
  });

export const apiKeyListQuery = (orgId: string) =>
  cursorListQuery(adminKeys.apiKeyList(orgId), (cursor, signal) =>
    apiFetch(`${org(orgId)}/api-keys${qs({ limit: PAGE, cursor })}`, ZListApiKeysResponse, { signal }),
  );

export const adminPaths = {
  members: (orgId: string) => `${org(orgId)}/members`,
  member: (orgId: string, id: string) => `${org(orgId)}/members/${encodeURIComponent(id)}`,
  passwordReset: (orgId: string, id: string) => `${org(orgId)}/members/${encodeURIComponent(id)}/password-reset`,
  teams: (orgId: string) => `${org(orgId)}/teams`,
  team: (orgId: string, id: string) => `${org(orgId)}/teams/${encodeURIComponent(id)}`,
  apiKeys: (orgId: string) => `${org(orgId)}/api-keys`,
  apiKey: (orgId: string, id: string) => `${org(orgId)}/api-keys/${encodeURIComponent(id)}`,
};
