// The routes the running app serves, read from the controllers' metadata: the route snapshot
// (permissions.e2e) and the cross-org walk (cross-org.e2e) are generated from this list, so a
// new route is covered by both without anyone listing it.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import type { AccessRule } from '../src/platform/access/decorators.js';
import { accessRuleOf, routeHandlers } from '../src/platform/openapi/document.js';
import { IDEMPOTENT_KEY } from '../src/platform/idempotency/idempotency.interceptor.js';

export interface Route {
  method: string;
  path: string;
  handler: string;
  rule: AccessRule | undefined;
  idempotent: boolean;
}

const asArray = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [String(v ?? '/')]);
const join = (...parts: string[]) =>
  '/' +
  parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');

/** Every handler of every controller of the running app, with the path Fastify actually serves. */
export function discoverRoutes(app: NestFastifyApplication): Route[] {
  const fastify = app.getHttpAdapter().getInstance();
  const found: Route[] = [];
  for (const { ctrl, name, fn } of routeHandlers(app)) {
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
    const rule = accessRuleOf(ctrl, fn);
    for (const c of asArray(Reflect.getMetadata(PATH_METADATA, ctrl))) {
      for (const m of asArray(Reflect.getMetadata(PATH_METADATA, fn))) {
        // the global prefix is excluded for a few routes (health): take whichever one Fastify serves
        const candidates = [join('api/v1', c, m), join(c, m)];
        const path = candidates.find((url) => fastify.hasRoute({ method: method as 'GET', url }));
        if (!path) throw new Error(`${ctrl.name}.${name}: none of ${candidates.join(', ')} is served`);
        found.push({
          method,
          path,
          handler: `${ctrl.name}.${name}`,
          rule,
          idempotent: Reflect.getMetadata(IDEMPOTENT_KEY, fn) !== undefined,
        });
      }
    }
  }
  return found;
}
