import { AppError } from '../platform/errors/app-error.js';

export const AuthErrors = {
  invalidCredentials: () => new AppError('INVALID_CREDENTIALS', 'Email or password is incorrect'),
  unauthenticated: () =>
    new AppError('UNAUTHENTICATED', 'Sign in first: send Authorization: Bearer <token> or ApiKey <key>'),
  tokenExpired: () => new AppError('TOKEN_EXPIRED', 'Access token expired: refresh it'),
  tokenInvalid: () => new AppError('TOKEN_INVALID', 'Token is not valid'),
  refreshReused: () =>
    new AppError('REFRESH_TOKEN_REUSED', 'Refresh token was already used: the session has been revoked, sign in again'),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError('RATE_LIMITED', 'Too many attempts: wait and try again', { retryAfterSeconds }),
  forbidden: (required: string) =>
    new AppError('FORBIDDEN', `Your role does not allow this (needs ${required})`, { required }),
  passwordChangeRequired: () =>
    new AppError('PASSWORD_CHANGE_REQUIRED', 'Change your one-time password first: POST /api/v1/me/password'),
  // 400, not 401: the caller is signed in, one field of the form is wrong (a 401 would read as "session gone")
  currentPasswordIncorrect: () => new AppError('CURRENT_PASSWORD_INCORRECT', 'The current password is incorrect'),
  passwordTooWeak: (reasons: readonly string[]) =>
    new AppError('PASSWORD_TOO_WEAK', `The new password is too weak: ${reasons.join(', ')}`, { reasons }),
  passwordReused: () => new AppError('PASSWORD_REUSED', 'The new password must differ from the current one'),
  apiKeyOnly: () =>
    new AppError(
      'UNAUTHENTICATED',
      'This endpoint takes an org API key: send Authorization: ApiKey amms_<prefix>_<secret>',
    ),
  userOnly: () => new AppError('FORBIDDEN', 'This route is for signed-in users, not API keys'),
};
