// /api/docs-json: a valid OpenAPI 3.1 document (swagger-parser), and it says what the routes do:
// every route the app serves is there, with its path parameters declared and the security its
// access rule implies (public: none; signed-in users: Bearer; org permissions: Bearer or ApiKey).
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startApp, type Harness } from './harness.js';
import { discoverRoutes, type Route } from './routes.js';

type Op = {
  operationId: string;
  summary: string;
  security: Array<Record<string, string[]>>;
  parameters: Array<{ $ref?: string; name?: string; in?: string }>;
  responses: Record<string, unknown>;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Op>>;
  components: { parameters: Record<string, { name: string; in: string }> };
};

let h: Harness;
let doc: Doc;
let routes: Route[];

beforeAll(async () => {
  h = await startApp();
  routes = discoverRoutes(h.app).filter((r) => r.path.startsWith('/api/v1/'));
  const res = await call<Doc>(h.base, 'GET', '/api/docs-json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => h?.close());

const opOf = (r: Route) => doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];

describe('GET /api/docs-json', () => {
  it('is a valid OpenAPI 3.1 document (no $schema, no nullable left in it)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$schema"');
    expect(text).not.toContain('"nullable"');
    // validate() dereferences in place: give it a copy
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('documents every route with a unique operationId, a summary and its security', () => {
    expect(routes.length).toBeGreaterThan(50);
    const ids = new Set<string>();
    for (const r of routes) {
      const op = opOf(r);
      expect(op, `${r.method} ${r.path} (${r.handler})`).toBeDefined();
      expect(op!.summary.length, r.handler).toBeGreaterThan(3);
      expect(ids.has(op!.operationId), op!.operationId).toBe(false);
      ids.add(op!.operationId);
      const schemes = op!.security.map((s) => Object.keys(s)[0]).sort();
      const expected =
        r.rule?.kind === 'public' ? [] : r.rule?.kind === 'permission' ? ['ApiKeyAuth', 'BearerAuth'] : ['BearerAuth'];
      expect(schemes, `${r.method} ${r.path}`).toEqual(expected);
      expect(op!.responses.default, r.handler).toEqual({ $ref: '#/components/responses/Error' });
    }
  });

  it('declares every path parameter, orgId through the shared component', () => {
    for (const r of routes) {
      const op = opOf(r)!;
      const declared = op.parameters
        .map((p) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()!]! : p))
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      const inPath = [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(declared.sort(), `${r.method} ${r.path}`).toEqual(inPath.sort());
      if (inPath.includes('orgId')) expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/OrgId' });
      if (r.idempotent) expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    }
  });
});
