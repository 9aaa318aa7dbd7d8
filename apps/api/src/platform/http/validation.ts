import { StandardSchemaValidationPipe } from '@nestjs/common';
import type { TFieldIssue } from '@amms/contracts/errors';
import { AppError } from '../errors/app-error.js';

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined };

export function issuesToFields(issues: readonly Issue[]): TFieldIssue[] {
  return issues.map((i) => ({
    path: (i.path ?? []).map((p) => String(typeof p === 'object' && p !== null ? p.key : p)).join('.'),
    message: i.message,
    code: (i as { code?: string }).code ?? 'invalid',
  }));
}

/** Validates every `@Body/@Query/@Param({ schema })` with zod; failures → 400 VALIDATION_FAILED with the fields. */
export function createValidationPipe() {
  return new StandardSchemaValidationPipe({
    exceptionFactory: (issues) => new AppError('VALIDATION_FAILED', 'Some fields are invalid', issuesToFields(issues)),
  });
}
