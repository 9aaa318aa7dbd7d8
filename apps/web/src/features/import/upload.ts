'use client';

import {
  ZImportCommitResponse,
  ZImportPreview,
  type TImportKind,
  type TImportPreview,
} from '@amms/contracts/integrations';
import { apiFetch } from '@/lib/api-client';
import { uploadFile } from '@/lib/multipart-upload';

/** Uploads an import file through the BFF (multipart, streamed on to the API; see lib/multipart-upload.ts). */
export function uploadImport(
  orgId: string,
  kind: TImportKind,
  file: File,
  idempotencyKey: string,
): Promise<TImportPreview> {
  return uploadFile(
    `orgs/${encodeURIComponent(orgId)}/imports/${kind}/previews`,
    file,
    file.name,
    idempotencyKey,
    ZImportPreview,
  );
}

/** Commits a checked preview: all rows or none (422 IMPORT_ROWS_INVALID names the rows that failed). */
export function commitImport(orgId: string, kind: TImportKind, previewId: string, idempotencyKey: string) {
  return apiFetch(
    `orgs/${encodeURIComponent(orgId)}/imports/${kind}/previews/${encodeURIComponent(previewId)}/commit`,
    ZImportCommitResponse,
    { method: 'POST', body: {}, idempotencyKey },
  );
}
