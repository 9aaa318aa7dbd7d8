import 'server-only';
import { z } from 'zod';

const ZWebServerEnv = z.object({
  API_URL: z.url().default('http://127.0.0.1:3001'),
  /** `auto`: Secure cookies when the browser reached us over https (directly or via a proxy). */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * How many reverse proxies in front of this server append the peer address to X-Forwarded-For
   * (nginx `proxy_add_x_forwarded_for`, a load balancer). 0 (default): the client's address is
   * unknown here (Next keeps a browser-sent X-Forwarded-For as is), so none is passed to the API.
   * N: the N-th entry from the right is the client, as the outermost proxy saw it.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** a streamed multipart upload (a 100 MB manual on a slow line), until the API's answer */
  API_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(600_000),
});

let parsed: { raw: string; env: z.infer<typeof ZWebServerEnv> } | undefined;

/** Server-only env, parsed on first use (at request time, not at build time) and again if it changed. */
export function serverEnv(): z.infer<typeof ZWebServerEnv> {
  const input = {
    API_URL: process.env.API_URL || undefined,
    COOKIE_SECURE: process.env.COOKIE_SECURE || undefined,
    API_TIMEOUT_MS: process.env.API_TIMEOUT_MS || undefined,
    TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS || undefined,
    API_UPLOAD_TIMEOUT_MS: process.env.API_UPLOAD_TIMEOUT_MS || undefined,
  };
  const raw = JSON.stringify(input);
  if (parsed?.raw !== raw) parsed = { raw, env: ZWebServerEnv.parse(input) };
  return parsed.env;
}

/** `${API_URL}/api/v1/<path>` */
export function apiV1Url(path: string): string {
  return `${serverEnv().API_URL.replace(/\/+$/, '')}/api/v1/${path.replace(/^\/+/, '')}`;
}
