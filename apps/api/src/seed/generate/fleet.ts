import { PLATFORM_CATALOG, type CatalogModel } from '../catalog.js';
import { PLAN_TEMPLATES, type PlanTemplate } from '../maintenance-data.js';
import { DAY, HOUR, dayStart, localParts } from '../../platform/random/prng.js';
import type { Gen, Machine } from './context.js';
import { calendarDate } from './rules.js';

const catalog = new Map(PLATFORM_CATALOG.map((m) => [m.key, m]));

/** Maintenance plans: one per powered model in the fleet (org-scoped, attached to the model). */
export function addMaintenancePlans(g: Gen): Map<string, { id: string; t: PlanTemplate }> {
  const { input, zh } = g;
  const plans = new Map<string, { id: string; t: PlanTemplate }>();
  for (const key of Object.keys(g.region.fleet)) {
    const model = catalog.get(key);
    const modelId = input.modelIds[key];
    if (!model || !modelId) throw new Error(`catalog model ${key} missing`);
    if (model.role === 'implement') continue;
    const t = PLAN_TEMPLATES[model.role];
    if (!t) continue;
    const id = g.ids.next();
    plans.set(key, { id, t });
    g.out.maintenancePlans.push({
      id,
      organizationId: g.org,
      modelId,
      assetId: null,
      name: `${model.manufacturer} ${model.name} ${zh ? t.zh : t.en}`,
      intervalHours: t.intervalHours.toFixed(1),
      intervalDays: t.intervalDays,
      leadHours: t.leadHours.toFixed(1),
      leadDays: t.leadDays,
      checklist: t.checklist.map((c) => ({ label: zh ? c[0] : c[1] })),
      estimatedHours: t.estimatedHours.toFixed(2),
      active: true,
      version: 1,
      createdAt: new Date(g.onboarded + DAY),
      updatedAt: new Date(g.onboarded + DAY),
    });
  }
  return plans;
}

/** The fleet: `count × scale` machines per catalog model, then the oldest tractors retired part-way through the year. */
export function addFleet(g: Gen, plans: Map<string, { id: string; t: PlanTemplate }>) {
  const { rng, ids, anchor, zh, scale } = g;
  let serial = 0;
  for (const [key, count] of Object.entries(g.region.fleet)) {
    const model = catalog.get(key) as CatalogModel;
    for (let k = 1; k <= count * scale; k++) {
      serial++;
      const powered = model.role !== 'implement';
      const ageDays = rng.int(740, 3650);
      const purchase = dayStart(anchor - ageDays * DAY);
      const perYear =
        model.role === 'tractor' ? rng.int(350, 650) : model.role === 'drone' ? rng.int(80, 200) : rng.int(150, 320);
      const m: Machine = {
        id: ids.next(),
        model,
        modelId: g.input.modelIds[key] as string,
        teamId: g.crewOf(rng.int(0, 99)),
        powered,
        createdAt: g.onboarded + rng.int(0, 20) * DAY,
        retiredAt: null,
        freeAt: g.histStart,
        blocks: [],
        meter: powered ? Math.round(((ageDays - 364) / 365) * perYear * 10) + rng.int(0, 99) : 0,
        lastPmAt: 0,
        lastPmMeter: 0,
        pmFactor: 1,
        plan: plans.get(key) ?? null,
        version: 1,
        updatedAt: 0,
        status: 'ACTIVE',
      };
      m.updatedAt = m.createdAt;
      g.machines.push(m);
      const mfr =
        model.manufacturer
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 3)
          .toUpperCase() || 'CN';
      const plate =
        powered && model.role !== 'drone'
          ? zh
            ? `苏H·${rng.int(10000, 99999)}`
            : `黑D·${rng.int(10000, 99999)}`
          : model.key.includes('7cx') || model.key.includes('bandit')
            ? zh
              ? `苏H·${rng.int(10000, 99999)}挂`
              : `黑D·${rng.int(10000, 99999)}挂`
            : null;
      g.out.assets.push({
        id: m.id,
        organizationId: g.org,
        modelId: m.modelId,
        teamId: m.teamId,
        name: `${model.manufacturer} ${model.name} #${String(k).padStart(2, '0')}`,
        serialNumber: `${mfr}${localParts(purchase).year}${String(serial).padStart(5, '0')}${rng.int(100, 999)}`,
        plateNumber: plate,
        purchaseDate: calendarDate(purchase),
        purchaseCostMinor: BigInt(Math.round(model.priceCny * rng.float(0.82, 1.02))) * 100n,
        status: 'ACTIVE',
        version: 1,
        createdAt: new Date(m.createdAt),
        updatedAt: new Date(m.createdAt),
      });
    }
  }
  for (const a of g.out.assets) g.assetRow.set(a.id as string, a);

  // retire the oldest tractors part-way through the year (they keep their history)
  const tractorsByAge = g.machines
    .filter((m) => m.model.role === 'tractor')
    .sort((a, b) => +(g.assetRow.get(a.id)?.purchaseDate as Date) - +(g.assetRow.get(b.id)?.purchaseDate as Date));
  for (const m of tractorsByAge.slice(0, 2 * scale)) m.retiredAt = anchor - rng.int(60, 200) * DAY + 10 * HOUR;
}

/** retirements: status RETIRED from retiredAt (no work after it: placement checked that) */
export function retireMachines(g: Gen) {
  for (const m of g.machines) {
    if (m.retiredAt === null) continue;
    m.status = 'RETIRED';
    m.version += 1;
    m.updatedAt = Math.max(m.updatedAt, m.retiredAt);
  }
}

/** the machines' final status and version onto their asset rows */
export function finishAssets(g: Gen) {
  for (const m of g.machines) {
    const a = g.assetRow.get(m.id) as NonNullable<ReturnType<typeof g.assetRow.get>>;
    a.status = m.status;
    a.version = m.version;
    a.updatedAt = new Date(m.updatedAt);
  }
}
