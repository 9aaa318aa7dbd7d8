import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** MapLibre's web worker and the chunk it shares with the page, served by this app (no CDN; CSP worker-src 'self'). */
const FILES = new Set(['maplibre-gl-worker.mjs', 'maplibre-gl-shared.mjs']);
const dist = path.dirname(createRequire(import.meta.url).resolve('maplibre-gl/package.json'));

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (!FILES.has(file)) return new Response('Not found', { status: 404 });
  const body = await readFile(path.join(dist, 'dist', file));
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    },
  });
}
