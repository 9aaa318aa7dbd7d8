import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ZAgentRun, type TAgentRun } from '@amms/contracts/drafts';
import { expectStatus } from './assertions.js';
import { appForFile, assetRow, DAY, orgApi, orgWorld, tag, type OrgWorld } from './support/world.js';

/**
 * Issue 31 §4.2 through the API: a make or model in a goal ("prefer DJI drones", "优先用大疆",
 * "不要用约翰迪尔") is a preference over the machines that carry it, and "in the shop" / "在修"
 * means machines in repair — not the team called "Shop" ("'in' is not a known machine or operator").
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const h = appForFile();
const api = orgApi(() => h);
let w: OrgWorld;
const dji: string[] = [];
const xag: string[] = [];

async function ask(goal: string): Promise<TAgentRun> {
  const r = await api.post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal });
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}

beforeAll(async () => {
  w = await orgWorld(h, 'makes');
  // a team whose name is a word of "in the shop"
  await h.db.team.create({ data: { organizationId: w.org.id, name: 'Shop' } });
  const drone = (manufacturer: string, name: string) =>
    h.db.machineModel.create({
      data: {
        organizationId: w.org.id,
        manufacturer,
        name,
        kind: 'SELF_PROPELLED',
        operationTypes: ['CROP_PROTECTION'],
        workRateHaPerHour: 8,
      },
    });
  const t50 = await drone('DJI', `Agras T50 ${tag()}`);
  const p100 = await drone('XAG', `P100 ${tag()}`);
  for (const i of [1, 2]) dji.push(await assetRow(h.db, w.org.id, t50.id, `DJI Agras T50 #0${i}`));
  xag.push(await assetRow(h.db, w.org.id, p100.id, 'XAG P100 #01'));
  xag.push(await assetRow(h.db, w.org.id, p100.id, 'XAG P100 #02', { status: 'IN_MAINTENANCE' }));
  // spraying jobs over the next two weeks (next week inside them)
  const now = Date.now();
  for (const ha of [6, 9]) {
    const f = await api.post(w.t.OWNER, w.org.id, '/fields', { name: `Field ${tag()}`, areaHa: ha });
    expectStatus(f, 201);
    const j = await api.post(w.t.DISPATCHER, w.org.id, '/jobs', {
      fieldId: (f.body as { id: string }).id,
      operationType: 'CROP_PROTECTION',
      estimatedHours: 2,
      windowStart: new Date(now + DAY).toISOString(),
      windowEnd: new Date(now + 15 * DAY).toISOString(),
    });
    expectStatus(j, 201);
  }
});

const ids = (xs: { id: string }[]) => xs.map((x) => x.id).sort();

describe('makes and models in a goal; "in the shop"', () => {
  it('"prefer DJI drones" prefers the DJI machines and the draft uses them', async () => {
    const run = await ask("plan next week's spraying, prefer DJI drones");
    expect(run.status).toBe('COMPLETED');
    expect(ids(run.constraints!.prefer.assets)).toEqual([...dji].sort());
    expect(JSON.stringify(run)).not.toMatch(/is not a known/);
    expect(run.draft!.items.length).toBe(2);
    for (const item of run.draft!.items) expect(dji).toContain(item.primaryAssetId);
  });

  it('"优先用大疆" is the same preference in Chinese; "不要用XAG" avoids the other make', async () => {
    const zh = await ask('下周打药，优先用大疆');
    expect(ids(zh.constraints!.prefer.assets)).toEqual([...dji].sort());
    const avoid = await ask('下周打药，不要用XAG');
    expect(ids(avoid.constraints!.avoid.assets)).toEqual([...xag].sort());
    for (const item of avoid.draft!.items) expect(xag).not.toContain(item.primaryAssetId);
  });

  it('"avoid machines in the shop" / "在修的不要用" means machines in repair, not the team "Shop"', async () => {
    for (const goal of ["schedule next week's spraying, avoid machines in the shop", '下周打药，在修的不要用']) {
      const run = await ask(goal);
      expect(run.status, goal).toBe('COMPLETED');
      expect(run.constraints!.avoid.inMaintenance, goal).toBe(true);
      expect(run.constraints!.teams, goal).toEqual([]);
      expect(JSON.stringify(run), goal).not.toMatch(/'in'|“in”|is not a known/);
      for (const item of run.draft!.items) expect(item.primaryAssetId).not.toBe(xag[1]);
    }
  });
});
