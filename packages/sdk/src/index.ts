// @amms/sdk: a typed client for the AMMS REST API. The types are generated from the API's OpenAPI
// document (src/generated/schema.ts, `npm run generate -w @amms/sdk`); requests go through
// openapi-fetch, so every path, parameter, body and response is checked by the compiler.
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/schema.js';

export type { components, operations, paths } from './generated/schema.js';

/** Every error the API returns: `{ error: { code, message, details?, requestId } }`. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
/** The error codes this version of the API documents (more may be added: also handle unknown ones). */
export type ErrorCode = components['schemas']['ErrorCode'];
/** One failing field of a VALIDATION_FAILED error. */
export type FieldIssue = components['schemas']['FieldIssue'];
export type AmmsClient = Client<paths>;

/**
 * How the client authenticates:
 * - `{ apiKey }`: an org API key (`Authorization: ApiKey amms_…`), for that org's routes;
 * - `{ bearer }`: an access token from `auth.login`, or a function returning the current one
 *   (called before every request, so a refreshed token is picked up).
 */
export type AmmsAuth = { apiKey: string } | { bearer: string | (() => string | Promise<string>) };

export interface AmmsClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** the API's origin, e.g. `https://amms.example.org` or `http://localhost:3001` (paths carry /api/v1) */
  baseUrl: string;
  auth?: AmmsAuth;
}

/** A middleware sending `Authorization: ApiKey <key>` with every request. */
export function apiKeyAuth(key: string): Middleware {
  if (!/^\S+$/.test(key)) throw new TypeError('apiKeyAuth: the key must be a single token (amms_<prefix>_<secret>)');
  return {
    onRequest({ request }) {
      request.headers.set('authorization', `ApiKey ${key}`);
      return request;
    },
  };
}

/** A middleware sending `Authorization: Bearer <token>`; `token` may be a function (refreshed tokens). */
export function bearerAuth(token: string | (() => string | Promise<string>)): Middleware {
  return {
    async onRequest({ request }) {
      const value = typeof token === 'function' ? await token() : token;
      request.headers.set('authorization', `Bearer ${value}`);
      return request;
    },
  };
}

/** A client for the AMMS API (`client.GET('/api/v1/orgs/{orgId}/assets', { params: { path: { orgId } } })`). */
export function createAmmsClient(options: AmmsClientOptions): AmmsClient {
  const { auth, baseUrl, ...rest } = options;
  const client = createClient<paths>({ ...rest, baseUrl: baseUrl.replace(/\/+$/, '') });
  if (auth && 'apiKey' in auth) client.use(apiKeyAuth(auth.apiKey));
  else if (auth && 'bearer' in auth) client.use(bearerAuth(auth.bearer));
  return client;
}

/** Thrown by `unwrap` for an error response: the envelope's code, message and request id, and the status. */
export class AmmsApiError extends Error {
  readonly code: string;
  readonly requestId: string | undefined;
  readonly details: unknown;
  constructor(
    readonly status: number,
    envelope: Partial<ErrorEnvelope> | undefined,
  ) {
    const e = envelope?.error;
    super(e ? `${status} ${e.code}: ${e.message}` : `HTTP ${status}`);
    this.name = 'AmmsApiError';
    this.code = e?.code ?? `HTTP_${status}`;
    this.requestId = e?.requestId;
    this.details = e?.details;
  }
}

/**
 * The data of a successful openapi-fetch result, or an AmmsApiError for an error response:
 * `const page = unwrap(await client.GET(...))`.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.error === undefined) return result.data as T;
  throw new AmmsApiError(result.response.status, result.error as Partial<ErrorEnvelope> | undefined);
}

/**
 * Every item of a cursor-paginated list: `for await (const a of pages((cursor) => client.GET(…, { params: { query: { cursor } } })))`.
 * Stops when `nextCursor` is null.
 */
export async function* pages<T>(
  fetchPage: (
    cursor: string | undefined,
  ) => Promise<{ data?: { items: T[]; nextCursor: string | null }; error?: unknown; response: Response }>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = unwrap(await fetchPage(cursor));
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

/** A fresh Idempotency-Key for a POST that may be retried (send the same one on the retry). */
export function idempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
