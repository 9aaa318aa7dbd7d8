/**
 * Content-Security-Policy of every page (set by proxy.ts, one nonce per request).
 *
 * Scripts: only ours, and only those carrying this request's nonce ('strict-dynamic' lets the
 * scripts Next loads from them run). Next reads the nonce from the request's CSP header and puts
 * it on its own inline and chunk scripts; the pages are rendered per request (the root layout
 * reads the locale cookie), which nonces need. Styles keep 'unsafe-inline': charts and the
 * timeline position bars with style attributes, which a nonce cannot cover.
 * Everything else: same origin (the browser only talks to /api/proxy), no plugins, no framing.
 */
export function contentSecurityPolicy(nonce: string, opts: { dev: boolean }): string {
  return [
    `default-src 'self'`,
    // React's dev tooling evaluates code; production never does
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'${opts.dev ? ' ws: wss:' : ''}`,
    // the field app's service worker (/sw.js): 'strict-dynamic' alone would refuse it (no nonce on a worker)
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** 128 random bits, base64: unguessable, fresh for every page request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
