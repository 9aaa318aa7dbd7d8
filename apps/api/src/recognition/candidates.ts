import type { TRecognitionCandidate } from '@amms/contracts/attachments';
import type { ServiceAnswer } from './recognition.client.js';
import type { CatalogModel } from './recognition.repository.js';

export const MAX_CANDIDATES = 5;

/** Lower case, every run of non-letters / non-digits one space ("John Deere 6R-150" = "john deere 6r 150"). */
export function normaliseLabel(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The service's candidates in the catalog's terms: an id the org can see is taken as is (an id it
 * cannot see is dropped, never shown); a label matches a model by "manufacturer name", or by its
 * name alone when only one model has it. Unmatched labels stay, without a model (shown, not
 * pickable). Best first, one entry per model (its highest confidence), at most 5.
 */
export function mapCandidates(answer: ServiceAnswer, catalog: readonly CatalogModel[]): TRecognitionCandidate[] {
  const byId = new Map(catalog.map((m) => [m.id, m]));
  const byFull = new Map<string, CatalogModel>();
  const byName = new Map<string, CatalogModel | null>();
  for (const m of catalog) {
    byFull.set(normaliseLabel(`${m.manufacturer} ${m.name}`), m);
    const n = normaliseLabel(m.name);
    byName.set(n, byName.has(n) ? null : m);
  }
  const out: TRecognitionCandidate[] = [];
  const seen = new Set<string>();
  const sorted = [...answer.candidates].sort((a, b) => b.confidence - a.confidence);
  for (const c of sorted) {
    let model: CatalogModel | null | undefined;
    if (c.machineModelId !== undefined) {
      model = byId.get(c.machineModelId);
      if (!model) continue;
    } else {
      const key = normaliseLabel(c.label!);
      model = byFull.get(key) ?? byName.get(key) ?? null;
    }
    const dedupe = model ? `m:${model.id}` : `l:${normaliseLabel(c.label!)}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    out.push({
      machineModelId: model?.id ?? null,
      label: model ? `${model.manufacturer} ${model.name}` : c.label!,
      manufacturer: model?.manufacturer ?? null,
      name: model?.name ?? null,
      confidence: Math.round(c.confidence * 1000) / 1000,
    });
    if (out.length === MAX_CANDIDATES) break;
  }
  return out;
}
