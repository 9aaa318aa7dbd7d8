import { call, type Harness } from '../harness.js';
import { orgPath } from '../assertions.js';

/** The boundary import's two calls (multipart preview, commit) and GeoJSON builders, for the maps-import specs. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are parsed by the contracts' schemas
export type Res = { status: number; headers: Headers; body: any };

export async function uploadBoundaries(
  h: Harness,
  token: string,
  org: string,
  content: string | Buffer,
  fileName: string,
  query = '',
): Promise<Res> {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? Buffer.from(content, 'utf8') : content]), fileName);
  const res = await fetch(`${h.base}${orgPath(org, `/imports/boundaries/previews${query}`)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export const commitBoundaries = (h: Harness, token: string, org: string, id: string) =>
  call(h.base, 'POST', orgPath(org, `/imports/boundaries/previews/${id}/commit`), { token, body: {} });

/** A counter-clockwise (GeoJSON / KML outer ring) square of `side` degrees from (lon, lat). */
export const ccwSquare = (lon: number, lat: number, side = 0.003): [number, number][] => [
  [lon, lat],
  [lon + side, lat],
  [lon + side, lat + side],
  [lon, lat + side],
  [lon, lat],
];

/** Twice the signed area of a ring (shoelace): positive counter-clockwise, negative clockwise. */
export const signedArea2 = (ring: readonly (readonly number[])[]) =>
  ring.slice(1).reduce((s, p, i) => s + (ring[i]![0]! * p[1]! - p[0]! * ring[i]![1]!), 0);
