import { ZErrorEnvelope } from '@amms/contracts/errors';
import type { z } from 'zod';

/** An error answer of the API, as the BFF proxy passed it through (ZErrorEnvelope). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null = null,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(err: unknown, ...statuses: number[]): err is ApiError {
  return err instanceof ApiError && (statuses.length === 0 || statuses.includes(err.status));
}

type ApiFetchInit = Omit<RequestInit, 'body'> & { body?: unknown; idempotencyKey?: string };

/** How a server render reaches the API instead of /api/proxy (set by lib/server/prefetch.ts). */
type ServerTransport = (path: string, init: RequestInit) => Promise<Response>;
let serverTransport: ServerTransport | undefined;

export function setServerTransport(transport: ServerTransport): void {
  serverTransport = transport;
}

/**
 * Browser → /api/proxy/<path> → API /api/v1/<path> (a server render's prefetch: straight to the
 * API, see lib/server/prefetch.ts). The browser never holds a token:
 * the proxy adds the bearer from the httpOnly cookie and refreshes it when needed.
 * Responses are validated with the contract schema, so a drifted API fails loudly here.
 */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  schema: S,
  init: ApiFetchInit = {},
): Promise<z.infer<S>> {
  const { body, idempotencyKey, headers, ...rest } = init;
  const h = new Headers(headers);
  h.set('accept', 'application/json');
  if (body !== undefined) h.set('content-type', 'application/json');
  if (idempotencyKey) h.set('idempotency-key', idempotencyKey);

  let res: Response;
  try {
    const req: RequestInit = {
      ...rest,
      headers: h,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    const rel = path.replace(/^\/+/, '');
    res =
      serverTransport && typeof window === 'undefined'
        ? await serverTransport(rel, req)
        : await fetch(`/api/proxy/${rel}`, req);
  } catch (err) {
    throw new ApiError(0, 'NETWORK', err instanceof Error ? err.message : 'network error');
  }

  if (!res.ok) {
    const envelope = ZErrorEnvelope.safeParse(await res.json().catch(() => null));
    if (envelope.success) {
      const e = envelope.data.error;
      throw new ApiError(res.status, e.code, e.message, e.requestId, e.details);
    }
    throw new ApiError(res.status, res.status >= 500 ? 'INTERNAL' : 'UNKNOWN', `HTTP ${res.status}`);
  }
  const data: unknown = res.status === 204 ? undefined : await res.json();
  return schema.parse(data);
}
