import { describe, expect, it } from 'vitest';
import { assetFieldErrors, type IssueWords } from '@/features/assets/asset-errors';
import { ApiError } from './api-client';
import { formErrors, issueWords } from './form-errors';

const invalid = (...details: { path: string; message: string; code?: string }[]) =>
  new ApiError(400, 'VALIDATION_FAILED', 'Some fields are invalid', null, details);

describe('formErrors: the one form-error helper', () => {
  it('maps field issues by full path, the first issue of a path winning, the API text by default', () => {
    const err = invalid(
      { path: 'lines.0.amountMinor', message: 'Too small', code: 'too_small' },
      { path: 'lines.0.amountMinor', message: 'second', code: 'custom' },
      { path: 'title', message: 'Required', code: 'invalid_type' },
    );
    expect(formErrors(err)).toEqual({ 'lines.0.amountMinor': 'Too small', title: 'Required' });
  });

  it('keys by the top of the path with `top`, and `fields` words win by path or top key', () => {
    const err = invalid(
      { path: 'teamIds.1', message: 'Invalid uuid', code: 'invalid_format' },
      { path: 'email', message: 'Invalid email', code: 'invalid_format' },
      { path: 'name', message: 'Too long', code: 'too_big' },
    );
    expect(
      formErrors(err, { top: true, fields: { email: 'Not an email address.', 'teamIds.1': 'Pick a team.' } }),
    ).toEqual({
      teamIds: 'Pick a team.',
      email: 'Not an email address.',
      name: 'Too long',
    });
  });

  it('puts the listed error codes on their field, NOT_FOUND naming a field on it, others nowhere', () => {
    const taken = new ApiError(409, 'TEAM_NAME_TAKEN', 'taken');
    expect(formErrors(taken, { codes: { TEAM_NAME_TAKEN: ['name', 'That name is taken.'] } })).toEqual({
      name: 'That name is taken.',
    });
    expect(formErrors(taken)).toEqual({});
    const missing = new ApiError(404, 'NOT_FOUND', 'no such model', null, { field: 'modelId' });
    expect(formErrors(missing, { notFound: 'Does not exist.' })).toEqual({ modelId: 'Does not exist.' });
    expect(formErrors(missing)).toEqual({});
    // only VALIDATION_FAILED carries field issues
    const other = new ApiError(409, 'CONFLICT', 'x', null, [{ path: 'name', message: 'x' }]);
    expect(formErrors(other)).toEqual({});
    expect(formErrors(new Error('network'))).toEqual({});
  });

  it("words the common zod codes in the reader's language and keeps a rule's own message", () => {
    const err = invalid(
      { path: 'plotId', message: 'Invalid input: expected string, received undefined', code: 'invalid_type' },
      { path: 'hours', message: 'Too big', code: 'too_big' },
      { path: 'endsAt', message: 'startsAt must be before endsAt', code: 'custom' },
    );
    expect(formErrors(err, { issue: issueWords('en') })).toEqual({
      plotId: 'Required.',
      hours: 'Too long or too large.',
      endsAt: 'startsAt must be before endsAt',
    });
    expect(formErrors(err, { issue: issueWords('zh-CN') }).plotId).toBe('此项必填。');
  });
});

describe('assetFieldErrors: the machine forms through formErrors', () => {
  const words: IssueWords = {
    required: 'req',
    tooLong: 'long',
    invalidFormat: 'format',
    invalidAmount: 'amount',
    invalidDate: 'date',
    chooseModel: 'model',
    notFound: 'gone',
    tooSmall: 'small',
    tooBig: 'big',
  };
  const said = (e: unknown) => `said:${(e as ApiError).code}`;

  it('words issues by field and code, numbers apart', () => {
    const err = invalid(
      { path: 'modelId', message: 'x', code: 'invalid_format' },
      { path: 'name', message: 'x', code: 'too_small' },
      { path: 'readingHours', message: 'x', code: 'too_small' },
      { path: 'notes', message: 'API text', code: 'custom' },
    );
    expect(assetFieldErrors(err, words, said, ['readingHours'])).toEqual({
      modelId: 'model',
      name: 'req',
      readingHours: 'small',
      notes: 'API text',
    });
  });

  it('puts a taken serial number and a refused reading on their fields', () => {
    expect(assetFieldErrors(new ApiError(409, 'SERIAL_NUMBER_TAKEN', 'x'), words, said)).toEqual({
      serialNumber: 'said:SERIAL_NUMBER_TAKEN',
    });
    expect(assetFieldErrors(new ApiError(409, 'METER_BACKWARDS', 'x'), words, said)).toEqual({
      readingHours: 'said:METER_BACKWARDS',
    });
    expect(assetFieldErrors(new ApiError(404, 'NOT_FOUND', 'x', null, { field: 'modelId' }), words, said)).toEqual({
      modelId: 'gone',
    });
  });
});
