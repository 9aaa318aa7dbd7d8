'use client';

import { DOCUMENT_MAX_BYTES, ZUploadResponse, type TUploadResponse } from '@amms/contracts/knowledge';
import { ZErrorEnvelope } from '@amms/contracts/errors';
import { ApiError } from '@/lib/api-client';

export type UploadProgress = { loaded: number; total: number };

/** What the dialog checks before sending anything (the API checks again). */
export function checkPdf(file: File | null): 'required' | 'notPdf' | 'tooLarge' | null {
  if (!file) return 'required';
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'notPdf';
  if (file.size > DOCUMENT_MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * A multipart upload through the BFF with progress: fetch() cannot report how much of a request
 * body has gone out, XMLHttpRequest can (`upload.onprogress`). The proxy streams the body on to
 * the API. When the proxy had to refresh the session it asks (401 + `x-amms-retry-upload`) for
 * the file once more, since a streamed body cannot be replayed: sent again, once.
 */
export async function uploadDocument(
  path: string,
  form: FormData,
  onProgress: (p: UploadProgress) => void,
  opts: { signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<TUploadResponse> {
  const first = await send(path, form, onProgress, opts);
  const res = first.retry ? await send(path, form, onProgress, opts) : first;
  if (res.status >= 200 && res.status < 300) return ZUploadResponse.parse(res.body);
  const envelope = ZErrorEnvelope.safeParse(res.body);
  if (envelope.success) {
    const e = envelope.data.error;
    throw new ApiError(res.status, e.code, e.message, e.requestId, e.details);
  }
  throw new ApiError(res.status, res.status >= 500 ? 'INTERNAL' : 'UNKNOWN', `HTTP ${res.status}`);
}

type Raw = { status: number; body: unknown; retry: boolean };

function send(
  path: string,
  form: FormData,
  onProgress: (p: UploadProgress) => void,
  { signal, idempotencyKey }: { signal?: AbortSignal; idempotencyKey?: string },
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/proxy/${path.replace(/^\/+/, '')}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (idempotencyKey) xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total });
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({
        status: xhr.status,
        body,
        retry: xhr.status === 401 && xhr.getResponseHeader('x-amms-retry-upload') === '1',
      });
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'NETWORK', 'network error'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    xhr.send(form);
  });
}

export const isAbort = (err: unknown): boolean => err instanceof DOMException && err.name === 'AbortError';

/** 1.5 MB, 820 KB: upload sizes for people */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value)} ${units[unit]}`;
}
