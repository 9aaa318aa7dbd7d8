'use client';

import { ZAddMemberResponse, ZMember, ZPasswordResetResponse, type TAddMemberRequest, type TAddMemberResponse, type TMember, type TUpdateMemberRequest } from '@amms/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { z } from 'zod';
import { ApiError, apiFetch } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency';
import { refreshQueries } from '@/lib/refresh';
import { adminKeys, adminPaths } from './queries';

/**
 * After a definite answer (any 4xx except "still running" / rate limit) the API has
 * stored the outcome under the Idempotency-Key: the next attempt, usually with other
 * input, needs a fresh key. Network failures and 5xx keep the key, so a retry of the
 * same request is answered once.
 */
export function isDefiniteFailure(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    err.code !== 'IDEMPOTENCY_KEY_IN_USE' &&
    err.code !== 'RATE_LIMITED' &&
    err.code !== 'VALIDATION_FAILED' &&
    err.code !== 'MALFORMED_JSON'
  );
}

export const isConflict = (err: unknown): boolean => err instanceof ApiError && err.status === 409;

/**
 * One Idempotency-Key per logical action (see lib/idempotency): the same input sent
 * again (double click, retry after a network failure) reuses the key; changed input
 * is a new action and gets a new key, so it is never refused as a reused key.
 */
export function useActionKey(): { keyFor: (input: unknown) => string; reset: () => void } {
  const { key, reset: resetKey } = useIdempotencyKey();
  const last = useRef<string | null>(null);
  const keyFor = useCallback(
    (input: unknown) => {
      const sig = JSON.stringify(input);
      if (sig !== last.current) resetKey();
      last.current = sig;
      return key();
    },
    [key, resetKey],
  );
  const reset = useCallback(() => {
    last.current = null;
    resetKey();
  }, [resetKey]);
  return { keyFor, reset };
}

// ---- members -----------------------------------------------------------------

/** POST members (the answer may hold a one-time password: its stored replay is sealed by the API). */
export function useAddMember(orgId: string, handlers: { onAdded: (res: TAddMemberResponse) => void; onError: (err: unknown) => void }) {
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
export function useUpdateMember(orgId: string, memberId: string, handlers: { onSaved: (saved: TMember, teamsChanged: boolean) => void; onConflict: (err: unknown) => void }, baseTeamIds: readonly string[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateMemberRequest) => apiFetch(adminPaths.member(orgId, memberId), ZMember, { method: 'PATCH', body }),
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
      if (isConflict(err) || (err instanceof ApiError && err.status === 404)) void refreshQueries(qc, adminKeys.members(orgId));
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
