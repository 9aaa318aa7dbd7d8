// The OpenAPI document of the app: what @nestjs/swagger reads from the controllers, completed
// and made valid by post-process.ts from the routes' own metadata (access rule, idempotency,
// rate limit). Served at /api/docs-json and written to apps/api/openapi.json by `npm run openapi`.
import type { INestApplication } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { METHOD_METADATA } from '@nestjs/common/constants.js';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ACCESS_KEY, type AccessRule } from '../access/decorators.js';
import { IDEMPOTENT_KEY } from '../idempotency/idempotency.interceptor.js';
import { RATE_LIMIT_KEY } from '../rate-limit/rate-limit.guard.js';
import type { JsonObject } from './json-schema.js';
import { postProcess, type RouteMeta } from './post-process.js';

export const API_INFO = {
  title: 'AMMS API',
  version: '1',
  description: [
    'Agricultural machinery fleet operations. Every org route is /api/v1/orgs/{orgId}/…',
    '',
    '- Auth: `Authorization: Bearer <access token>` (POST /api/v1/auth/login) or `Authorization: ApiKey amms_…` (org routes only).',
    '- Errors: always `{ error: { code, message, details?, requestId } }` (ErrorEnvelope); switch on `code`.',
    '- Lists: `?limit=&cursor=`; a page is `{ items, nextCursor }`, nextCursor null on the last page.',
    '- POSTs accept an `Idempotency-Key` header: a retry with the same key replays the first response.',
  ].join('\n'),
};

type ControllerClass = new (...args: never[]) => unknown;

/** Every route handler of every controller of the app: its class, method name and function. */
export function* routeHandlers(app: INestApplication): Generator<{ ctrl: ControllerClass; name: string; fn: object }> {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  for (const wrapper of discovery.getControllers()) {
    const ctrl = wrapper.metatype as ControllerClass | undefined;
    if (!ctrl) continue;
    const proto = ctrl.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(proto)) {
      const fn = proto[name] as object;
      if (Reflect.getMetadata(METHOD_METADATA, fn) !== undefined) yield { ctrl, name, fn };
    }
  }
}

/** A handler's access rule: its own, else its controller's. */
export const accessRuleOf = (ctrl: ControllerClass, fn: object) =>
  (Reflect.getMetadata(ACCESS_KEY, fn) ?? Reflect.getMetadata(ACCESS_KEY, ctrl)) as AccessRule | undefined;

/** Handler metadata keyed by the operationId @nestjs/swagger gives it (`Controller_handler`). */
export function collectRouteMeta(app: INestApplication): Map<string, RouteMeta> {
  const found = new Map<string, RouteMeta>();
  for (const { ctrl, name, fn } of routeHandlers(app))
    found.set(`${ctrl.name}_${name}`, {
      controller: ctrl.name,
      handler: name,
      rule: accessRuleOf(ctrl, fn),
      idempotent: Reflect.getMetadata(IDEMPOTENT_KEY, fn) !== undefined,
      rateLimited: (Reflect.getMetadata(RATE_LIMIT_KEY, fn) ?? Reflect.getMetadata(RATE_LIMIT_KEY, ctrl)) !== undefined,
    });
  return found;
}

/** The valid OpenAPI 3.1 document of a created (not necessarily listening) app. */
export function buildOpenApiDocument(app: INestApplication): JsonObject {
  const raw = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(API_INFO.title).setVersion(API_INFO.version).build(),
    {
      operationIdFactory: (controllerKey, methodKey) => `${controllerKey}_${methodKey}`,
    },
  );
  return postProcess(JSON.parse(JSON.stringify(raw)) as JsonObject, collectRouteMeta(app), API_INFO);
}
