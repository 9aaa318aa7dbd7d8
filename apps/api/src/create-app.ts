import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import helmet from 'helmet';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { AppModule } from './app.module.js';
import type { AppConfig } from './platform/config/config.js';
import { createRootLogger, PinoNestLogger } from './platform/logging/logger.js';
import { MetricsService } from './platform/metrics/metrics.service.js';
import { installDrainGuard } from './platform/http/drain.js';
import { buildOpenApiDocument } from './platform/openapi/document.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** Builds the HTTP app (used by main.ts and by the API tests). */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const logger = createRootLogger(config.log.level);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    bodyLimit: config.http.bodyLimit,
    // requests during a drain get our own 503 envelope (platform/http/drain.ts), not Fastify's
    return503OnClosing: false,
    // X-Forwarded-For is believed only from TRUSTED_PROXIES (default none): otherwise a client
    // names its own IP for the per-IP limits and the audit log
    trustProxy: config.http.trustedProxies.length > 0 ? [...config.http.trustedProxies] : false,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
    // Nest would add a form (x-www-form-urlencoded) parser; Fastify's own JSON parser is all we accept
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // JSON only: text/plain bodies get 415 instead of being validated as strings
  fastify.removeContentTypeParser('text/plain');

  // callback hooks, not async ones: each async hook costs a promise and a hop on every request
  fastify.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', String(req.id));
    done();
  });
  // after the request id: a refused request's 503 carries it too
  installDrainGuard(fastify);
  const metrics = app.get(MetricsService);
  fastify.addHook('onResponse', (req, reply, done) => {
    metrics.httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // security headers: helmet's middleware built ONCE (@fastify/helmet built a new one, parsing the
  // CSP directives, on every request) and applied to every response
  const securityHeaders = helmet({
    // the Swagger UI needs inline scripts and styles; everything else is JSON
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
      },
    },
  });
  fastify.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(cors, {
    origin: config.http.webOrigins,
    credentials: true,
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'idempotent-replayed', 'retry-after'],
  });

  // multipart/form-data is parsed only by handlers that ask for it (document uploads stream the
  // file to the blob store: platform/uploads/multipart-form.ts sets the file limits per request)
  await app.register(multipart, { limits: { files: 1, fields: 60, fieldSize: 2000, parts: 62, headerPairs: 100 } });

  app.setGlobalPrefix('api/v1', {
    exclude: [
      { path: 'health', method: RequestMethod.GET },
      { path: 'ready', method: RequestMethod.GET },
      { path: 'metrics', method: RequestMethod.GET },
      // MCP clients are configured with a server URL; the endpoint is `/mcp` like most MCP servers
      { path: 'mcp', method: RequestMethod.ALL },
    ],
  });
  // no app.enableShutdownHooks(): main.ts drains HTTP before the pools close (platform/http/drain.ts)

  // API_DOCS (default on in development/test, off otherwise): the route map is no secret to
  // callers of a documented API, but a production deployment need not hand it to everyone
  if (config.ops.docs) setupDocs(app);
  return app;
}

function setupDocs(app: NestFastifyApplication): void {
  // a valid OpenAPI 3.1 document (platform/openapi); the same one `npm run openapi -w @amms/api` writes
  SwaggerModule.setup('api/docs', app, buildOpenApiDocument(app) as unknown as OpenAPIObject, {
    jsonDocumentUrl: 'api/docs-json',
  });
}
