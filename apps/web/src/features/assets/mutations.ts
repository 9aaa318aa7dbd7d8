'use client';

import {
  ZAsset,
  ZMeterReading,
  type TAsset,
  type TAssetStatus,
  type TCreateAssetRequest,
  type TUpdateAssetRequest,
} from '@amms/contracts/assets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, isApiError } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { refreshQueries } from '@/lib/refresh';
import { uploadFile } from '@/lib/multipart-upload';
import { ZRecognitionResponse, ZRecognitionSetup } from '@amms/contracts/attachments';
import { assetKeys } from './queries';

const assetPath = (orgId: string, id: string) => orgApi(orgId, `assets/${seg(id)}`);

/** A status change (PATCH with the version); a 409 (changed meanwhile) refetches the machine. */
export function useSetAssetStatus(orgId: string, asset: TAsset, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (to: TAssetStatus) =>
      apiFetch(assetPath(orgId, asset.id), ZAsset, { method: 'PATCH', body: { version: asset.version, status: to } }),
    onSuccess: async () => {
      onDone();
      await refreshQueries(qc, assetKeys.all(orgId));
    },
    onError: async (err) => {
      // 409: someone changed it meanwhile; show the current state
      if (isApiError(err, 409)) await refreshQueries(qc, assetKeys.detail(orgId, asset.id));
    },
  });
}

export function useDeleteAsset(orgId: string, assetId: string, onDeleted: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(assetPath(orgId, assetId), z.unknown(), { method: 'DELETE' }),
    onSuccess: async () => {
      qc.removeQueries({ queryKey: assetKeys.detail(orgId, assetId) });
      await refreshQueries(qc, assetKeys.lists(orgId));
      onDeleted();
    },
  });
}

export type SaveAssetRequest =
  { create: TCreateAssetRequest; idempotencyKey: string } | { id: string; update: TUpdateAssetRequest };

/** Create (POST with the form's idempotency key) or edit (PATCH with the version) a machine. */
export function useSaveAsset(
  orgId: string,
  handlers: { onSaved: (saved: TAsset) => void; onError: (err: unknown) => void },
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: SaveAssetRequest): Promise<TAsset> =>
      'create' in req
        ? apiFetch(orgApi(orgId, 'assets'), ZAsset, {
            method: 'POST',
            body: req.create,
            idempotencyKey: req.idempotencyKey,
          })
        : apiFetch(assetPath(orgId, req.id), ZAsset, { method: 'PATCH', body: req.update }),
    onSuccess: async (saved) => {
      await refreshQueries(qc, assetKeys.lists(orgId), assetKeys.detail(orgId, saved.id));
      handlers.onSaved(saved);
    },
    onError: handlers.onError,
  });
}

export type MeterReadingInput = { readingHours: number | null; isReplacement: boolean; confirmJump: boolean };

/** POST a meter reading (with the form's idempotency key); the machine's page is read again. */
export function useRecordMeterReading(
  orgId: string,
  assetId: string,
  handlers: { onRecorded: () => void; onError: (err: unknown) => void },
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: MeterReadingInput; idempotencyKey: string }) =>
      apiFetch(`${assetPath(orgId, assetId)}/meter-readings`, ZMeterReading, { method: 'POST', body, idempotencyKey }),
    onSuccess: async () => {
      handlers.onRecorded();
      await refreshQueries(qc, assetKeys.detail(orgId, assetId));
    },
    onError: handlers.onError,
  });
}

/** Void a wrong reading with a reason (meter.void). */
export function useVoidMeterReading(orgId: string, assetId: string, readingId: string, onVoided: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiFetch(`${assetPath(orgId, assetId)}/meter-readings/${seg(readingId)}/void`, ZMeterReading, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: async () => {
      onVoided();
      await refreshQueries(qc, assetKeys.detail(orgId, assetId));
    },
  });
}

/** "Add a machine from a photo": the photo goes to the recognition service through the API (one key per photo). */
/** Whether recognition from a photo is set up here (said before a photo is taken). */
export function useRecognitionSetup(orgId: string) {
  return useQuery({
    queryKey: ['orgs', orgId, 'recognition-setup'],
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, 'machine-models/recognitions/setup'), ZRecognitionSetup, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRecogniseMachine(orgId: string) {
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key: string }) =>
      uploadFile(
        orgApi(orgId, 'machine-models/recognitions'),
        file,
        file.name || 'photo.jpg',
        key,
        ZRecognitionResponse,
      ),
  });
}
