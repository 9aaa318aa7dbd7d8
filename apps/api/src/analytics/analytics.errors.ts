import { AppError } from '../platform/errors/app-error.js';
import type { PeriodError } from './period.js';

export const AnalyticsErrors = {
  /** a bad period is a bad request (400), like any other invalid query parameter */
  invalidPeriod: (err: PeriodError) =>
    new AppError('VALIDATION_FAILED', 'Some fields are invalid', [
      { path: err.path, message: err.message, code: 'custom' },
    ]),
};
