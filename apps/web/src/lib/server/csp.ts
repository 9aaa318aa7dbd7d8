/**
 * Content-Security-Policy of every page (set by proxy.ts, one nonce per request).
 *
 * Scripts: only ours, and only those carrying this request's nonce ('strict-dynamic' lets the
 * scripts Next loads from them run). Next reads the nonce from the request's CSP header and puts
 * it on its own inline and chunk scripts; the pages are rendered per request (the root layout
 * reads the locale cookie), which nonces need. Styles keep 'unsafe-inline': charts and the
 * timeline position bars with style attributes, which a nonce cannot cover.
 * Everything else: same origin (the browser only talks to /api/proxy), no plugins, no framing —
 * except a configured basemap: the origins of MAP_STYLE_URL, MAP_RASTER_TILES and MAP_TILE_HOSTS
 * (the hosts a style's tiles, glyphs and sprites come from) may be fetched and shown as images
 * (docs/maps.md). Nothing configured: no outside origin at all.
 */
export function contentSecurityPolicy(nonce: string, opts: { dev: boolean; mapOrigins?: readonly string[] }): string {
  const map = opts.mapOrigins?.length ? ` ${opts.mapOrigins.join(' ')}` : '';
  return [
    `default-src 'self'`,
    // React's dev tooling evaluates code; production never does
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${map}`,
    `font-src 'self' data:`,
    `connect-src 'self'${map}${opts.dev ? ' ws: wss:' : ''}`,
    // the field app's service worker (/sw.js): 'strict-dynamic' alone would refuse it (no nonce on a worker)
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * The origins a configured basemap loads from: MAP_STYLE_URL's, MAP_RASTER_TILES' (a {z}/{x}/{y}
 * template; `{s}` / `{a-c}` subdomain patterns become a `*.` wildcard) and each of MAP_TILE_HOSTS
 * (comma-separated URLs or origins). Only https (http on localhost); anything else is left out.
 */
export function mapOrigins(env: Record<string, string | undefined>): string[] {
  const out = new Set<string>();
  const add = (raw: string | undefined) => {
    const text = raw?.trim();
    if (!text) return;
    // the subdomain label with a {s} pattern (t{s}.tianditu.gov.cn) becomes the wildcard
    const wild = text
      .replace(/(\/\/)[a-z0-9-]*\{(s|[a-z]-[a-z]|\d-\d)\}[a-z0-9-]*\./i, '$1WILDCARD.')
      .replace(/\{[^}]*\}/g, '0');
    let u: URL;
    try {
      u = new URL(wild.includes('://') ? wild : `https://${wild}`);
    } catch {
      return;
    }
    const local = u.hostname === 'localhost' || u.hostname === '127.0.0.1';
    if (u.protocol !== 'https:' && !(local && u.protocol === 'http:')) return;
    const host = u.host.replace(/^wildcard\./i, '*.');
    if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host)) return;
    out.add(`${u.protocol}//${host}`);
  };
  add(env.MAP_STYLE_URL);
  add(env.MAP_RASTER_TILES);
  for (const h of (env.MAP_TILE_HOSTS ?? '').split(',')) add(h);
  return [...out].sort();
}

/** 128 random bits, base64: unguessable, fresh for every page request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
