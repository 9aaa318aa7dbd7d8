import type { Dictionary } from '@/i18n/dictionaries';

export type LoginErrorKey = keyof Dictionary['login']['errors'];

/** Error code of the API (or the BFF) → which login message to show; unknown codes get a generic one. */
export function loginErrorKey(status: number, code: string | undefined): LoginErrorKey {
  switch (code) {
    case 'INVALID_CREDENTIALS':
    case 'RATE_LIMITED':
    case 'VALIDATION_FAILED':
    case 'SERVICE_UNAVAILABLE':
      return code;
    case 'MALFORMED_JSON':
      return 'VALIDATION_FAILED';
    default:
      if (status === 429) return 'RATE_LIMITED';
      if (status === 401) return 'INVALID_CREDENTIALS';
      if (status >= 500) return 'SERVICE_UNAVAILABLE';
      return 'UNKNOWN';
  }
}
