import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canonicalJson } from '../crypto/hash-chain.js';
import { AppError } from '../errors/app-error.js';
import { envelope, normalizeError } from '../errors/error-envelope.js';
import { ReplayedResponse } from '../idempotency/idempotency.interceptor.js';
import { keyScopeOf, shouldStoreOutcome } from '../idempotency/idempotency-rules.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { AuthPrincipal } from '../access/context.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { UploadForm } from './multipart-form.js';

/**
 * Idempotency-Key for multipart uploads (routes marked `@Idempotent({ deferred: true })`). The
 * interceptor cannot hash a streamed body, so the request is fingerprinted here once the file is
 * stored: method + path + the file's sha256 + the canonical form fields. Same key + same file and
 * fields → the stored answer; same key + another file or fields → 422 IDEMPOTENCY_KEY_REUSED;
 * concurrent → 409. The file is streamed before the claim (a replay still uploads the bytes: the
 * blob store keeps one copy per sha256).
 */
/**
 * An upload route's write, once per Idempotency-Key (fingerprint: the file and the form fields):
 * `store` writes what the staged file is for and says the status to answer with. The staged
 * file is dropped afterwards, whatever happened (a stored file was committed out of it).
 */
export async function storeUploadOnce<T>(
  deps: { idempotency: IdempotencyService; blobs: BlobStore },
  req: FastifyRequest & { principal?: AuthPrincipal },
  reply: FastifyReply,
  form: UploadForm,
  store: () => Promise<{ status: number; body: T }>,
): Promise<T> {
  try {
    return await withUploadIdempotency(
      deps.idempotency,
      req,
      reply,
      { sha256: form.staged.sha256, fields: { ...form.fields, fileName: form.fileName } },
      async () => {
        const out = await store();
        void reply.status(out.status);
        return out.body;
      },
    );
  } finally {
    await deps.blobs.discard(form.staged);
  }
}

export async function withUploadIdempotency<T>(
  idempotency: IdempotencyService,
  req: FastifyRequest & { principal?: AuthPrincipal },
  reply: FastifyReply,
  fingerprint: { sha256: string; fields: unknown },
  run: () => Promise<T>,
): Promise<T> {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return run();
  const { scope, path } = keyScopeOf(req);
  const requestHash = createHash('sha256')
    .update(`${req.method} ${path}\nmultipart ${fingerprint.sha256}\n${canonicalJson(fingerprint.fields)}`)
    .digest('hex');
  const claim = await idempotency.claim(scope, key, req.method, path, requestHash);
  switch (claim.decision) {
    case 'MISMATCH':
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request');
    case 'IN_USE':
      throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running: retry later');
    case 'REPLAY': {
      void reply.header('idempotent-replayed', 'true');
      const stored = claim.stored!;
      if (stored.status >= 400) throw new ReplayedResponse(stored.status, stored.body);
      void reply.status(stored.status);
      return stored.body as T;
    }
    default:
      break;
  }
  try {
    const body = await run();
    await idempotency.complete(
      claim.id!,
      scope,
      key,
      reply.statusCode >= 200 && reply.statusCode < 300 ? reply.statusCode : 201,
      body ?? null,
    );
    return body;
  } catch (err) {
    const n = normalizeError(err);
    if (shouldStoreOutcome(n.status, n.code))
      await idempotency.complete(claim.id!, scope, key, n.status, envelope(n, String(req.id)));
    else await idempotency.release(claim.id!);
    throw err;
  }
}
