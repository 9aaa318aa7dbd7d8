'use client';

import { ZAttachment, type TAttachmentOwnerType } from '@amms/contracts/attachments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { uploadFile } from '@/lib/multipart-upload';
import { refreshQueries } from '@/lib/refresh';
import { attachmentKeys, attachmentsApi } from './queries';

/**
 * Uploads one file to a work order or a cost document. Each file gets its own Idempotency-Key
 * when picked (a retry of the same file sends the same key: the API answers the first upload).
 */
export function useUploadAttachment(orgId: string, owner: TAttachmentOwnerType, ownerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key: string }) =>
      uploadFile(attachmentsApi(orgId, owner, ownerId), file, file.name || 'photo.jpg', key, ZAttachment),
    onSuccess: () => refreshQueries(qc, attachmentKeys.list(orgId, owner, ownerId)),
  });
}

/** Deletes one attachment (the API checks the owner's write access and that it is still open). */
export function useDeleteAttachment(orgId: string, owner: TAttachmentOwnerType, ownerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(orgApi(orgId, `attachments/${seg(id)}`), z.undefined(), { method: 'DELETE' }),
    onSettled: () => refreshQueries(qc, attachmentKeys.list(orgId, owner, ownerId)),
  });
}
