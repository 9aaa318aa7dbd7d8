import type { TPartDetail, TStockLocation } from '@amms/contracts/inventory';
import type { Harness } from '../harness.js';
import { expectStatus } from '../assertions.js';
import { orgApi, orgWorld, tag, type OrgWorld } from './world.js';

/** An org world with one part (`part`'s fields, a fresh part number) and two locations: the store and a van. */
export interface Store {
  w: OrgWorld;
  part: TPartDetail;
  main: TStockLocation;
  van: TStockLocation;
}

export async function partStore(h: Harness, label: string, part: Record<string, unknown>): Promise<Store> {
  const api = orgApi(() => h);
  const w = await orgWorld(h, label);
  const p = await api.post(w.t.OWNER, w.org.id, '/parts', { partNumber: `P-${tag()}`, ...part });
  expectStatus(p, 201);
  const main = await api.post(w.t.OWNER, w.org.id, '/stock-locations', { name: '总库', kind: 'STORE' });
  const van = await api.post(w.t.OWNER, w.org.id, '/stock-locations', { name: '服务车 1', kind: 'VAN' });
  expectStatus(main, 201);
  expectStatus(van, 201);
  return { w, part: p.body as TPartDetail, main: main.body as TStockLocation, van: van.body as TStockLocation };
}

/** A van of a new team of the store's org ("Team van"); answers its id. */
export async function teamVan(h: Harness, s: Store): Promise<string> {
  const api = orgApi(() => h);
  const team = await api.post(s.w.t.OWNER, s.w.org.id, '/teams', { name: `Team ${tag()}` });
  expectStatus(team, 201);
  const van = await api.post(s.w.t.OWNER, s.w.org.id, '/stock-locations', {
    name: 'Team van',
    kind: 'VAN',
    teamId: (team.body as { id: string }).id,
  });
  expectStatus(van, 201);
  return (van.body as TStockLocation).id;
}

/** A stocktake of the store's part at the store, counted as `counted`, by `token`. */
export const countPart = (h: Harness, s: Store, token: string, counted: number) =>
  orgApi(() => h).post(token, s.w.org.id, '/stock-counts', {
    locationId: s.main.id,
    lines: [{ partId: s.part.id, counted }],
  });
