import { describe, expect, it } from 'vitest';
import { PLATFORM_CATALOG, catalogRate, type CatalogModel } from './catalog.js';
import { generateOrgData } from './generate.js';
import { generatorInput } from './generate.fixtures.js';

/**
 * The demo's history is what planning learns machine output from (hectares ÷ hours of a machine's
 * completed jobs, planning/tools/world-facts.repository.ts): it must follow each machine's own
 * output, and the tractors must pull only implements that fit them (power, hitch).
 */
describe('seed: machine output and tractor–implement fit', () => {
  const input = generatorInput('green-valley', 1, new Date('2026-12-02T15:00:00Z'), '30000000');
  const d = generateOrgData(input);
  const byId = new Map(PLATFORM_CATALOG.map((m) => [input.modelIds[m.key] as string, m]));
  const assetModel = new Map(d.assets.map((a) => [a.id as string, byId.get(a.modelId) as CatalogModel]));
  const setOf = (assignmentId: unknown) => d.assignmentMachines.filter((m) => m.assignmentId === assignmentId);

  it('every catalog model that works a field has an output', () => {
    for (const m of PLATFORM_CATALOG) {
      if (m.kind === 'POWER_UNIT') continue;
      expect(catalogRate(m), m.key).toBeGreaterThan(0);
    }
    // the big combine does several times the small one's hectares an hour
    const rate = (key: string) => catalogRate(PLATFORM_CATALOG.find((m) => m.key === key) as CatalogModel) as number;
    expect(rate('claas-lexion8700') / rate('lovol-gn70')).toBeGreaterThan(3);
  });

  it("completed jobs' hectares per hour follow the set's catalog output", () => {
    const ratios = new Map<string, number[]>();
    const jobs = new Map(d.jobs.map((j) => [j.id as string, j]));
    for (const a of d.assignments) {
      const j = jobs.get(a.jobId);
      if (j?.status !== 'COMPLETED' || !j.areaDoneM2 || Number(j.actualHours) < 1) continue;
      const set = setOf(a.id);
      const worker = set.find((m) => m.role === 'IMPLEMENT') ?? set.find((m) => m.role === 'PRIMARY');
      const model = assetModel.get(worker?.assetId as string) as CatalogModel;
      const rate = catalogRate(model);
      if (rate === null) continue;
      const learned = Number(j.areaDoneM2) / 10_000 / Number(j.actualHours);
      ratios.set(model.key, [...(ratios.get(model.key) ?? []), learned / rate]);
    }
    expect(ratios.get('lovol-gn70')?.length).toBeGreaterThan(3);
    for (const [key, rs] of ratios) {
      const median = [...rs].sort((a, b) => a - b)[Math.floor(rs.length / 2)] as number;
      expect(median, key).toBeGreaterThan(0.75);
      expect(median, key).toBeLessThan(1.25);
    }
  });

  it('a tractor pulls only implements that fit it', () => {
    let pairs = 0;
    for (const a of d.assignments) {
      const set = setOf(a.id);
      const lead = assetModel.get(set.find((m) => m.role === 'PRIMARY')?.assetId as string) as CatalogModel;
      for (const i of set.filter((m) => m.role === 'IMPLEMENT')) {
        const imp = assetModel.get(i.assetId) as CatalogModel;
        pairs++;
        expect(imp.requiredPowerKw ?? 0, `${lead.key} + ${imp.key}`).toBeLessThanOrEqual(lead.powerKw ?? Infinity);
        expect(
          imp.hitchTypes.some((h) => lead.hitchTypes.includes(h)),
          `${lead.key} + ${imp.key}`,
        ).toBe(true);
      }
    }
    expect(pairs).toBeGreaterThan(50);
  });
});
