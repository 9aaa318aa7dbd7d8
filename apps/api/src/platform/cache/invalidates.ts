import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { CacheResource } from './cache-keys.js';
import { CacheService } from './cache.service.js';

export const INVALIDATES_KEY = 'amms:cache-invalidates';

/**
 * On a controller (or handler): a successful write through it makes these cached families of
 * the org stale. Used for read models that many modules feed (analytics: jobs, work orders and
 * cost documents all change its figures), where threading an invalidation through every service
 * method would be easy to forget. Entity caches (asset details) invalidate in their services.
 * Work done outside HTTP (the agent's executor) invalidates explicitly.
 */
export const InvalidatesCache = (...resources: CacheResource[]) => SetMetadata(INVALIDATES_KEY, resources);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

@Injectable()
export class CacheInvalidationInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: CacheService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const resources = this.reflector.getAllAndOverride<CacheResource[] | undefined>(INVALIDATES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const orgId = (req.params as Record<string, string | undefined>).orgId;
    if (!resources?.length || !orgId || READ_METHODS.has(req.method)) return next.handle();
    return from(
      (async () => {
        // the handler returned: its transaction has committed. A failure never reaches here
        // (nothing changed); invalidate() never throws and defers to the outbox when Redis is away.
        const result: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
        await this.cache.invalidate(orgId, { resources });
        return result;
      })(),
    );
  }
}
