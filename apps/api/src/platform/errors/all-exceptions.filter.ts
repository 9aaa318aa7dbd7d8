import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope, normalizeError } from './error-envelope.js';
import { ReplayedResponse } from '../idempotency/idempotency.interceptor.js';

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (exception instanceof ReplayedResponse) {
      void reply.status(exception.status).send(exception.body);
      return;
    }
    const n = normalizeError(exception);
    if (n.internal) req.log.error({ err: exception }, 'request failed');
    else if (n.status === 503)
      req.log.warn({ code: n.code, err: exception }, 'request refused: dependency unavailable');
    else req.log.info({ code: n.code, status: n.status }, 'request refused');
    // 429 and 503 say when to come back (details.retryAfterSeconds → Retry-After)
    if (
      (n.status === 429 || n.status === 503) &&
      typeof (n.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds === 'number'
    ) {
      void reply.header('retry-after', String((n.details as { retryAfterSeconds: number }).retryAfterSeconds));
    }
    void reply.status(n.status).send(envelope(n, String(req.id)));
  }
}
