import type { OperationType, Prisma, Role } from '@amms/db';
import type { GenInput, GenMember, SeedData } from './types.js';
import { PLATFORM_CATALOG, type CatalogModel } from './catalog.js';
import { generateCosts } from './costs.js';
import {
  DAY,
  HOUR,
  IdSource,
  Rng,
  ceilTo,
  dayStart,
  hashSeed,
  localMidnight,
  localParts,
} from '../platform/random/prng.js';
import { OP_LABEL, REGIONS, type RegionProfile } from './regions.js';
import { CORRECTIVE_FAULTS, PLAN_TEMPLATES, PM_PARTS, type PlanTemplate } from './maintenance-data.js';

export type { GenInput, GenMember, SeedData } from './types.js';

// Effective field capacity (ha/h) used for estimates, and fuel burn (L/h) per operation.
const CAPACITY: Record<OperationType, number> = {
  TILLAGE: 2.2,
  SOWING_PLANTING: 3.2,
  FERTILIZING: 9,
  CROP_PROTECTION: 11,
  MOWING: 3.5,
  BALING: 3,
  HARVESTING: 2.4,
  FORAGE_HARVESTING: 2.6,
  TRANSPORT: 4,
  OTHER: 3,
};
const FUEL_LPH: Record<OperationType, number> = {
  TILLAGE: 22,
  SOWING_PLANTING: 12,
  FERTILIZING: 8,
  CROP_PROTECTION: 9,
  MOWING: 10,
  BALING: 12,
  HARVESTING: 28,
  FORAGE_HARVESTING: 45,
  TRANSPORT: 9,
  OTHER: 10,
};
/** mean engine hours between failures, per machine role */
const MTBF: Record<string, number> = { tractor: 450, combine: 280, forage: 300, sprayer_sp: 400, drone: 250 };

/** Working day 07:00–19:00 local; a job's booking covers the nights in between (the machine stays in the field). */
const WORK_START_H = 7;
const WORK_END_H = 19;
const GAP = 30 * 60_000; // between two bookings of one resource (travel, refuel)
const HALF_HOUR = 30 * 60_000;

/** Walk `hours` of working time forward from t (skipping nights); returns the end instant. */
function walkWork(t: number, hours: number): number {
  let cursor = t;
  let left = hours * HOUR;
  for (;;) {
    const d = dayStart(cursor);
    const open = d + WORK_START_H * HOUR;
    const close = d + WORK_END_H * HOUR;
    if (cursor < open) cursor = open;
    if (cursor >= close) {
      cursor = d + DAY + WORK_START_H * HOUR;
      continue;
    }
    if (cursor + left <= close) return cursor + left;
    left -= close - cursor;
    cursor = d + DAY + WORK_START_H * HOUR;
  }
}

const fix1 = (tenths: number) => (tenths / 10).toFixed(1);
const fix2 = (hundredths: number) => (hundredths / 100).toFixed(2);
/** a @db.Date column: the local calendar date as UTC midnight */
export const calendarDate = (t: number) => {
  const p = localParts(t);
  return new Date(Date.UTC(p.year, p.month - 1, p.day));
};

interface Machine {
  id: string;
  model: CatalogModel;
  modelId: string;
  teamId: string | null;
  powered: boolean;
  createdAt: number;
  retiredAt: number | null;
  freeAt: number;
  /** windows where the machine is booked by a work order in the plan period */
  blocks: [number, number][];
  meter: number; // tenths of an hour
  lastPmAt: number;
  lastPmMeter: number;
  pmFactor: number;
  plan: { id: string; t: PlanTemplate } | null;
  version: number;
  updatedAt: number;
  status: 'ACTIVE' | 'IN_MAINTENANCE' | 'RETIRED';
}

interface Operator {
  m: GenMember;
  freeAt: number;
  blocks: [number, number][];
}

interface FieldRow {
  id: string;
  name: string;
  teamId: string | null;
  crop: RegionProfile['crops'][number];
  areaM2: number;
}

/** The machine-set shapes that can do an operation: a primary (by role) and optionally one implement. */
function setOptions(op: OperationType, areaHa: number): { primary: CatalogModel['role'][]; implement: boolean }[] {
  switch (op) {
    case 'HARVESTING':
      return [{ primary: ['combine'], implement: false }];
    case 'FORAGE_HARVESTING':
      return [{ primary: ['forage'], implement: false }];
    case 'CROP_PROTECTION':
      return areaHa < 20
        ? [
            { primary: ['drone'], implement: false },
            { primary: ['sprayer_sp'], implement: false },
            { primary: ['tractor'], implement: true },
          ]
        : [
            { primary: ['sprayer_sp'], implement: false },
            { primary: ['tractor'], implement: true },
            { primary: ['drone'], implement: false },
          ];
    case 'FERTILIZING':
      return areaHa < 12
        ? [
            { primary: ['drone'], implement: false },
            { primary: ['tractor'], implement: true },
          ]
        : [{ primary: ['tractor'], implement: true }];
    case 'OTHER':
      return [{ primary: ['tractor'], implement: false }];
    default:
      return [{ primary: ['tractor'], implement: true }];
  }
}

