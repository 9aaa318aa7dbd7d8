import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** MapLibre's web worker and the chunk it shares with the page, served by this app (no CDN; CSP worker-src 'self'). */
const FILES = new Set(['maplibre-gl-worker.mjs', 'maplibre-gl-shared.mjs']);

/**
 * The package's dist folder, found from the server's working directory upwards (apps/web, then the
 * workspace root where npm hoists it). Not `require.resolve`: the bundler replaces that with a module
 * id at build time, and these files are read as bytes, never bundled.
 */
function maplibreDist(): string | null {
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', 'maplibre-gl', 'dist');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const dist = FILES.has(file) ? maplibreDist() : null;
  if (!dist) return new Response('Not found', { status: 404 });
  const body = await readFile(path.join(dist, file));
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    },
  });
}
