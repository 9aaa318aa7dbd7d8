'use client';

import {
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookSecretResponse,
  type TCreateWebhookRequest,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookSecretResponse,
} from '@amms/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { isDefiniteFailure, useActionKey } from '@/lib/idempotency';
import { refreshQueries } from '@/lib/refresh';
import { webhookKeys, webhookPaths } from './queries';

/** A 404 (removed meanwhile) or 409 (changed meanwhile) means the list on screen is stale. */
const isStale = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 409);

/**
 * A write whose answer holds a signing secret (create, rotate): one Idempotency-Key per input,
 * the secret handed to `onSecret` and never put in the query cache.
 */
function useSecretWrite<TBody>(orgId: string, path: string, onSecret: (res: TWebhookSecretResponse) => void) {
  const qc = useQueryClient();
  const idem = useActionKey();
  return useMutation({
    mutationFn: (body: TBody) =>
      apiFetch(path, ZWebhookSecretResponse, { method: 'POST', body, idempotencyKey: idem.keyFor(body) }),
    onSuccess: (res) => {
      idem.reset();
      void refreshQueries(qc, webhookKeys.all(orgId));
      onSecret(res);
    },
    onError: (err) => {
      if (isDefiniteFailure(err)) idem.reset();
    },
  });
}

export const useCreateWebhook = (orgId: string, onSecret: (res: TWebhookSecretResponse) => void) =>
  useSecretWrite<TCreateWebhookRequest>(orgId, webhookPaths.list(orgId), onSecret);

export const useRotateWebhookSecret = (
  orgId: string,
  endpointId: string,
  onSecret: (res: TWebhookSecretResponse) => void,
) => useSecretWrite<{ overlapSeconds: number }>(orgId, webhookPaths.rotate(orgId, endpointId), onSecret);

/** Enable / disable, at the version shown. */
export function useToggleWebhook(orgId: string, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ep: TWebhookEndpoint) =>
      apiFetch(webhookPaths.one(orgId, ep.id), ZWebhookEndpoint, {
        method: 'PATCH',
        body: { version: ep.version, enabled: !ep.enabled },
      }),
    onSuccess: () => {
      onDone();
      void refreshQueries(qc, webhookKeys.all(orgId));
    },
    onError: (err) => {
      if (isStale(err)) void refreshQueries(qc, webhookKeys.all(orgId));
    },
  });
}

export function useRemoveWebhook(orgId: string, endpointId: string, onRemoved: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(webhookPaths.one(orgId, endpointId), ZWebhookEndpoint.optional(), { method: 'DELETE' }),
    onSuccess: () => {
      void refreshQueries(qc, webhookKeys.all(orgId));
      onRemoved();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) void refreshQueries(qc, webhookKeys.all(orgId));
    },
  });
}

/** Send one delivery again (a new attempt of the same event, same payload id). */
export function useRedeliver(orgId: string, endpointId: string, onDone: () => void) {
  const qc = useQueryClient();
  const idem = useActionKey();
  return useMutation({
    mutationFn: (d: TWebhookDelivery) =>
      apiFetch(webhookPaths.redeliver(orgId, endpointId, d.id), ZWebhookDelivery, {
        method: 'POST',
        body: {},
        idempotencyKey: idem.keyFor(d.id),
      }),
    onSuccess: () => {
      idem.reset();
      onDone();
      void refreshQueries(qc, webhookKeys.deliveries(orgId, endpointId));
    },
    onError: (err) => {
      if (isDefiniteFailure(err)) idem.reset();
    },
  });
}
