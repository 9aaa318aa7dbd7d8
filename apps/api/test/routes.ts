// The routes the running app serves, read from the controllers' metadata: the route snapshot
// (permissions.e2e) and the cross-org walk (cross-org.e2e) are generated from this list, so a
// new route is covered by both without anyone listing it.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { ACCESS_KEY, type AccessRule } from '../src/platform/access/decorators.js';
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
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const found: Route[] = [];
  for (const wrapper of discovery.getControllers()) {
    const ctrl = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
    if (!ctrl) continue;
    const proto = ctrl.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(proto)) {
      const fn = proto[name] as object;
      const verb = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
      if (verb === undefined) continue;
      const method = RequestMethod[verb];
      const rule = (Reflect.getMetadata(ACCESS_KEY, fn) ?? Reflect.getMetadata(ACCESS_KEY, ctrl)) as
        AccessRule | undefined;
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
  }
  return found;
}
