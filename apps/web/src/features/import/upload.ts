'use client';

import { ZImportPreview, type TImportKind, type TImportPreview } from '@amms/contracts/integrations';
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
