import type { NextRequest } from 'next/server';

/**
 * The page the browser asked for (path + query), stamped on the request by proxy.ts. A layout
 * does not know which of its pages was asked for, so its auth redirect (to /login or to the
 * forced password change) would otherwise carry the layout's path and lose the page and query.
 * Set by the proxy on every page request, overwriting whatever the client sent; read back
 * through safeReturnTo anyway.
 */
export const REQUESTED_PATH_HEADER = 'x-amms-requested-path';

export function stampRequestedPath(req: NextRequest): void {
  const url = req.nextUrl.clone();
  url.searchParams.delete('_rsc'); // Next's client-navigation marker, not part of the page
  req.headers.set(REQUESTED_PATH_HEADER, `${url.pathname}${url.search}`);
}
