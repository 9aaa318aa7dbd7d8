'use client';

import type { z } from 'zod';
import { ZErrorEnvelope } from '@amms/contracts/errors';
import { ApiError } from '@/lib/api-client';

/**
 * POSTs one file (multipart part `file`) through the BFF proxy, with an Idempotency-Key, and
 * parses the answer. When the proxy had to refresh the session it asks for the body once more
 * (401 + `x-amms-retry-upload`, the streamed body being spent): sent again, once.
 */
export async function uploadFile<S extends z.ZodType>(
  apiPath: string,
  file: Blob,
  fileName: string,
  idempotencyKey: string,
  schema: S,
): Promise<z.infer<S>> {
  const send = () => {
    const form = new FormData();
    form.append('file', file, fileName);
    return fetch(`/api/proxy/${apiPath}`, {
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
  if (res.ok) return schema.parse(body);
  const envelope = ZErrorEnvelope.safeParse(body);
  if (envelope.success) {
    const e = envelope.data.error;
    throw new ApiError(res.status, e.code, e.message, e.requestId, e.details);
  }
  throw new ApiError(res.status, res.status >= 500 ? 'INTERNAL' : 'UNKNOWN', `HTTP ${res.status}`);
}
