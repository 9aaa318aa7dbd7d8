'use client';

import { ZErrorEnvelope } from '@amms/contracts/errors';
import {
  ZImportCommitResponse,
  ZImportPreview,
  type TImportKind,
  type TImportPreview,
} from '@amms/contracts/integrations';
import { ApiError, apiFetch } from '@/lib/api-client';

/**
 * Uploads an import file through the BFF (multipart, streamed on to the API). When the proxy had
 * to refresh the session it asks for the body once more (401 + `x-amms-retry-upload`): sent again, once.
 */
export async function uploadImport(
  orgId: string,
  kind: TImportKind,
  file: File,
  idempotencyKey: string,
): Promise<TImportPreview> {
  const send = () => {
    const form = new FormData();
    form.append('file', file, file.name);
    return fetch(`/api/proxy/orgs/${encodeURIComponent(orgId)}/imports/${kind}/previews`, {
      method: 'POST',
      headers: { accept: 'application/json', 'idempotency-key': idempotencyKey },
      credentials: 'same-origin',
      body: form,
    });
  };
  let res: Response;
  try {
    res = await send();
    if (res.status === 401 && res.headers.get('x-amms-retry-upload') === '1') res = await send();
  } catch (err) {
    throw new ApiError(0, 'NETWORK', err instanceof Error ? err.message : 'network error');
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) return ZImportPreview.parse(body);
  const envelope = ZErrorEnvelope.safeParse(body);
  if (envelope.success) {
    const e = envelope.data.error;
    throw new ApiError(res.status, e.code, e.message, e.requestId, e.details);
  }
  throw new ApiError(res.status, res.status >= 500 ? 'INTERNAL' : 'UNKNOWN', `HTTP ${res.status}`);
}

/** Commits a checked preview: all rows or none (422 IMPORT_ROWS_INVALID names the rows that failed). */
export function commitImport(orgId: string, kind: TImportKind, previewId: string, idempotencyKey: string) {
  return apiFetch(
    `orgs/${encodeURIComponent(orgId)}/imports/${kind}/previews/${encodeURIComponent(previewId)}/commit`,
    ZImportCommitResponse,
    { method: 'POST', body: {}, idempotencyKey },
  );
}
