import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { canonicalJson } from '../crypto/hash-chain.js';
import { AppError } from '../errors/app-error.js';
import { envelope, normalizeError } from '../errors/error-envelope.js';
import { MetricsService } from '../metrics/metrics.service.js';
import type { AuthPrincipal } from '../access/context.js';
import { IdempotencyService } from './idempotency.service.js';
import { isValidIdempotencyKey, keyScopeOf, shouldStoreOutcome } from './idempotency-rules.js';

export const IDEMPOTENT_KEY = 'amms:idempotent';
export interface IdempotentOptions {
  /** when true a request without the header is refused (executions) */
  required?: boolean;
  /**
   * The handler claims the key itself once it has read the request (multipart uploads: the body
   * is a stream the interceptor cannot hash; the handler fingerprints the stored file's sha256 and
   * the form fields, see platform/uploads/upload-idempotency.ts). Here only the key's format is checked.
   */
  deferred?: boolean;
}
/** Marks a POST as honouring the Idempotency-Key header (Stripe semantics). */
export const Idempotent = (opts: IdempotentOptions = {}) => SetMetadata(IDEMPOTENT_KEY, opts);

/** Thrown to replay a stored error response through the exception filter unchanged. */
export class ReplayedResponse extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super('replayed');
  }
}

@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly service: IdempotencyService,
    private readonly metrics: MetricsService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const opts = this.reflector.get<IdempotentOptions | undefined>(IDEMPOTENT_KEY, context.getHandler());
    if (!opts) return next.handle();
    return from(this.run(context, next, opts));
  }

  private async run(context: ExecutionContext, next: CallHandler, opts: IdempotentOptions): Promise<unknown> {
    const req = context.switchToHttp().getRequest<FastifyRequest & { principal?: AuthPrincipal }>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const raw = req.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (key === undefined) {
      if (opts.required) throw new AppError('IDEMPOTENCY_KEY_INVALID', 'This request needs an Idempotency-Key header');
      return lastValueFrom(next.handle(), { defaultValue: undefined });
    }
    if (!isValidIdempotencyKey(key))
      throw new AppError('IDEMPOTENCY_KEY_INVALID', 'Idempotency-Key must be 1–255 visible ASCII characters');
    if (opts.deferred) return lastValueFrom(next.handle(), { defaultValue: undefined });

    const { scope, path } = keyScopeOf(req);
    const requestHash = createHash('sha256')
      .update(`${req.method} ${path}\n${canonicalJson(req.body ?? null)}`)
      .digest('hex');

    const claim = await this.service.claim(scope, key, req.method, path, requestHash);
    this.metrics.idempotency.inc({ decision: claim.decision });
    switch (claim.decision) {
      case 'MISMATCH':
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request');
      case 'IN_USE':
        throw new AppError(
          'IDEMPOTENCY_KEY_IN_USE',
          'A request with this Idempotency-Key is still running: retry later',
        );
      case 'REPLAY': {
        void reply.header('idempotent-replayed', 'true');
        const stored = claim.stored!;
        if (stored.status >= 400) throw new ReplayedResponse(stored.status, stored.body);
        void reply.status(stored.status);
        return stored.body;
      }
      case 'PROCEED':
      case 'TAKEOVER':
        break;
    }
    const id = claim.id!;
    const successStatus =
      this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ??
      (req.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);
    try {
      const body = await lastValueFrom(next.handle(), { defaultValue: undefined });
      // Nest sets the route's status before the interceptors run, so a handler that chose another
      // one (execute: 202 new / 200 existing) shows in reply.statusCode: store what was answered
      const answered = reply.statusCode >= 200 && reply.statusCode < 300 ? reply.statusCode : successStatus;
      await this.service.complete(id, scope, key, answered, body ?? null);
      return body;
    } catch (err) {
      const n = normalizeError(err);
      if (shouldStoreOutcome(n.status, n.code))
        await this.service.complete(id, scope, key, n.status, envelope(n, String(req.id)));
      else await this.service.release(id);
      throw err;
    }
  }
}
