'use client';

import {
  ZAddMemberResponse,
  ZMember,
  ZPasswordResetResponse,
  type TAddMemberRequest,
  type TAddMemberResponse,
  type TMember,
  type TUpdateMemberRequest,
} from '@amms/contracts/members';
import {
  ZApiKey,
  ZCreateApiKeyResponse,
  type TCreateApiKeyRequest,
  type TCreateApiKeyResponse,
} from '@amms/contracts/api-keys';
import { ZTeam, type TCreateTeamRequest, type TTeam, type TUpdateTeamRequest } from '@amms/contracts/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiFetch } from '@/lib/api-client';
import { isConflict } from '@/lib/idempotency';
import { orgRootKey } from '@/lib/query-keys';
import { refreshQueries } from '@/lib/refresh';
import { adminKeys, adminPaths } from './queries';

// ---- members -----------------------------------------------------------------

/** POST members (the answer may hold a one-time password: its stored replay is sealed by the API). */
export function useAddMember(
  orgId: string,
  handlers: { onAdded: (res: TAddMemberResponse) => void; onError: (err: unknown) => void },
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TAddMemberRequest; idempotencyKey: string }) =>
      apiFetch(adminPaths.members(orgId), ZAddMemberResponse, { method: 'POST', body, idempotencyKey }),
    onSuccess: (res) => {
      void refreshQueries(qc, adminKeys.members(orgId), adminKeys.teams(orgId));
      handlers.onAdded(res);
    },
    onError: handlers.onError,
  });
}

/** PATCH a member with the version it was read at; a 409 reads the list again and hands the error on. */
export function useUpdateMember(
  orgId: string,
  memberId: string,
  handlers: { onSaved: (saved: TMember, teamsChanged: boolean) => void; onConflict: (err: unknown) => void },
  baseTeamIds: readonly string[],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateMemberRequest) =>
      apiFetch(adminPaths.member(orgId, memberId), ZMember, { method: 'PATCH', body }),
    onSuccess: (saved) => {
      void refreshQueries(qc, adminKeys.members(orgId));
      const teamsChanged = saved.teamIds.join() !== baseTeamIds.join();
      if (teamsChanged) void refreshQueries(qc, adminKeys.teams(orgId));
      handlers.onSaved(saved, teamsChanged);
    },
    onError: (err) => {
      if (!isConflict(err)) return;
      // someone else changed this member: show the current state, the admin decides again
      void refreshQueries(qc, adminKeys.members(orgId));
      handlers.onConflict(err);
    },
  });
}

export function useRemoveMember(orgId: string, memberId: string, onRemoved: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(adminPaths.member(orgId, memberId), z.undefined(), { method: 'DELETE' }),
    onSuccess: () => {
      void refreshQueries(qc, adminKeys.members(orgId), adminKeys.teams(orgId));
      onRemoved();
    },
    onError: (err) => {
      if (isConflict(err) || (err instanceof ApiError && err.status === 404))
        void refreshQueries(qc, adminKeys.members(orgId));
    },
  });
}

/**
 * A new one-time password for a member. No Idempotency-Key: a repeat issues a newer password,
 * and no stored answer should keep it; nothing of the answer stays in the mutation cache.
 */
export function useResetMemberPassword(orgId: string, memberId: string, onIssued: (oneTimePassword: string) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(adminPaths.passwordReset(orgId, memberId), ZPasswordResetResponse, { method: 'POST' }),
    gcTime: 0,
    onSuccess: (res) => onIssued(res.oneTimePassword),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void refreshQueries(qc, adminKeys.members(orgId));
    },
  });
}

// ---- teams -------------------------------------------------------------------

export type SaveTeamRequest =
  { create: TCreateTeamRequest; idempotencyKey: string } | { id: string; update: TUpdateTeamRequest };

/** Create (POST with the action's key) or rename / describe (PATCH) a team. */
export function useSaveTeam(orgId: string, handlers: { onSaved: (t: TTeam) => void; onError: (err: unknown) => void }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: SaveTeamRequest) =>
      'create' in req
        ? apiFetch(adminPaths.teams(orgId), ZTeam, {
            method: 'POST',
            body: req.create,
            idempotencyKey: req.idempotencyKey,
          })
        : apiFetch(adminPaths.team(orgId, req.id), ZTeam, { method: 'PATCH', body: req.update }),
    onSuccess: (t) => {
      void refreshQueries(qc, adminKeys.teams(orgId));
      handlers.onSaved(t);
    },
    onError: (err) => {
      handlers.onError(err);
      if (isConflict(err) || (err instanceof ApiError && err.status === 404))
        void refreshQueries(qc, adminKeys.teams(orgId));
    },
  });
}

export function useDeleteTeam(orgId: string, teamId: string, onDeleted: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(adminPaths.team(orgId, teamId), z.undefined(), { method: 'DELETE' }),
    onSuccess: () => {
      // members leave the team and its machines, fields and jobs lose it: everything of this org may show it
      void refreshQueries(qc, orgRootKey(orgId));
      onDeleted();
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409))
        void refreshQueries(qc, adminKeys.teams(orgId));
    },
  });
}

// ---- API keys ----------------------------------------------------------------

/** POST api-keys: the secret is in the answer once (the stored replay is sealed by the API). */
export function useCreateApiKey(
  orgId: string,
  handlers: { onCreated: (res: TCreateApiKeyResponse) => void; onError: (err: unknown) => void },
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TCreateApiKeyRequest; idempotencyKey: string }) =>
      apiFetch(adminPaths.apiKeys(orgId), ZCreateApiKeyResponse, { method: 'POST', body, idempotencyKey }),
    onSuccess: (res) => {
      void refreshQueries(qc, adminKeys.apiKeys(orgId));
      handlers.onCreated(res);
    },
    onError: handlers.onError,
  });
}

export function useRevokeApiKey(orgId: string, apiKeyId: string, onRevoked: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(adminPaths.apiKey(orgId, apiKeyId), ZApiKey, { method: 'DELETE' }),
    onSuccess: () => {
      void refreshQueries(qc, adminKeys.apiKeys(orgId));
      onRevoked();
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409))
        void refreshQueries(qc, adminKeys.apiKeys(orgId));
    },
  });
}
