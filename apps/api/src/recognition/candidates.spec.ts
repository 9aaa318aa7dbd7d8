import { describe, expect, it } from 'vitest';
import { mapCandidates, normaliseLabel } from './candidates.js';

const A = { id: '00000000-0000-4000-8000-00000000000a', manufacturer: 'John Deere', name: '6R 150' };
const B = { id: '00000000-0000-4000-8000-00000000000b', manufacturer: '雷沃', name: 'M2204' };
const C = { id: '00000000-0000-4000-8000-00000000000c', manufacturer: 'Kubota', name: 'M2204' };
const catalog = [A, B, C];
/** the service's answer (model version v1) mapped onto the catalog */
const map = (candidates: Parameters<typeof mapCandidates>[0]['candidates']) =>
  mapCandidates({ modelVersion: 'v1', candidates }, catalog);

describe('mapCandidates', () => {
  it('matches ids and labels to the catalog, best first', () => {
    const out = map([
      { label: 'john-deere 6r_150', confidence: 0.4 },
      { machineModelId: B.id, confidence: 0.9 },
      { label: 'Some unknown tractor', confidence: 0.2 },
    ]);
    expect(out.map((c) => [c.machineModelId, c.confidence])).toEqual([
      [B.id, 0.9],
      [A.id, 0.4],
      [null, 0.2],
    ]);
    expect(out[2]!.label).toBe('Some unknown tractor');
  });

  it('drops ids the org cannot see, keeps one entry per model, caps at five', () => {
    const out = map([
      { machineModelId: '00000000-0000-4000-8000-0000000000ff', confidence: 0.99 },
      { machineModelId: A.id, confidence: 0.5 },
      { label: 'John Deere 6R 150', confidence: 0.45 },
      ...Array.from({ length: 8 }, (_, i) => ({ label: `x${i}`, confidence: 0.1 })),
    ]);
    expect(out).toHaveLength(5);
    expect(out[0]).toMatchObject({ machineModelId: A.id, confidence: 0.5 });
    expect(out.filter((c) => c.machineModelId === A.id)).toHaveLength(1);
  });

  it('a bare name matches only when one model has it', () => {
    const out = mapCandidates({ modelVersion: 'v', candidates: [{ label: 'M2204', confidence: 0.7 }] }, catalog);
    expect(out[0]!.machineModelId).toBeNull();
    expect(normaliseLabel('  雷沃 M-2204 ')).toBe('雷沃 m 2204');
  });
});