export function generateOrgData(input: GenInput): SeedData {
  const region = REGIONS[input.slug];
  if (!region) throw new Error(`no demo region profile for org ${input.slug}`);
  const { organizationId: org, scale } = input;
  const rng = new Rng(hashSeed(`${input.slug}:${scale}`));
  const ids = new IdSource(`amms-seed:${input.slug}:${scale}`);
  const anchor = input.anchor.getTime();
  const histStart = anchor - 364 * DAY;
  const onboarded = anchor - 700 * DAY;
  const planStart = anchor + 7 * DAY; // next Monday: the plan covers the two weeks after the current one
  const planEnd = anchor + 21 * DAY;
  const zh = region.lang === 'zh';
  const L = OP_LABEL[region.lang];

  const out: SeedData = {
    fields: [],
    assets: [],
    maintenancePlans: [],
    jobs: [],
    assignments: [],
    assignmentMachines: [],
    workOrders: [],
    checklistItems: [],
    workOrderParts: [],
    machineBookings: [],
    operatorBookings: [],
    meterReadings: [],
    costDocuments: [],
    costLines: [],
  };

  const byRole = (r: Role) => input.members.filter((m) => m.role === r);
  const one = (r: Role) => {
    const m = byRole(r)[0];
    if (!m) throw new Error(`demo org ${input.slug} has no ${r} member`);
    return m;
  };
  const dispatcher = one('DISPATCHER');
  const mechanics = byRole('MECHANIC');
  const acceptors = [dispatcher, dispatcher, dispatcher, one('ADMIN'), one('OWNER')];
  const operators: Operator[] = byRole('OPERATOR').map((m) => ({ m, freeAt: histStart, blocks: [] }));
  if (mechanics.length === 0 || operators.length === 0)
    throw new Error(`demo org ${input.slug} needs operators and mechanics`);
  const crews = input.crewTeamIds;
  const crewOf = (i: number) => (crews.length ? (crews[i % crews.length] as string) : null);

  // ---- maintenance plans: one per powered model in the fleet (org-scoped, attached to the model)
  const catalog = new Map(PLATFORM_CATALOG.map((m) => [m.key, m]));
  const plans = new Map<string, { id: string; t: PlanTemplate }>();
  for (const key of Object.keys(region.fleet)) {
    const model = catalog.get(key);
    const modelId = input.modelIds[key];
    if (!model || !modelId) throw new Error(`catalog model ${key} missing`);
    if (model.role === 'implement') continue;
    const t = PLAN_TEMPLATES[model.role];
    if (!t) continue;
    const id = ids.next();
    plans.set(key, { id, t });
    out.maintenancePlans.push({
      id,
      organizationId: org,
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
      createdAt: new Date(onboarded + DAY),
      updatedAt: new Date(onboarded + DAY),
    });
  }

  // ---- fleet
  const machines: Machine[] = [];
  let serial = 0;
  for (const [key, count] of Object.entries(region.fleet)) {
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
        modelId: input.modelIds[key] as string,
        teamId: crewOf(rng.int(0, 99)),
        powered,
        createdAt: onboarded + rng.int(0, 20) * DAY,
        retiredAt: null,
        freeAt: histStart,
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
      machines.push(m);
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
      out.assets.push({
        id: m.id,
        organizationId: org,
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
  const assetRow = new Map(out.assets.map((a) => [a.id as string, a]));

  // retire the oldest tractors part-way through the year (they keep their history)
  const tractorsByAge = machines
    .filter((m) => m.model.role === 'tractor')
    .sort((a, b) => +(assetRow.get(a.id)?.purchaseDate as Date) - +(assetRow.get(b.id)?.purchaseDate as Date));
  for (const m of tractorsByAge.slice(0, 2 * scale)) m.retiredAt = anchor - rng.int(60, 200) * DAY + 10 * HOUR;

  // ---- work orders (shared by the history loop and the plan)
  const wos: { row: Prisma.WorkOrderCreateManyInput; at: number }[] = [];
  const addChecklist = (woId: string, t: PlanTemplate, closed: boolean, at: number) => {
    t.checklist.forEach((c, i) =>
      out.checklistItems.push({
        id: ids.next(),
        organizationId: org,
        workOrderId: woId,
        position: i + 1,
        label: zh ? c[0] : c[1],
        result: closed ? (rng.chance(0.05) ? 'NA' : 'PASS') : 'PENDING',
        note: null,
        updatedAt: new Date(at),
      }),
    );
  };
  const addParts = (
    woId: string,
    parts: { name: [string, string]; no: string; unitCny: number; qty: [number, number] }[],
    at: number,
  ) => {
    let total = 0;
    for (const p of parts) {
      const qtyMilli = Math.round(rng.float(p.qty[0], p.qty[1])) * 1000;
      const unit = Math.round(p.unitCny * rng.float(0.9, 1.1)) * 100;
      total += Math.floor((qtyMilli * unit + 500) / 1000);
      out.workOrderParts.push({
        id: ids.next(),
        organizationId: org,
        workOrderId: woId,
        partNumber: p.no,
        name: zh ? p.name[0] : p.name[1],
        quantity: (qtyMilli / 1000).toFixed(3),
        unitCostMinor: BigInt(unit),
        createdAt: new Date(at),
      });
    }
    return total;
  };
  const reading = (
    m: Machine,
    tenths: number,
    at: number,
    source: 'JOB' | 'WORK_ORDER' | 'MANUAL',
    userId: string | null,
  ) => {
    out.meterReadings.push({
      id: ids.next(),
      organizationId: org,
      assetId: m.id,
      readingHours: fix1(tenths),
      readAt: new Date(at),
      source,
      isReplacement: false,
      recordedByUserId: userId,
      createdAt: new Date(at),
    });
  };
  const bookMachine = (
    assetId: string,
    s: number,
    e: number,
    owner: { assignmentId: string } | { workOrderId: string },
    createdAt: number,
    releasedAt: number | null = null,
  ) => {
    out.machineBookings.push({
      id: ids.next(),
      organizationId: org,
      assetId,
      kind: 'assignmentId' in owner ? 'JOB' : 'WORK_ORDER',
      startsAt: new Date(s),
      endsAt: new Date(e),
      assignmentId: 'assignmentId' in owner ? owner.assignmentId : null,
      workOrderId: 'workOrderId' in owner ? owner.workOrderId : null,
      releasedAt: releasedAt === null ? null : new Date(releasedAt),
      createdAt: new Date(createdAt),
    });
  };
  const pickAcceptor = (submitter: GenMember) => {
    const pool = [...acceptors, ...mechanics].filter((x) => x.membershipId !== submitter.membershipId);
    return rng.pick(pool);
  };

  /**
   * A closed work order done in the shop: downtime from `downStart` (failure or drop-off) to
   * acceptance, booked on the machine for [downStart, plannedEnd). Accepted by someone other
   * than the mechanic who submitted it. Returns false when it would not finish before `limit`.
   */
  const closedWorkOrder = (
    m: Machine,
    type: 'PREVENTIVE' | 'CORRECTIVE',
    downStart: number,
    limit: number,
    reporter: GenMember | null,
  ): boolean => {
    const mech = rng.pick(mechanics);
    const start =
      type === 'CORRECTIVE' ? Math.max(downStart, walkWork(downStart, 0)) + rng.int(1, 4) * HALF_HOUR : downStart;
    const workH = type === 'PREVENTIVE' ? (m.plan?.t.estimatedHours ?? 4) * rng.float(0.8, 1.3) : rng.float(2, 16);
    const submitted = walkWork(start, workH);
    const accepted = walkWork(submitted, rng.float(0.5, 3));
    const plannedEnd = ceilTo(accepted, HALF_HOUR);
    if (plannedEnd > limit || (m.retiredAt !== null && plannedEnd > m.retiredAt)) return false;
    const fault =
      type === 'CORRECTIVE' ? rng.pick(CORRECTIVE_FAULTS.filter((f) => f.roles.includes(m.model.role))) : null;
    const id = ids.next();
    const meterAt = m.meter + rng.int(1, 5); // test run after the service
    const laborHundredths = Math.round(workH * 4) * 25;
    const rate = type === 'PREVENTIVE' ? 8000 : 12000;
    const partsCost = addParts(id, fault ? fault.parts : (PM_PARTS[m.model.role] ?? []), submitted);
    if (type === 'PREVENTIVE' && m.plan) addChecklist(id, m.plan.t, true, submitted);
    const acceptor = pickAcceptor(mech);
    wos.push({
      at: downStart,
      row: {
        id,
        organizationId: org,
        number: 0,
        assetId: m.id,
        planId: type === 'PREVENTIVE' ? (m.plan?.id ?? null) : null,
        parentWorkOrderId: null,
        type,
        status: 'CLOSED',
        title: fault ? (zh ? fault.zh : fault.en) : `${zh ? m.plan?.t.zh : m.plan?.t.en}`,
        description: fault
          ? zh
            ? `作业结束时操作员报告：${fault.zh}`
            : `Reported by the operator after the job: ${fault.en}`
          : null,
        priority: type === 'CORRECTIVE' ? rng.int(4, 5) : 3,
        reportedByMembershipId: (reporter ?? mech).membershipId,
        assigneeMembershipId: mech.membershipId,
        plannedStart: new Date(downStart),
        plannedEnd: new Date(plannedEnd),
        causesDowntime: true,
        downtimeStartedAt: new Date(downStart),
        downtimeEndedAt: new Date(accepted),
        startedAt: new Date(start),
        submittedAt: new Date(submitted),
        submittedByMembershipId: mech.membershipId,
        acceptedAt: new Date(accepted),
        acceptedByMembershipId: acceptor.membershipId,
        meterHours: fix1(meterAt),
        laborHours: fix2(laborHundredths),
        laborCostMinor: BigInt(Math.round((laborHundredths * rate) / 100)),
        partsCostMinor: BigInt(partsCost),
        resolution: fault
          ? zh
            ? '已更换损坏部件，试车正常'
            : 'Replaced the failed part; test run OK'
          : zh
            ? '按保养清单完成'
            : 'Service done per checklist',
        itemKey: null,
        version: 4,
        createdAt: new Date(downStart),
        updatedAt: new Date(accepted),
      },
    });
    // accepting the order returns the machine to service and releases its booking (as the
    // maintenance service does); job bookings, by contrast, stay active as history
    bookMachine(m.id, downStart, plannedEnd, { workOrderId: id }, downStart, accepted);
    m.meter = meterAt;
    reading(m, meterAt, submitted, 'WORK_ORDER', null);
    // started → IN_MAINTENANCE, accepted → ACTIVE: two version bumps on the asset
    m.version += 2;
    m.updatedAt = accepted;
    m.freeAt = plannedEnd;
    if (type === 'PREVENTIVE') {
      m.lastPmAt = accepted;
      m.lastPmMeter = meterAt;
      m.pmFactor = rng.chance(0.85) ? 1 : 1.15; // some services will slip past their due point
    }
    return true;
  };

  // every powered machine had its last service before the history starts: that closed work
  // order (and its meter reading) is where the plan's next due point is computed from
  for (const m of machines) {
    if (!m.powered || !m.plan) continue;
    const t = m.plan.t;
    const at = dayStart(histStart - rng.int(5, Math.floor(t.intervalDays * 0.7)) * DAY) + 8 * HOUR;
    m.freeAt = at;
    closedWorkOrder(m, 'PREVENTIVE', at, histStart, null);
    m.freeAt = Math.max(m.freeAt, histStart);
  }

  // ---- fields
  const fields: FieldRow[] = [];
  const nFields = 150 * scale;
  const prefixes = rng.shuffle(region.fieldPrefixes);
  for (let i = 0; i < nFields; i++) {
    const name = region.fieldName(prefixes[i % prefixes.length] as string, Math.floor(i / prefixes.length) + 1);
    const crop = rng.weighted(region.crops.map((c) => [c, c.weight] as const));
    const ha = Math.exp(rng.float(Math.log(3), Math.log(80)));
    const f: FieldRow = { id: ids.next(), name, teamId: crewOf(i), crop, areaM2: Math.round(ha * 10_000) };
    fields.push(f);
    out.fields.push({
      id: f.id,
      organizationId: org,
      teamId: f.teamId,
      name,
      areaM2: f.areaM2,
      crop: crop.name,
      latitude: (region.lat + rng.float(-0.15, 0.15)).toFixed(6),
      longitude: (region.lng + rng.float(-0.2, 0.2)).toFixed(6),
      locationText: region.locationText,
      notes: null,
      version: 1,
      createdAt: new Date(onboarded + 2 * DAY),
      updatedAt: new Date(onboarded + 2 * DAY),
    });
  }

  // ---- scheduling helpers
  /** estHours: hours in quarter-hour steps (area / typical capacity, plus 5%) */
  interface JobReq {
    field: FieldRow;
    op: OperationType;
    windowStart: number;
    windowEnd: number;
    estHours: number;
    priority: number;
  }
  const estimate = (op: OperationType, areaM2: number) =>
    Math.max(1, Math.round((areaM2 / 10_000 / CAPACITY[op]) * 1.05 * 4) / 4);
  const title = (f: FieldRow, op: OperationType) =>
    zh ? `${f.name} ${f.crop.name}${L[op]}` : `${f.crop.name} ${L[op]} — ${f.name}`;
  const overlapsBlock = (blocks: [number, number][], s: number, e: number) =>
    blocks.some(([bs, be]) => s < be && bs < e);
  const supports = (m: Machine, op: OperationType) => m.model.operationTypes.includes(op);
  const usable = (m: Machine, s: number, e: number) =>
    m.status !== 'IN_MAINTENANCE' && (m.retiredAt === null || e <= m.retiredAt) && !overlapsBlock(m.blocks, s, e);

  /** earliest start on day `d` for a resource free from `freeAt` */
  const earliest = (d: number, freeAt: number) => Math.max(d + WORK_START_H * HOUR, ceilTo(freeAt + GAP, HALF_HOUR));

  /**
   * Place a job: first day in its window where a machine set + operator are free. Greedy per
   * resource timeline (`freeAt` only moves forward), so bookings of one machine or operator never
   * overlap, and one machine's jobs (and meter readings) come in time order.
   */
  const place = (req: JobReq, limit: number, crew: Operator[] = operators) => {
    const areaHa = req.field.areaM2 / 10_000;
    const workHours = req.estHours * 1.1 + 0.5;
    for (let d = dayStart(req.windowStart); d < req.windowEnd; d += DAY) {
      for (const opt of setOptions(req.op, areaHa)) {
        const team = req.field.teamId;
        const rank = <T extends { freeAt: number }>(xs: T[], teamOf: (x: T) => string | null | string[]) =>
          xs
            .map((x) => {
              const t = teamOf(x);
              const same = Array.isArray(t) ? (team ? t.includes(team) : true) : t === team;
              return { x, key: earliest(d, x.freeAt) + (same ? 0 : 4 * HOUR) };
            })
            .sort((a, b) => a.key - b.key)
            .map((r) => r.x);
        const primaries = rank(
          machines.filter(
            (m) => opt.primary.includes(m.model.role) && supports(m, req.op) && m.status !== 'IN_MAINTENANCE',
          ),
          (m) => m.teamId,
        );
        const tools = opt.implement
          ? rank(
              machines.filter((m) => m.model.role === 'implement' && supports(m, req.op)),
              (m) => m.teamId,
            )
          : [];
        const ops = rank(crew, (o) => o.m.teamIds);
        for (const p of primaries.slice(0, 6)) {
          for (const imp of opt.implement ? tools.slice(0, 4) : [null]) {
            for (const o of ops.slice(0, 4)) {
              const start = Math.max(earliest(d, p.freeAt), imp ? earliest(d, imp.freeAt) : 0, earliest(d, o.freeAt));
              if (start >= d + (WORK_END_H - 1) * HOUR) continue;
              const end = ceilTo(walkWork(start, workHours), HALF_HOUR);
              if (end > req.windowEnd || end > limit) continue;
              if (!usable(p, start, end) || (imp && !usable(imp, start, end)) || overlapsBlock(o.blocks, start, end))
                continue;
              return { primary: p, implement: imp, operator: o, start, end };
            }
          }
        }
      }
    }
    return null;
  };

  const jobRow = (
    req: JobReq,
    id: string,
    status: Prisma.JobCreateManyInput['status'],
    createdAt: number,
    extra: Partial<Prisma.JobCreateManyInput> = {},
  ): Prisma.JobCreateManyInput => ({
    id,
    organizationId: org,
    teamId: req.field.teamId,
    fieldId: req.field.id,
    operationType: req.op,
    title: title(req.field, req.op),
    areaM2: req.field.areaM2,
    windowStart: new Date(req.windowStart),
    windowEnd: new Date(req.windowEnd),
    priority: req.priority,
    estimatedHours: req.estHours.toFixed(2),
    notes: null,
    status,
    version: 1,
    createdByUserId: dispatcher.userId,
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
    ...extra,
  });

  const assign = (jobId: string, placed: NonNullable<ReturnType<typeof place>>, endsAt: number, createdAt: number) => {
    const aId = ids.next();
    out.assignments.push({
      id: aId,
      organizationId: org,
      jobId,
      operatorMembershipId: placed.operator.m.membershipId,
      startsAt: new Date(placed.start),
      endsAt: new Date(endsAt),
      itemKey: null,
      createdByUserId: dispatcher.userId,
      releasedAt: null,
      createdAt: new Date(createdAt),
    });
    out.assignmentMachines.push({
      organizationId: org,
      assignmentId: aId,
      assetId: placed.primary.id,
      role: 'PRIMARY',
    });
    bookMachine(placed.primary.id, placed.start, endsAt, { assignmentId: aId }, createdAt);
    if (placed.implement) {
      out.assignmentMachines.push({
        organizationId: org,
        assignmentId: aId,
        assetId: placed.implement.id,
        role: 'IMPLEMENT',
      });
      bookMachine(placed.implement.id, placed.start, endsAt, { assignmentId: aId }, createdAt);
    }
    out.operatorBookings.push({
      id: ids.next(),
      organizationId: org,
      membershipId: placed.operator.m.membershipId,
      startsAt: new Date(placed.start),
      endsAt: new Date(endsAt),
      assignmentId: aId,
      releasedAt: null,
      createdAt: new Date(createdAt),
    });
  };

  /**
   * A job worked from `startedAt` to `completedAt`: the machine's two meter readings (road travel
   * to the field first), its assignment trimmed to the end, the COMPLETED row, and everyone free
   * again at the end. `r` is the caller's random stream; `scheduledAt` is asked for between the
   * fuel and the area, the order in which the year's history has always drawn its numbers.
   */
  const completeJob = (
    r: Rng,
    req: JobReq,
    id: string,
    createdAt: number,
    placed: NonNullable<ReturnType<typeof place>>,
    t: { startedAt: number; completedAt: number; actualHours: number },
    scheduledAt: () => number,
  ): Prisma.JobCreateManyInput => {
    const { primary: p, implement: imp, operator: o } = placed;
    const startMeter = p.meter + r.int(2, 10);
    const endMeter = startMeter + Math.max(5, Math.round(t.actualHours * 10));
    const fuel =
      p.model.role === 'drone'
        ? null
        : Math.round(
            t.actualHours * FUEL_LPH[req.op] * r.float(0.9, 1.1) * (p.model.role === 'sprayer_sp' ? 1.6 : 1) * 100,
          );
    reading(p, startMeter, t.startedAt, 'JOB', o.m.userId);
    reading(p, endMeter, t.completedAt, 'JOB', o.m.userId);
    p.meter = endMeter;
    // completing trims the assignment (and its bookings) to the completion time; they stay
    // active as history (releasedAt null): the machine really was busy then
    assign(id, placed, t.completedAt, scheduledAt());
    const row = jobRow(req, id, 'COMPLETED', createdAt, {
      version: 4,
      startedAt: new Date(t.startedAt),
      startMeterHours: fix1(startMeter),
      completedAt: new Date(t.completedAt),
      endMeterHours: fix1(endMeter),
      actualHours: fix2((endMeter - startMeter) * 10),
      areaDoneM2: Math.max(1, Math.floor(req.field.areaM2 * r.float(0.97, 1))),
      fuelLiters: fuel === null ? null : fix2(fuel),
      completionNotes: null,
      updatedAt: new Date(t.completedAt),
    });
    p.freeAt = t.completedAt;
    if (imp) imp.freeAt = t.completedAt;
    o.freeAt = t.completedAt;
    return row;
  };

  // ---- 12 months of history, in the order the work was wanted
  const { year: ay } = localParts(anchor);
  const history: JobReq[] = [];
  for (const f of fields) {
    for (const step of f.crop.steps) {
      for (const y of [ay - 1, ay]) {
        const from = localMidnight(y, step.from[0], step.from[1]);
        const to = localMidnight(y, step.to[0], step.to[1]);
        const ws = from + rng.int(0, Math.max(0, Math.round((to - from) / DAY))) * DAY;
        const est = estimate(step.op, f.areaM2);
        const we = ws + (Math.ceil(est / 10) + rng.int(5, 9)) * DAY;
        if (ws < histStart || we > anchor) continue;
        history.push({
          field: f,
          op: step.op,
          windowStart: ws,
          windowEnd: we,
          estHours: est,
          priority: step.op === 'HARVESTING' ? 4 : rng.int(2, 3),
        });
      }
    }
  }
  history.sort((a, b) => a.windowStart - b.windowStart);

  for (const req of history) {
    const id = ids.next();
    const createdAt = req.windowStart - rng.int(3, 12) * DAY;
    const placed = rng.chance(0.02) ? null : place(req, anchor);
    if (!placed) {
      const cancelledAt = req.windowStart + rng.int(0, 1) * DAY + 9 * HOUR;
      out.jobs.push(
        jobRow(req, id, 'CANCELLED', createdAt, {
          version: 2,
          cancelledAt: new Date(cancelledAt),
          updatedAt: new Date(cancelledAt),
          cancelReason: zh ? '窗口期内无可用机具或机手，已取消' : 'No machine or operator free within the window',
        }),
      );
      continue;
    }
    const { primary: p, operator: o, start } = placed;
    const factor = rng.float(0.85, 1.1);
    const actualHours = Math.max(0.5, req.estHours * factor);
    const startedAt = start + rng.int(0, 20) * 60_000;
    const completedAt = walkWork(startedAt, actualHours + 0.3);
    out.jobs.push(
      completeJob(rng, req, id, createdAt, placed, { startedAt, completedAt, actualHours }, () =>
        Math.min(createdAt + rng.int(1, 3) * DAY, start - HOUR),
      ),
    );

    // a failure reported at the end of the job, or the plan's service when it comes due
    const mtbf = MTBF[p.model.role];
    if (mtbf && rng.chance(actualHours / mtbf)) {
      closedWorkOrder(p, 'CORRECTIVE', completedAt, anchor, o.m);
    } else if (p.plan) {
      const t = p.plan.t;
      const dueByHours = p.meter - p.lastPmMeter >= (t.intervalHours - t.leadHours) * 10 * p.pmFactor;
      const dueByDays = completedAt - p.lastPmAt >= (t.intervalDays - t.leadDays) * DAY * p.pmFactor;
      if (dueByHours || dueByDays) {
        const lp = localParts(completedAt);
        const at = lp.hour < 13 ? ceilTo(completedAt + HOUR, HALF_HOUR) : dayStart(completedAt) + DAY + 8 * HOUR;
        closedWorkOrder(p, 'PREVENTIVE', at, anchor, null);
      }
    }
  }

  // retirements: status RETIRED from retiredAt (no work after it: `usable` checked that)
  for (const m of machines) {
    if (m.retiredAt === null) continue;
    m.status = 'RETIRED';
    m.version += 1;
    m.updatedAt = Math.max(m.updatedAt, m.retiredAt);
  }

  // ---- now: two machines down with an open corrective work order that runs into next week
  const active = () => machines.filter((m) => m.powered && m.status === 'ACTIVE' && m.model.role !== 'drone');
  const downCandidates = rng.shuffle(active().filter((m) => m.freeAt <= anchor - 2 * DAY));
  for (const m of downCandidates.slice(0, 2 * scale)) {
    const downStart = Math.max(m.freeAt, dayStart(anchor - rng.int(2, 5) * DAY) + 10 * HOUR);
    const plannedEnd = planStart + rng.int(1, 2) * DAY + 18 * HOUR;
    const fault = rng.pick(CORRECTIVE_FAULTS.filter((f) => f.roles.includes(m.model.role)));
    const mech = rng.pick(mechanics);
    const reporter = rng.pick(operators).m;
    const id = ids.next();
    const started = downStart + 2 * HOUR;
    wos.push({
      at: downStart,
      row: {
        id,
        organizationId: org,
        number: 0,
        assetId: m.id,
        planId: null,
        parentWorkOrderId: null,
        type: 'CORRECTIVE',
        status: 'IN_PROGRESS',
        title: zh ? fault.zh : fault.en,
        description: zh
          ? `等待配件：${fault.parts[0]?.name[0] ?? ''}`
          : `Waiting for parts: ${fault.parts[0]?.name[1] ?? ''}`,
        priority: 5,
        reportedByMembershipId: reporter.membershipId,
        assigneeMembershipId: mech.membershipId,
        plannedStart: new Date(downStart),
        plannedEnd: new Date(plannedEnd),
        causesDowntime: true,
        downtimeStartedAt: new Date(downStart),
        startedAt: new Date(started),
        version: 2,
        createdAt: new Date(downStart),
        updatedAt: new Date(started),
      },
    });
    bookMachine(m.id, downStart, plannedEnd, { workOrderId: id }, downStart);
    m.status = 'IN_MAINTENANCE';
    m.version += 1;
    m.updatedAt = started;
    m.freeAt = plannedEnd;
  }

  // the plan (and this week's work) picks fields whose crop is closest to its season for that
  // operation (in December that is the late rice or corn, not the wheat), so the demo reads as
  // plausibly as it can
  const dayOfYear = (m: number, d: number) => m * 31 + d;
  const seasonGap = (from: [number, number], to: [number, number], at: number) => {
    const p = localParts(at);
    const x = dayOfYear(p.month, p.day);
    const a = dayOfYear(...from);
    const b = dayOfYear(...to);
    if (x >= a && x <= b) return 0;
    return Math.min((a - x + 372) % 372, (x - b + 372) % 372);
  };
  /** a field for `op` around `at`, not yet in `taken` (field:op), drawn from `r` */
  const pickField = (op: OperationType, at: number, r: Rng, taken: Set<string>) => {
    const gap = (f: FieldRow) =>
      Math.min(...f.crop.steps.filter((x) => x.op === op).map((x) => seasonGap(x.from, x.to, at)));
    const free = fields.filter((f) => !taken.has(`${f.id}:${op}`));
    const scored = free.map((f) => ({ f, g: gap(f) })).filter((x) => Number.isFinite(x.g));
    const best = Math.min(...scored.map((x) => x.g));
    const f = scored.length ? r.pick(scored.filter((x) => x.g <= best + 20)).f : r.pick(free.length ? free : fields);
    taken.add(`${f.id}:${op}`);
    return f;
  };
  const planned = new Set<string>(); // field:op already in the plan (one harvest per field)
  const MIX: OperationType[] = [
    'TILLAGE',
    'TRANSPORT',
    'FERTILIZING',
    'CROP_PROTECTION',
    'SOWING_PLANTING',
    'TRANSPORT',
    'HARVESTING',
    'OTHER',
  ];

  // ---- this week so far: completed jobs on each day before today, and a few scheduled for today
  // (not for the first operator, operator@: the browser journeys book them around "now"). Its own
  // random stream, so the plan and the costs come out as they would without it; the rows join
  // out.jobs after the costs (this week's fuel is not billed yet).
  const today = dayStart(input.now.getTime());
  if (today < anchor || today >= planStart) throw new Error('now must fall in the week of the anchor');
  const wk = new Rng(hashSeed(`${input.slug}:${scale}:this-week`));
  const weekTaken = new Set<string>();
  const weekJobs: Prisma.JobCreateManyInput[] = [];
  /** `until`: the window ends by then (a job done before today was not wanted today: the overview lists today's windows) */
  const weekReq = (day: number, op: OperationType, until = Infinity): JobReq => {
    const field = pickField(op, day, wk, weekTaken);
    const est = estimate(op, field.areaM2);
    const windowEnd = Math.min(day + (Math.ceil(est / 10) + wk.int(1, 3)) * DAY, until);
    return { field, op, windowStart: day, windowEnd, estHours: est, priority: wk.int(2, 4) };
  };
  for (let day = anchor; day < today; day += DAY) {
    for (let i = 0; i < 4 * scale; i++) {
      const req = weekReq(day, wk.pick(MIX), today);
      const placed = place(req, today);
      if (!placed) continue;
      const { start } = placed;
      const actualHours = Math.max(0.5, req.estHours * wk.float(0.85, 1.05));
      const startedAt = start + wk.int(0, 20) * 60_000;
      const completedAt = walkWork(startedAt, actualHours + 0.3);
      if (completedAt >= today) continue; // would still be running: not this loop's kind of job
      const id = ids.next();
      const createdAt = day - wk.int(1, 3) * DAY + 9 * HOUR;
      weekJobs.push(
        completeJob(wk, req, id, createdAt, placed, { startedAt, completedAt, actualHours }, () =>
          Math.min(createdAt + HOUR, start - HOUR),
        ),
      );
    }
  }
  const todayCrew = operators.slice(1);
  for (let i = 0, placedToday = 0; i < 8 * scale && placedToday < 3 * scale; i++) {
    const req = weekReq(today, wk.pick(MIX));
    const placed = place(req, today + DAY, todayCrew);
    if (!placed) continue;
    placedToday++;
    const id = ids.next();
    const createdAt = today - wk.int(1, 3) * DAY + 15 * HOUR;
    assign(id, placed, placed.end, createdAt + HOUR);
    weekJobs.push(jobRow(req, id, 'SCHEDULED', createdAt, { version: 2, updatedAt: new Date(createdAt + HOUR) }));
    placed.primary.freeAt = placed.end;
    if (placed.implement) placed.implement.freeAt = placed.end;
    placed.operator.freeAt = placed.end;
  }

  // ---- the plan: every resource starts next Monday
  for (const m of machines) m.freeAt = Math.max(m.freeAt, planStart);
  for (const o of operators) o.freeAt = planStart;

  // one or two machines go to the shop for their service next week (an open preventive order)
  for (const m of rng.shuffle(active().filter((x) => x.plan)).slice(0, Math.max(1, Math.round(1.5 * scale)))) {
    const t = (m.plan as { id: string; t: PlanTemplate }).t;
    const s = planStart + rng.int(1, 3) * DAY + 8 * HOUR;
    const e = s + Math.ceil(t.estimatedHours) * HOUR;
    const id = ids.next();
    const createdAt = anchor - rng.int(1, 3) * DAY + 9 * HOUR;
    wos.push({
      at: createdAt,
      row: {
        id,
        organizationId: org,
        number: 0,
        assetId: m.id,
        planId: m.plan?.id ?? null,
        parentWorkOrderId: null,
        type: 'PREVENTIVE',
        status: 'OPEN',
        title: zh ? t.zh : t.en,
        priority: 3,
        reportedByMembershipId: dispatcher.membershipId,
        assigneeMembershipId: rng.pick(mechanics).membershipId,
        plannedStart: new Date(s),
        plannedEnd: new Date(e),
        causesDowntime: true,
        version: 1,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      },
    });
    addChecklist(id, t, false, createdAt);
    bookMachine(m.id, s, e, { workOrderId: id }, createdAt);
    m.blocks.push([s, e]);
  }

  const fieldFor = (op: OperationType, at: number) => pickField(op, at, rng, planned);
  const planReq = (f: FieldRow, op: OperationType, ws: number, priority: number): JobReq => {
    const est = estimate(op, f.areaM2);
    return {
      field: f,
      op,
      windowStart: ws,
      windowEnd: ws + (Math.ceil(est / 10) + rng.int(3, 5)) * DAY,
      estHours: est,
      priority,
    };
  };
  const plan: JobReq[] = [];
  for (let i = 0; i < 25 * scale; i++) {
    const op = rng.pick(MIX);
    const ws = planStart + rng.int(0, 12) * DAY;
    plan.push(planReq(fieldFor(op, ws), op, ws, rng.int(2, 4)));
  }
  plan.sort((a, b) => a.windowStart - b.windowStart);
  for (const req of plan) {
    const id = ids.next();
    const createdAt = anchor - rng.int(1, 6) * DAY + 10 * HOUR;
    const placed = place(req, planEnd);
    if (!placed) {
      out.jobs.push(jobRow(req, id, 'PLANNED', createdAt));
      continue;
    }
    assign(id, placed, placed.end, createdAt + HOUR);
    out.jobs.push(jobRow(req, id, 'SCHEDULED', createdAt, { version: 2, updatedAt: new Date(createdAt + HOUR) }));
    placed.primary.freeAt = placed.end;
    if (placed.implement) placed.implement.freeAt = placed.end;
    placed.operator.freeAt = placed.end;
  }
  // work for the agent: harvest jobs next week nobody has scheduled yet, plus a few others
  for (let i = 0; i < 6 * scale; i++) {
    const ws = planStart + rng.int(0, 3) * DAY;
    const req = planReq(fieldFor('HARVESTING', ws), 'HARVESTING', ws, rng.int(4, 5));
    out.jobs.push(jobRow(req, ids.next(), 'PLANNED', anchor - rng.int(1, 3) * DAY + 11 * HOUR));
  }
  for (let i = 0; i < 4 * scale; i++) {
    const op = rng.pick(MIX);
    const ws = planStart + rng.int(2, 12) * DAY;
    const req = planReq(fieldFor(op, ws), op, ws, rng.int(1, 3));
    out.jobs.push(jobRow(req, ids.next(), 'PLANNED', anchor - rng.int(1, 3) * DAY + 15 * HOUR));
  }

  // ---- finish the machines and number the work orders in the order they were opened
  for (const m of machines) {
    const a = assetRow.get(m.id) as Prisma.AssetCreateManyInput;
    a.status = m.status;
    a.version = m.version;
    a.updatedAt = new Date(m.updatedAt);
  }
  wos.sort((a, b) => a.at - b.at);
  wos.forEach((w, i) => (w.row.number = i + 1));
  out.workOrders = wos.map((w) => w.row);

  generateCosts(out, {
    org,
    rng,
    ids,
    zh,
    anchor,
    histStart,
    scale,
    region,
    members: input.members,
    machines: machines.map((m) => ({
      id: m.id,
      powered: m.powered,
      purchaseCostMinor: assetRow.get(m.id)?.purchaseCostMinor as bigint,
    })),
  });
  out.jobs.push(...weekJobs);
  return out;
}
