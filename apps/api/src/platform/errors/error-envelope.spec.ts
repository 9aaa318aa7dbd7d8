import { BadRequestException, HttpException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { errorCodes } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ZErrorEnvelope } from '@amms/contracts/errors';
import { AppError } from './app-error.js';
import { envelope, normalizeError } from './error-envelope.js';
import { httpStatusOf } from './http-status.js';

describe('normalizeError', () => {
  it('AppError: its code, message and details, status from the code table', () => {
    const n = normalizeError(new AppError('TEAM_NAME_TAKEN', 'A team named "x" already exists', { name: 'x' }));
    expect(n).toEqual({
      status: 409,
      code: 'TEAM_NAME_TAKEN',
      message: 'A team named "x" already exists',
      details: { name: 'x' },
      internal: false,
    });
  });

  it('an AppError with a 5xx code is internal', () => {
    expect(normalizeError(new AppError('INTERNAL', 'boom')).internal).toBe(true);
    expect(normalizeError(new AppError('SERVICE_UNAVAILABLE', 'down')).status).toBe(503);
  });

  // the shapes Prisma 7 + the pg adapter produce with Postgres stopped (seen in postgres-down.e2e)
  it.each([
    ['refused', { code: 'P1001', meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable' } } } }],
    ['raw query refused', { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable' } } } }],
    [
      'terminated by shutdown',
      {
        code: 'P2039',
        meta: { driverAdapterError: { cause: { kind: 'postgres', code: '57P01', originalCode: '57P01' } } },
      },
    ],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    [
      'transaction could not start in time',
      { code: 'P2028', message: 'Transaction API error: Unable to start a transaction in the given time.' },
    ],
    [
      'statement timeout',
      {
        code: 'P2010',
        meta: { driverAdapterError: { cause: { kind: 'postgres', code: '57014', originalCode: '57014' } } },
      },
    ],
    [
      'lock timeout',
      {
        code: 'P2010',
        meta: { driverAdapterError: { cause: { kind: 'postgres', code: '55P03', originalCode: '55P03' } } },
      },
    ],
    ['dropped mid-query', new Error('Connection terminated unexpectedly')],
    [
      'socket error as cause',
      Object.assign(new Error('wrapped'), {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
    ],
  ])('database unreachable (%s) → 503 SERVICE_UNAVAILABLE, not internal, with retryAfterSeconds', (_label, err) => {
    const n = normalizeError(err);
    expect(n).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      internal: false,
      details: { retryAfterSeconds: 5 },
    });
  });

  it('a constraint or syntax error from Postgres stays a 500', () => {
    expect(
      normalizeError({
        code: 'P2010',
        meta: { driverAdapterError: { cause: { kind: 'postgres', code: '42601', originalCode: '42601' } } },
      }).status,
    ).toBe(500);
  });

  it('every error code maps to a 4xx/5xx status', () => {
    for (const code of ERROR_CODES) {
      const s = httpStatusOf(code);
      expect(s, code).toBeGreaterThanOrEqual(400);
      expect(s, code).toBeLessThan(600);
    }
  });

  it.each([
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'PAYLOAD_TOO_LARGE'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, 'MALFORMED_JSON'],
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'MALFORMED_JSON'],
  ] as const)('Fastify %s → %i %s', (name, status, code) => {
    const err = new errorCodes[name]();
    expect(normalizeError(err)).toMatchObject({ status, code, internal: false });
  });

  it.each([
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'PAYLOAD_TOO_LARGE'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'MALFORMED_JSON'],
  ] as const)('Fastify %s wrapped by Nest as HttpException cause → %i %s', (name, status, code) => {
    const cause = new errorCodes[name]();
    const wrapped = new HttpException(cause.message, cause.statusCode ?? 400, { cause });
    expect(normalizeError(wrapped)).toMatchObject({ status, code, internal: false });
  });

  it('another 4xx Fastify error keeps its status with a generic code', () => {
    const err = new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH();
    expect(normalizeError(err)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', internal: false });
  });

  it('a 5xx Fastify error is internal and hides its message', () => {
    const err = new errorCodes.FST_ERR_SEND_UNDEFINED_ERR();
    expect(normalizeError(err)).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal error', internal: true });
  });

  it("Nest's 404 (no such route) → ROUTE_NOT_FOUND", () => {
    expect(normalizeError(new NotFoundException('Cannot GET /nope'))).toEqual({
      status: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'No such route',
      internal: false,
    });
  });

  it('other HttpExceptions map by status', () => {
    expect(normalizeError(new BadRequestException('bad'))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'bad',
    });
    expect(normalizeError(new PayloadTooLargeException())).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(normalizeError(new HttpException('nope', 429))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });

  it('a 5xx HttpException hides its message', () => {
    expect(normalizeError(new HttpException('db password is hunter2', 502))).toEqual({
      status: 502,
      code: 'INTERNAL',
      message: 'Internal error',
      internal: true,
    });
  });

  it('a JSON SyntaxError marked 400 → MALFORMED_JSON', () => {
    const err = Object.assign(new SyntaxError('Unexpected token } in JSON'), { statusCode: 400 });
    expect(normalizeError(err)).toMatchObject({
      status: 400,
      code: 'MALFORMED_JSON',
      message: 'Body is not valid JSON',
    });
  });

  it.each([
    ['an Error', new Error('connect ECONNREFUSED 10.0.0.5:5432 password=secret')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a plain SyntaxError', new SyntaxError('Unexpected token')],
    ['a string', 'just a string'],
    ['null', null],
    ['undefined', undefined],
    ['an object with a non-FST code', { code: 'P2002', message: 'Unique constraint failed on the fields: (`email`)' }],
  ])('unknown: %s → 500 INTERNAL without its message', (_name, err) => {
    const n = normalizeError(err);
    expect(n).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal error', internal: true });
  });
});

describe('envelope', () => {
  it('has code, message, requestId and details only when present', () => {
    const withDetails = envelope(
      normalizeError(new AppError('VALIDATION_FAILED', 'bad', [{ path: 'a', message: 'm', code: 'c' }])),
      'req-1',
    );
    expect(withDetails).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'bad',
        details: [{ path: 'a', message: 'm', code: 'c' }],
        requestId: 'req-1',
      },
    });
    expect(ZErrorEnvelope.safeParse(withDetails).success).toBe(true);

    const without = envelope(normalizeError(new Error('x')), 'req-2');
    expect(without).toEqual({ error: { code: 'INTERNAL', message: 'Internal error', requestId: 'req-2' } });
    expect('details' in without.error).toBe(false);
  });
});
