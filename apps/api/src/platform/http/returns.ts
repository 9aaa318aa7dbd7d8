import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  Logger,
  NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';
import { map, type Observable } from 'rxjs';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { CheckedJson } from '../cache/checked-json.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export const RETURNS_KEY = 'amms:returns';

/**
 * Declares the response contract of a handler: documented in OpenAPI and checked on
 * every response, so a row that does not match its contract never leaves the API. Cached reads
 * are checked once, when the cache entry is written (a `CheckedJson` body: see checked-json.ts).
 */
export function Returns(schema: z.ZodType, status = 200) {
  return applyDecorators(
    SetMetadata(RETURNS_KEY, schema),
    ApiResponse({ status, schema: z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as object }),
  );
}

@Injectable()
export class ResponseContractInterceptor implements NestInterceptor {
  private readonly log = new Logger('ResponseContract');
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const schema = this.reflector.get<z.ZodType | undefined>(RETURNS_KEY, context.getHandler());
    if (!schema) return next.handle();
    return next.handle().pipe(
      map((body) => {
        if (body instanceof CheckedJson) {
          // checked against this contract when it was cached (CacheService.getOrLoadChecked):
          // the stored bytes go out as they are
          void context.switchToHttp().getResponse<FastifyReply>().type(JSON_TYPE);
          return body.json;
        }
        const r = schema.safeParse(body);
        if (r.success) return body;
        this.log.error(
          `response of ${context.getClass().name}.${context.getHandler().name} breaks its contract: ${r.error.message}`,
        );
        throw new AppError('INTERNAL', 'Internal error');
      }),
    );
  }
}
