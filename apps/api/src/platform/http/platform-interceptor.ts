import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { defer, type Observable } from 'rxjs';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor.js';
import { CacheInvalidationInterceptor } from '../cache/invalidates.js';
import { ResponseContractInterceptor } from './returns.js';

/**
 * The platform's three interceptors as ONE global interceptor, in the same order: idempotency
 * (outer: stores what the contract check let through) → response contract → cache invalidation
 * (innermost: runs once the handler and its transaction succeeded). Each still decides from the
 * route's metadata whether it has anything to do; a route where none has (a cached GET: only the
 * contract check) pays for one interceptor instead of three. Nest wraps every global interceptor
 * in its own deferred observable, merge and async step on every request.
 */
@Injectable()
export class PlatformInterceptor implements NestInterceptor {
  constructor(
    private readonly idempotency: IdempotencyInterceptor,
    private readonly contract: ResponseContractInterceptor,
    private readonly invalidation: CacheInvalidationInterceptor,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // each inner step starts when the outer one subscribes to it, as in Nest's own chain
    const inner: CallHandler = { handle: () => defer(() => this.invalidation.intercept(context, next)) };
    const middle: CallHandler = { handle: () => defer(() => this.contract.intercept(context, inner)) };
    return this.idempotency.intercept(context, middle);
  }
}
