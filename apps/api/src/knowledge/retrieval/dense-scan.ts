import { bytesToVector, cosine } from './embeddings.js';
import type { RankedId, SearchRepository, SearchScope } from './search.repository.js';

/** vectors read per round trip: bounds the memory of one scan, never how much of the library is searched */
export const DENSE_PAGE = 5_000;

/**
 * The dense stage's exact nearest neighbours: every visible chunk embedded by `modelKey`, read in
 * pages ordered by id (keyset), compared with the query vector, the best `k` kept. There is no cap
 * on how many vectors are compared (the stage used to read at most 20,000 and silently searched a
 * part of a larger library); its cost grows with the library (docs/knowledge.md, "Library scale").
 */
export async function denseTopK(
  repo: Pick<SearchRepository, 'embedded'>,
  scope: SearchScope,
  modelKey: string,
  q: Float32Array,
  k: number,
  page = DENSE_PAGE,
): Promise<RankedId[]> {
  let best: RankedId[] = [];
  let after: string | null = null;
  for (;;) {
    const rows = await repo.embedded(scope, modelKey, after, page);
    for (const r of rows) best.push({ id: r.id, score: cosine(q, bytesToVector(r.embedding)) });
    if (best.length > k * 4) best = top(best, k);
    if (rows.length < page) break;
    after = rows[rows.length - 1]!.id;
  }
  return top(best, k);
}

const top = (xs: RankedId[], k: number) => xs.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, k);
