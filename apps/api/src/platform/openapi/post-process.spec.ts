import { describe, expect, it } from 'vitest';
import { postProcess, type RouteMeta } from './post-process.js';
import { deriveSummary } from './naming.js';
import type { JsonObject } from './json-schema.js';

const info = { title: 'T', version: '1', description: 'd' };

// what @nestjs/swagger writes for a route nobody documented: no orgId parameter, zod's 2020-12
// schema with $schema and $defs, a 3.0-style nullable and boolean exclusiveMinimum in the body
const raw = {
  openapi: '3.0.0',
  paths: {
    '/api/v1/orgs/{orgId}/webhooks/{id}/deliveries': {
      post: {
        operationId: 'WebhooksController_redeliver',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  note: { type: 'string', nullable: true },
                  weight: { type: 'number', minimum: 0, exclusiveMinimum: true },
                },
              },
            },
          },
        },
        responses: {
          '201': {
            description: '',
            content: {
              'application/json': {
                schema: {
                  $schema: 'https://json-schema.org/draft/2020-12/schema',
                  type: 'object',
                  properties: {
                    items: { type: 'array', items: { $ref: '#/$defs/Node' } },
                    nextCursor: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                  },
                  $defs: {
                    Node: {
                      type: 'object',
                      properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
                    },
                  },
                },
              },
            },
          },
        },
        security: [{ bearer: [] }],
      },
    },
    '/api/v1/auth/login': {
      post: { operationId: 'AuthController_login', parameters: [], responses: { '200': { description: '' } } },
    },
  },
  components: { schemas: {} },
} as unknown as JsonObject;

const routes = new Map<string, RouteMeta>([
  [
    'WebhooksController_redeliver',
    {
      controller: 'WebhooksController',
      handler: 'redeliver',
      rule: { kind: 'permission', permission: 'org.read' },
      idempotent: true,
      rateLimited: false,
    },
  ],
  [
    'AuthController_login',
    { controller: 'AuthController', handler: 'login', rule: { kind: 'public' }, idempotent: false, rateLimited: true },
  ],
]);

describe('postProcess', () => {
  const doc = postProcess(raw, routes, info) as never as {
    openapi: string;
    paths: Record<
      string,
      Record<string, JsonObject & { parameters: JsonObject[]; responses: Record<string, JsonObject> }>
    >;
    components: { schemas: Record<string, JsonObject> };
  };
  const op = doc.paths['/api/v1/orgs/{orgId}/webhooks/{id}/deliveries']!.post!;

  it('publishes 3.1 with the undeclared {orgId} declared and the Idempotency-Key header', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(op.parameters[0]).toEqual({ $ref: '#/components/parameters/OrgId' });
    expect(op.parameters.map((p) => p.name ?? p.$ref)).toEqual([
      '#/components/parameters/OrgId',
      'id',
      '#/components/parameters/IdempotencyKey',
    ]);
  });

  it('turns the schemas into 2020-12: no $schema, nullable as a null type, exclusive bounds as numbers, $defs hoisted', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('$schema');
    expect(text).not.toContain('nullable');
    expect(text).not.toContain('#/$defs/');
    const body = (
      op.requestBody as { content: { 'application/json': { schema: { properties: Record<string, JsonObject> } } } }
    ).content['application/json'].schema;
    expect(body.properties.note).toEqual({ type: ['string', 'null'] });
    expect(body.properties.weight).toEqual({ type: 'number', exclusiveMinimum: 0 });
    expect(doc.components.schemas.Node).toEqual({
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
    });
    const res = (
      op.responses['201'] as { content: { 'application/json': { schema: { properties: Record<string, JsonObject> } } } }
    ).content['application/json'].schema;
    expect(res.properties.nextCursor).toEqual({ $ref: '#/components/schemas/NextCursor' });
  });

  it('derives operationId, summary and security from the route; errors reference the shared envelope', () => {
    expect(op.operationId).toBe('webhooks_redeliver');
    expect(op.summary).toBe('Redeliver delivery');
    expect(op.security).toEqual([{ BearerAuth: [] }, { ApiKeyAuth: [] }]);
    expect(op.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(op.responses.default).toEqual({ $ref: '#/components/responses/Error' });
    const login = doc.paths['/api/v1/auth/login']!.post!;
    expect(login.security).toEqual([]);
    expect(login.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(login.responses['401']).toBeUndefined();
  });
});

describe('deriveSummary', () => {
  it.each([
    ['get', '/api/v1/orgs/{orgId}/assets', 'list', 'List assets'],
    ['get', '/api/v1/orgs/{orgId}/assets/{id}', 'get', 'Get asset'],
    ['post', '/api/v1/orgs/{orgId}/jobs/{id}/complete', 'complete', 'Complete job'],
    ['post', '/api/v1/orgs/{orgId}/jobs/assign-bulk', 'assignBulk', 'Assign bulk (jobs)'],
    ['get', '/api/v1/me', 'me', 'Get me'],
    ['get', '/api/v1/orgs/{orgId}/analytics/overview', 'overview', 'Overview (analytics)'],
    ['delete', '/api/v1/orgs/{orgId}/webhooks/{id}', 'remove', 'Delete webhook'],
  ])('%s %s %s → %s', (method, path, handler, summary) => {
    expect(deriveSummary(method, path, handler)).toBe(summary);
  });
});
