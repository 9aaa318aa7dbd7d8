// What every operation shares, described once and referenced: auth, the error envelope,
// pagination, the Idempotency-Key header, the org path parameter.
import { z } from 'zod';
import { ERROR_CODES, ZErrorEnvelope, ZFieldIssue } from '@amms/contracts/errors';
import { ZPageQuery } from '@amms/contracts/common';
import type { JsonObject } from './json-schema.js';

export const ref = (kind: 'schemas' | 'parameters' | 'responses' | 'securitySchemes', name: string): JsonObject => ({
  $ref: `#/components/${kind}/${name}`,
});

export const SECURITY = { bearer: 'BearerAuth', apiKey: 'ApiKeyAuth' } as const;

const toSchema = (s: z.ZodType, io: 'input' | 'output' = 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, {
    unrepresentable: 'any',
    io,
    target: 'draft-2020-12',
  }) as JsonObject;
  return rest;
};

function errorEnvelope(): JsonObject {
  const env = toSchema(ZErrorEnvelope) as { properties: { error: { properties: Record<string, JsonObject> } } };
  const props = env.properties.error.properties;
  props.code = {
    anyOf: [ref('schemas', 'ErrorCode'), { type: 'string' }],
    description:
      'Stable machine-readable code (see ErrorCode); switch on it, never on the message. New codes may be added.',
  };
  props.message = { ...props.message, description: 'Human-readable, may change' };
  props.details = {
    description: 'Extra facts about the error; for VALIDATION_FAILED an array of FieldIssue',
    anyOf: [
      { type: 'array', items: ref('schemas', 'FieldIssue') },
      { type: 'object', additionalProperties: true },
    ],
  };
  props.requestId = {
    ...props.requestId,
    description: 'Also in the x-request-id response header; quote it when reporting a problem',
  };
  return {
    ...env,
    description: 'Every error response: { error: { code, message, details?, requestId } }',
  } as unknown as JsonObject;
}

const errorResponse = (description: string): JsonObject => ({
  description,
  content: { 'application/json': { schema: ref('schemas', 'ErrorEnvelope') } },
});

/** status → the shared response documenting it */
export const ERROR_RESPONSES = {
  '400': [
    'BadRequest',
    'Invalid input (VALIDATION_FAILED with field details, MALFORMED_JSON, IDEMPOTENCY_KEY_INVALID…)',
  ],
  '401': ['Unauthorized', 'No valid credentials (UNAUTHENTICATED, TOKEN_EXPIRED, TOKEN_INVALID…)'],
  '403': ['Forbidden', 'The caller lacks the permission the operation requires (FORBIDDEN, PASSWORD_CHANGE_REQUIRED…)'],
  '404': ['NotFound', "No such row, or one of another organization (NOT_FOUND): another org's rows are never revealed"],
  '409': [
    'Conflict',
    'Conflicts with the current state (VERSION_CONFLICT, INVALID_TRANSITION, IDEMPOTENCY_KEY_IN_USE…)',
  ],
  '422': ['UnprocessableEntity', 'Valid input that breaks a business rule (METER_BACKWARDS, IDEMPOTENCY_KEY_REUSED…)'],
  '429': ['TooManyRequests', 'Rate limited (RATE_LIMITED); wait for the Retry-After header'],
} as const;

export function sharedComponents(): JsonObject {
  const page = toSchema(ZPageQuery, 'input') as { properties: { limit: JsonObject; cursor: JsonObject } };
  return {
    securitySchemes: {
      [SECURITY.bearer]: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          'An access token from POST /api/v1/auth/login (refresh with /auth/refresh): `Authorization: Bearer <token>`',
      },
      [SECURITY.apiKey]: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description:
          'An org API key (created by an admin under /orgs/{orgId}/api-keys): `Authorization: ApiKey amms_<prefix>_<secret>`. Good for the routes of its org only.',
      },
    },
    schemas: {
      ErrorCode: { type: 'string', enum: [...ERROR_CODES], description: 'The error codes this API version returns' },
      ErrorEnvelope: errorEnvelope(),
      FieldIssue: {
        ...toSchema(ZFieldIssue),
        description: 'One failing field of a VALIDATION_FAILED error (`details` is an array of these)',
      },
      NextCursor: {
        type: ['string', 'null'],
        description:
          'Pass as ?cursor= to get the next page; null on the last page. Opaque, and bound to the sort it was returned with.',
      },
    },
    parameters: {
      OrgId: {
        name: 'orgId',
        in: 'path',
        required: true,
        description: 'The organization (its id); an org the caller is no member of answers 404',
        schema: { type: 'string', format: 'uuid' },
      },
      PageLimit: {
        name: 'limit',
        in: 'query',
        required: false,
        description: 'Page size',
        schema: page.properties.limit,
      },
      PageCursor: {
        name: 'cursor',
        in: 'query',
        required: false,
        description: "The previous page's nextCursor",
        schema: page.properties.cursor,
      },
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Makes a retried POST safe: the same key with the same body replays the first response (Idempotent-Replayed: true) for 24 h; with another body 422 IDEMPOTENCY_KEY_REUSED; while the first is still running 409 IDEMPOTENCY_KEY_IN_USE.',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      },
    },
    responses: {
      ...Object.fromEntries(Object.values(ERROR_RESPONSES).map(([name, text]) => [name, errorResponse(text)])),
      Error: errorResponse(
        'Any other error, e.g. 5xx INTERNAL or SERVICE_UNAVAILABLE (with Retry-After); always the error envelope',
      ),
    },
  };
}
