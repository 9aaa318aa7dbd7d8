import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

/** Seconds a client is told to wait before retrying on another process. */
const RETRY_AFTER_S = 2;
const draining = new WeakSet<FastifyInstance>();

/**
 * Refuses requests that arrive while the process drains (on a kept-alive connection after
 * SIGTERM) with the usual 503 envelope, `Retry-After` and `Connection: close`, before anything
 * runs: such a request was never accepted, so a client may retry it anywhere.
 */
export function installDrainGuard(fastify: FastifyInstance): void {
  // a callback hook, not an async one: this runs on every request
  fastify.addHook('onRequest', (req, reply, done) => {
    if (!draining.has(fastify)) return done();
    // answered here: the callback is not called, the request goes no further
    void reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_S))
      .header('connection', 'close')
      .send({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'This server is shutting down; retry the request.',
          requestId: String(req.id),
        },
      });
  });
}

/**
 * Graceful stop: stop accepting connections and refuse new requests on open ones, let the
 * requests in flight finish (they still have the database, Redis and the queue), and only then
 * run the modules' shutdown hooks that close those pools. Nest's own signal hooks do it the other
 * way round (pools first, then the HTTP server), which failed requests in flight with 500.
 */
export async function drainAndClose(
  app: NestFastifyApplication,
  endLongRequests: () => void = () => undefined,
): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  draining.add(fastify);
  const closed = fastify.close();
  // long-lived responses (event streams) would keep the server open until they end by themselves
  endLongRequests();
  await closed;
  await app.close();
}
