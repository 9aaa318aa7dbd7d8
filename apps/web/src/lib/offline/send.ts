import { ZErrorEnvelope } from '@amms/contracts/errors';
import type { QueuedWrite } from './db';
import type { SendOutcome } from './queue';

/**
 * Sends one queued write through the BFF proxy, as apiFetch does, with its Idempotency-Key.
 * A photo goes as multipart (field `file`). Refusals the person must see are `rejected`; no
 * answer, 5xx, 429, a key still in use and 401 (signed out: the session comes back after the
 * next sign-in) leave the write pending for the next drain.
 */
export async function sendWrite(w: QueuedWrite): Promise<SendOutcome> {
  const headers = new Headers({ accept: 'application/json', 'idempotency-key': w.idempotencyKey });
  let body: BodyInit | undefined;
  if (w.file) {
    const form = new FormData();
    for (const [k, v] of Object.entries(w.body ?? {})) if (v !== undefined) form.set(k, String(v));
    form.set('file', w.file.blob, w.file.name);
    body = form;
  } else if (w.body) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(w.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api/proxy/${w.path.replace(/^\/+/, '')}`, {
      method: w.method,
      headers,
      body,
      credentials: 'same-origin',
    });
  } catch (err) {
    return { kind: 'retry', reason: err instanceof Error ? err.message : 'network' };
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const r = (json ?? {}) as { id?: unknown; version?: unknown };
    return {
      kind: 'done',
      result: {
        ...(typeof r.id === 'string' ? { id: r.id } : {}),
        ...(typeof r.version === 'number' ? { version: r.version } : {}),
      },
    };
  }
  const env = ZErrorEnvelope.safeParse(json);
  const code = env.success ? env.data.error.code : `HTTP_${res.status}`;
  if (res.status >= 500 || res.status === 429 || res.status === 401 || code === 'IDEMPOTENCY_KEY_IN_USE')
    return { kind: 'retry', reason: code };
  return {
    kind: 'rejected',
    error: {
      status: res.status,
      code,
      message: env.success ? env.data.error.message : `HTTP ${res.status}`,
      ...(env.success && env.data.error.details !== undefined ? { details: env.data.error.details } : {}),
    },
  };
}
