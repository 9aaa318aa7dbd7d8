import { isApiError } from '@/lib/api-client';

/** The field a refused URL belongs to (the API names it: baseUrl or tokenUrl). */
export function refusedField(err: unknown): string | null {
  if (!isApiError(err) || err.code !== 'TELEMATICS_URL_REFUSED') return null;
  const first = Array.isArray(err.details) ? (err.details[0] as { path?: unknown } | undefined) : undefined;
  return first?.path === 'tokenUrl' ? 'tokenUrl' : 'baseUrl';
}
