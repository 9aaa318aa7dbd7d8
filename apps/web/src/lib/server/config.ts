import 'server-only';
import { z } from 'zod';

const ZWebServerEnv = z.object({
  API_URL: z.url().default('http://127.0.0.1:3001'),
  /** `auto`: Secure cookies when the browser reached us over https (directly or via a proxy). */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** a streamed multipart upload (a 100 MB manual on a slow line), until the API's answer */
  API_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(600_000),
});

let parsed: z.infer<typeof ZWebServerEnv> | undefined;

/** Server-only env, parsed once on first use (at request time, not at build time). */
export function serverEnv(): z.infer<typeof ZWebServerEnv> {
  parsed ??= ZWebServerEnv.parse({
    API_URL: process.env.API_URL || undefined,
    COOKIE_SECURE: process.env.COOKIE_SECURE || undefined,
    API_TIMEOUT_MS: process.env.API_TIMEOUT_MS || undefined,
    API_UPLOAD_TIMEOUT_MS: process.env.API_UPLOAD_TIMEOUT_MS || undefined,
  });
  return parsed;
}

/** `${API_URL}/api/v1/<path>` */
export function apiV1Url(path: string): string {
  return `${serverEnv().API_URL.replace(/\/+$/, '')}/api/v1/${path.replace(/^\/+/, '')}`;
}
