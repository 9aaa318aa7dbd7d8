'use client';

import {
  ZTelematicsPollResult,
  ZTelematicsSource,
  ZTelematicsUnit,
  type TCreateTelematicsSourceRequest,
  type TLinkTelematicsUnitRequest,
  type TTelematicsPollResult,
  type TTelematicsSource,
  type TUpdateTelematicsSourceRequest,
} from '@amms/contracts/telematics-sources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiFetch } from '@/lib/api-client';
import { isDefiniteFailure, useActionKey } from '@/lib/idempotency';
import { refreshQueries } from '@/lib/refresh';
import { sourceKeys, sourcePaths } from './queries';

/**
 * A POST that must not run twice for one input (connect a source, poll it, link a unit): one
 * Idempotency-Key per input, a new one after the answer; the sources and units are read again.
 */
function useOnce<TInput, TOut>(
  orgId: string,
  send: (input: TInput, key: string) => Promise<TOut>,
  onDone: (out: TOut) => void,
) {
  const qc = useQueryClient();
  const idem = useActionKey();
  return useMutation({
    mutationFn: (input: TInput) => send(input, idem.keyFor(input)),
    onSuccess: (out) => {
      idem.reset();
      void refreshQueries(qc, sourceKeys.all(orgId));
      onDone(out);
    },
    onError: (err) => {
      if (isDefiniteFailure(err)) idem.reset();
    },
  });
}

export const useCreateSource = (orgId: string, onDone: (s: TTelematicsSource) => void) =>
  useOnce<TCreateTelematicsSourceRequest, TTelematicsSource>(
    orgId,
    (body, idempotencyKey) =>
      apiFetch(sourcePaths.list(orgId), ZTelematicsSource, { method: 'POST', body, idempotencyKey }),
    onDone,
  );

/** One poll cycle now; the answer says what it read (or why it failed). */
export const usePollSource = (orgId: string, onDone: (r: TTelematicsPollResult) => void) =>
  useOnce<string, TTelematicsPollResult>(
    orgId,
    (id, idempotencyKey) =>
      apiFetch(sourcePaths.poll(orgId, id), ZTelematicsPollResult, { method: 'POST', body: {}, idempotencyKey }),
    onDone,
  );

/** Link a unit to a machine, or ignore it. */
export const useLinkUnit = (orgId: string, onDone: () => void) =>
  useOnce<{ unitId: string; body: TLinkTelematicsUnitRequest }, unknown>(
    orgId,
    ({ unitId, body }, idempotencyKey) =>
      apiFetch(sourcePaths.link(orgId, unitId), ZTelematicsUnit, { method: 'POST', body, idempotencyKey }),
    onDone,
  );

/** Enable / pause a source at the version shown (409 when someone changed it meanwhile: the list is read again). */
export function useToggleSource(orgId: string, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: TTelematicsSource) =>
      apiFetch(sourcePaths.one(orgId, s.id), ZTelematicsSource, {
        method: 'PATCH',
        body: { version: s.version, enabled: !s.enabled },
      }),
    onSuccess: () => {
      onDone();
      void refreshQueries(qc, sourceKeys.all(orgId));
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409))
        void refreshQueries(qc, sourceKeys.all(orgId));
    },
  });
}

/** Save a source's changes at the version the form was opened at (409 when someone changed it meanwhile: the list is read again). */
export function useUpdateSource(orgId: string, sourceId: string, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateTelematicsSourceRequest) =>
      apiFetch(sourcePaths.one(orgId, sourceId), ZTelematicsSource, { method: 'PATCH', body }),
    onSuccess: () => {
      void refreshQueries(qc, sourceKeys.all(orgId));
      onDone();
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409))
        void refreshQueries(qc, sourceKeys.all(orgId));
    },
  });
}

export function useRemoveSource(orgId: string, sourceId: string, onRemoved: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(sourcePaths.one(orgId, sourceId), z.unknown(), { method: 'DELETE' }),
    onSuccess: () => {
      void refreshQueries(qc, sourceKeys.all(orgId));
      onRemoved();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void refreshQueries(qc, sourceKeys.all(orgId));
    },
  });
}
