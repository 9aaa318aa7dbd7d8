import { beforeAll, describe, expect, it } from 'vitest';
import { ZAnalyticsCosts, ZAnalyticsMaintenance, ZAnalyticsOperations } from '@amms/contracts/analytics';
import { ZAnalyticsOverview, ZAnalyticsUtilization } from '@amms/contracts/analytics';
import type { MachineKind } from '@amms/db';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { appForFile, orgApi, tag } from './support/world.js';
import { expectError, expectStatus } from './assertions.js';

/**
 * Analytics over fixtures inserted straight into the database (the jobs, maintenance and
 * costs modules are not involved). Every expected figure is written as the arithmetic that
 * gives it. Period: April 2026 in Asia/Shanghai (UTC+8) =
 * [2026-03-31T16:00Z, 2026-04-30T16:00Z) = 30 days = 720 h.
 */

const h = appForFile();

const { get } = orgApi(() => h);
const tokenOf = async (org: TestOrg, role: keyof TestOrg['users']) =>
  (await login(h.base, org.users[role].email)).accessToken;
const t = (iso: string) => new Date(iso);
const APRIL = '?from=2026-04-01&to=2026-04-30';

interface Fixture {
  org: TestOrg;
  team1: string;
  team2: string;
  /** tractor (POWER_UNIT, team 1), plough (IMPLEMENT, team 1), combine (SELF_PROPELLED, team 2, IN_MAINTENANCE) */
  T: string;
  P: string;
  H: string;
}

async function model(orgId: string, kind: MachineKind) {
  return h.db.machineModel.create({
    data: {
      organizationId: orgId,
      manufacturer: `M-${tag()}`,
      name: kind,
      kind,
      operationTypes: ['TILLAGE', 'HARVESTING', 'SOWING_PLANTING'],
    },
  });
}

async function asset(
  orgId: string,
  kind: MachineKind,
  name: string,
  teamId: string | null,
  extra: { status?: 'ACTIVE' | 'IN_MAINTENANCE'; deletedAt?: Date } = {},
) {
  const m = await model(orgId, kind);
  const a = await h.db.asset.create({
    data: { organizationId: orgId, modelId: m.id, teamId, name, serialNumber: `SN-${tag()}`, ...extra },
  });
  return a.id;
}

let jobSeq = 0;
/** A job, optionally with assignments (oldest first; `released` ones have releasedAt set). */
async function job(
  org: TestOrg,
  fieldId: string,
  data: {
    operationType: 'TILLAGE' | 'HARVESTING' | 'SOWING_PLANTING';
    status: 'PLANNED' | 'COMPLETED' | 'CANCELLED';
    completedAt?: Date;
    cancelledAt?: Date;
    actualHours?: string;
    areaDoneM2?: number;
    teamId?: string | null;
    window?: [Date, Date];
  },
  assignments: { machines: [string, 'PRIMARY' | 'IMPLEMENT'][]; released: boolean }[] = [],
) {
  jobSeq += 1;
  const [ws, we] = data.window ?? [t('2026-03-01T00:00:00Z'), t('2026-05-31T00:00:00Z')];
  const j = await h.db.job.create({
    data: {
      organizationId: org.id,
      fieldId,
      teamId: data.teamId ?? null,
      operationType: data.operationType,
      areaM2: 200_000,
      windowStart: ws,
      windowEnd: we,
      estimatedHours: '8',
      status: data.status,
      completedAt: data.completedAt ?? null,
      cancelledAt: data.cancelledAt ?? null,
      actualHours: data.actualHours ?? null,
      areaDoneM2: data.areaDoneM2 ?? null,
    },
  });
  let i = 0;
  for (const a of assignments) {
    i += 1;
    const asg = await h.db.assignment.create({
      data: {
        organizationId: org.id,
        jobId: j.id,
        operatorMembershipId: org.users.OPERATOR.membershipId,
        startsAt: ws,
        endsAt: we,
        createdAt: new Date(Date.UTC(2026, 2, 1, jobSeq % 24, i)), // later assignments are newer
        releasedAt: a.released ? t('2026-05-01T00:00:00Z') : null,
      },
    });
    await h.db.assignmentMachine.createMany({
      data: a.machines.map(([assetId, role]) => ({ organizationId: org.id, assignmentId: asg.id, assetId, role })),
    });
  }
  return j.id;
}

let woNumber = 0;
async function workOrder(
  orgId: string,
  data: Record<string, unknown> & { assetId: string; type: 'PREVENTIVE' | 'CORRECTIVE' | 'INSPECTION' },
) {
  woNumber += 1;
  return h.db.workOrder.create({
    data: { organizationId: orgId, number: woNumber, title: `WO ${woNumber}`, ...data } as never,
  });
}

let costNumber = 0;
async function cost(
  orgId: string,
  data: {
    category: 'FUEL' | 'PARTS' | 'REPAIR' | 'OTHER';
    date: string;
    status: 'DRAFT' | 'SUBMITTED' | 'APPROVED';
    totalMinor: bigint;
    assetId?: string;
    deletedAt?: Date;
  },
) {
  costNumber += 1;
  const d = await h.db.costDocument.create({
    data: {
      organizationId: orgId,
      number: costNumber,
      category: data.category,
      documentDate: t(`${data.date}T00:00:00Z`),
      status: data.status,
      totalMinor: data.totalMinor,
      assetId: data.assetId ?? null,
      deletedAt: data.deletedAt ?? null,
    },
  });
  await h.db.costLine.create({
    data: {
      organizationId: orgId,
      documentId: d.id,
      position: 1,
      description: 'line',
      quantity: '1',
      unitPriceMinor: data.totalMinor,
      amountMinor: data.totalMinor,
    },
  });
}

/** The fixture org described at the top of each expectation. */
async function fixture(label = 'an'): Promise<Fixture> {
  const org = await createOrg(h.db, label);
  const [team1, team2] = await Promise.all([
    h.db.team.create({ data: { organizationId: org.id, name: `t1-${tag()}` } }),
    h.db.team.create({ data: { organizationId: org.id, name: `t2-${tag()}` } }),
  ]);
  const T = await asset(org.id, 'POWER_UNIT', 'Tractor', team1.id);
  const P = await asset(org.id, 'IMPLEMENT', 'Plough', team1.id);
  const H = await asset(org.id, 'SELF_PROPELLED', 'Combine', team2.id, { status: 'IN_MAINTENANCE' });
  // deleted before the period: never counted
  await asset(org.id, 'POWER_UNIT', 'Scrapped', null, { deletedAt: t('2026-01-01T00:00:00Z') });
  const field = await h.db.field.create({ data: { organizationId: org.id, name: `F-${tag()}`, areaM2: 500_000 } });

  type Machines = [string, 'PRIMARY' | 'IMPLEMENT'][];
  const live = (machines: Machines) => ({ machines, released: false });
  const released = (machines: Machines) => ({ machines, released: true });
  const TP: Machines = [
    [T, 'PRIMARY'],
    [P, 'IMPLEMENT'],
  ];
  /** a COMPLETED job on the field: `actualHours`, `areaDoneM2`, its assignments oldest first */
  const completed = (
    operationType: 'TILLAGE' | 'HARVESTING',
    completedAt: string,
    actualHours: string,
    areaDoneM2: number,
    assignments: { machines: Machines; released: boolean }[],
  ) =>
    job(
      org,
      field.id,
      { operationType, status: 'COMPLETED', completedAt: t(completedAt), actualHours, areaDoneM2 },
      assignments,
    );

  // J1 completed 2026-03-31T17:30Z = April 1, 01:30 in Shanghai → in April. T + P, 6.5 h, 5 ha
  await completed('TILLAGE', '2026-03-31T17:30:00Z', '6.50', 50_000, [live(TP)]);
  // J2: first assigned to H (released), then re-assigned to T + P (live). 8 h, 7 ha
  await completed('TILLAGE', '2026-04-10T08:00:00Z', '8.00', 70_000, [released([[H, 'PRIMARY']]), live(TP)]);
  // J3: both assignments released; the latest (H) is the one that counts. 10.25 h, 12 ha
  await completed('HARVESTING', '2026-04-20T10:00:00Z', '10.25', 120_000, [
    released([[T, 'PRIMARY']]),
    released([[H, 'PRIMARY']]),
  ]);
  // J4 completed 2026-03-31T15:30Z = March 31, 23:30 in Shanghai → NOT in April. 5 h, 3 ha
  await completed('HARVESTING', '2026-03-31T15:30:00Z', '5.00', 30_000, [live([[H, 'PRIMARY']])]);
  // J5 planned in April for team 1 (no assignment); J6 cancelled in April (no team); J7 planned in June
  await job(org, field.id, {
    operationType: 'SOWING_PLANTING',
    status: 'PLANNED',
    teamId: team1.id,
    window: [t('2026-04-20T00:00:00Z'), t('2026-04-25T00:00:00Z')],
  });
  await job(org, field.id, {
    operationType: 'SOWING_PLANTING',
    status: 'CANCELLED',
    cancelledAt: t('2026-04-05T00:00:00Z'),
  });
  await job(org, field.id, {
    operationType: 'SOWING_PLANTING',
    status: 'PLANNED',
    window: [t('2026-06-01T00:00:00Z'), t('2026-06-05T00:00:00Z')],
  });

  const plan = await h.db.maintenancePlan.create({
    data: { organizationId: org.id, modelId: null, assetId: T, name: '250h service', intervalDays: 30 },
  });
  // WO1: H fails 2026-04-12T00:00Z, back in service (accepted) 2026-04-13T12:00Z: 36 h down, a 36 h repair
  await workOrder(org.id, {
    assetId: H,
    type: 'CORRECTIVE',
    status: 'CLOSED',
    causesDowntime: true,
    downtimeStartedAt: t('2026-04-12T00:00:00Z'),
    downtimeEndedAt: t('2026-04-13T12:00:00Z'),
    acceptedAt: t('2026-04-13T12:00:00Z'),
  });
  // WO2: T down from 2026-03-31T10:00Z (March 31 local: not an April failure) to 2026-04-01T04:00Z:
  // 12 h inside April (16:00Z → 04:00Z); repaired in April: 18 h repair
  await workOrder(org.id, {
    assetId: T,
    type: 'CORRECTIVE',
    status: 'CLOSED',
    causesDowntime: true,
    downtimeStartedAt: t('2026-03-31T10:00:00Z'),
    downtimeEndedAt: t('2026-04-01T04:00:00Z'),
    acceptedAt: t('2026-04-01T04:00:00Z'),
  });
  // WO3: preventive on T due 2026-04-08, accepted 04-10: 2 days late, within the 3-day grace (10 % of 30 days)
  await workOrder(org.id, {
    assetId: T,
    planId: plan.id,
    type: 'PREVENTIVE',
    status: 'CLOSED',
    plannedEnd: t('2026-04-08T00:00:00Z'),
    acceptedAt: t('2026-04-10T00:00:00Z'),
  });
  // WO4: preventive on H (no plan: 1-day grace) due 2026-04-15, accepted 04-20 → late
  await workOrder(org.id, {
    assetId: H,
    type: 'PREVENTIVE',
    status: 'CLOSED',
    plannedEnd: t('2026-04-15T00:00:00Z'),
    acceptedAt: t('2026-04-20T00:00:00Z'),
  });
  // WO5: a failure of T reported 2026-04-25 (no downtime), still OPEN
  await workOrder(org.id, { assetId: T, type: 'CORRECTIVE', status: 'OPEN', createdAt: t('2026-04-25T00:00:00Z') });
  // WO6: an inspection of P awaiting acceptance (created now: outside April)
  await workOrder(org.id, { assetId: P, type: 'INSPECTION', status: 'AWAITING_ACCEPTANCE' });
  // WO7: a cancelled corrective order in April is not a failure
  await workOrder(org.id, {
    assetId: H,
    type: 'CORRECTIVE',
    status: 'CANCELLED',
    createdAt: t('2026-04-02T00:00:00Z'),
    cancelledAt: t('2026-04-02T01:00:00Z'),
  });

  await cost(org.id, { category: 'FUEL', date: '2026-04-01', status: 'APPROVED', totalMinor: 123_456n, assetId: T });
  await cost(org.id, { category: 'REPAIR', date: '2026-04-13', status: 'APPROVED', totalMinor: 500_000n, assetId: H });
  await cost(org.id, { category: 'OTHER', date: '2026-04-30', status: 'APPROVED', totalMinor: 20_000n });
  await cost(org.id, { category: 'FUEL', date: '2026-04-05', status: 'SUBMITTED', totalMinor: 99_999n, assetId: T });
  await cost(org.id, { category: 'PARTS', date: '2026-04-06', status: 'DRAFT', totalMinor: 77_777n, assetId: H });
  await cost(org.id, { category: 'FUEL', date: '2026-03-31', status: 'APPROVED', totalMinor: 1_000_000n, assetId: T });
  await cost(org.id, { category: 'FUEL', date: '2026-05-01', status: 'APPROVED', totalMinor: 1_000_000n, assetId: T });
  await cost(org.id, {
    category: 'FUEL',
    date: '2026-04-02',
    status: 'APPROVED',
    totalMinor: 5_000_000n,
    assetId: T,
    deletedAt: t('2026-04-03T00:00:00Z'),
  });

  return { org, team1: team1.id, team2: team2.id, T, P, H };
}

describe('analytics (April 2026, Asia/Shanghai)', () => {
  let f: Fixture;
  let viewer: string;
  beforeAll(async () => {
    // another org with the same April activity: it must never show up in this org's figures
    await fixture('an-other');
    f = await fixture();
    viewer = await tokenOf(f.org, 'VIEWER');
  });

  it('overview: every figure equals the hand computation', async () => {
    const r = await get(viewer, f.org.id, `/analytics/overview${APRIL}`);
    expectStatus(r, 200);
    const o = ZAnalyticsOverview.parse(r.body);
    expect(o.period).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
      timezone: 'Asia/Shanghai',
      startsAt: '2026-03-31T16:00:00.000Z',
      endsAt: '2026-04-30T16:00:00.000Z',
      days: 30,
    });
    // T, P ACTIVE; H IN_MAINTENANCE; the deleted machine is not in the fleet
    expect(o.fleet).toEqual({ total: 3, byStatus: { ACTIVE: 2, IN_MAINTENANCE: 1, RETIRED: 0 } });
    // completed J1 J2 J3 (J4 is March 31 local); planned J5 (J7 is June); cancelled J6
    expect(o.jobs).toEqual({ PLANNED: 1, SCHEDULED: 0, IN_PROGRESS: 0, COMPLETED: 3, CANCELLED: 1 });
    // (50 000 + 70 000 + 120 000) m² / 10 000 = 24 ha
    expect(o.hectares).toBe(24);
    // T: 6.5 + 8 = 14.5; P: 14.5; H: 10.25 → 39.25 machine hours; engine hours (T + H) = 24.75
    expect(o.productiveHours).toBe(39.25);
    expect(o.engineHours).toBe(24.75);
    // available: T 300 − 12 × 10/24 = 295; P 300; H 300 − 36 × 10/24 = 285 → 880
    expect(o.availableHours).toBe(880);
    expect(o.utilization).toBe(0.0446); // 39.25 / 880 = 0.04460…
    expect(o.downtimeHours).toBe(48); // T 12 + H 36
    expect(o.failures).toBe(2); // WO1 (H, 04-12) + WO5 (T, 04-25); WO2 started March 31 local; WO7 cancelled
    expect(o.mtbfHours).toBe(19.63); // 39.25 / 2 = 19.625
    expect(o.mttrHours).toBe(27); // (36 + 18) / 2
    expect(o.inherentAvailability).toBe(0.4209); // 19.625 / (19.625 + 27) = 0.42091…
    expect(o.operationalAvailability).toBe(0.9778); // (3 × 720 − 48) / (3 × 720) = 2112 / 2160 = 0.97777…
    expect(o.pmCompliance).toEqual({ due: 2, onTime: 1, ratio: 0.5 }); // WO3 on time, WO4 late
    expect(o.costs).toEqual({
      totalMinor: '643456', // 123 456 + 500 000 + 20 000 (approved, dated in April, not deleted)
      costPerHectareMinor: '26811', // 643 456 / 24 = 26 810.67
      costPerEngineHourMinor: '25998', // 643 456 / 24.75 = 25 998.22
      awaitingApproval: { documents: 1, totalMinor: '99999' },
    });
    expect(o.workOrders).toEqual({ open: 1, awaitingAcceptance: 1 }); // WO5; WO6
  });

  it('utilization: per machine rows, paged by asset id; fleet figures cover all machines', async () => {
    const r = await get(viewer, f.org.id, `/analytics/utilization${APRIL}`);
    expectStatus(r, 200);
    const u = ZAnalyticsUtilization.parse(r.body);
    expect(u.workdayHours).toBe(10);
    expect(u.fleet).toEqual({
      machines: 3,
      productiveHours: 39.25,
      downtimeHours: 48,
      availableHours: 880,
      utilization: 0.0446,
    });
    const byId = Object.fromEntries(u.items.map((i) => [i.assetId, i]));
    expect(byId[f.T]).toMatchObject({
      name: 'Tractor',
      kind: 'POWER_UNIT',
      jobs: 2,
      productiveHours: 14.5,
      downtimeHours: 12,
      availableHours: 295,
      utilization: 0.0492,
    }); // 14.5 / 295 = 0.04915…
    expect(byId[f.P]).toMatchObject({
      kind: 'IMPLEMENT',
      jobs: 2,
      productiveHours: 14.5,
      downtimeHours: 0,
      availableHours: 300,
      utilization: 0.0483,
    }); // 14.5 / 300 = 0.04833…
    expect(byId[f.H]).toMatchObject({
      kind: 'SELF_PROPELLED',
      status: 'IN_MAINTENANCE',
      jobs: 1,
      productiveHours: 10.25,
      downtimeHours: 36,
      availableHours: 285,
      utilization: 0.036,
    }); // 10.25 / 285 = 0.03596…
    expect(u.items.map((i) => i.assetId)).toEqual([f.T, f.P, f.H].sort());
    expect(u.nextCursor).toBeNull();

    const p1 = ZAnalyticsUtilization.parse(
      (await get(viewer, f.org.id, `/analytics/utilization${APRIL}&limit=2`)).body,
    );
    expect(p1.items).toHaveLength(2);
    expect(p1.fleet.machines).toBe(3);
    const p2 = ZAnalyticsUtilization.parse(
      (await get(viewer, f.org.id, `/analytics/utilization${APRIL}&limit=2&cursor=${p1.nextCursor}`)).body,
    );
    expect(p2.items).toHaveLength(1);
    expect(p2.nextCursor).toBeNull();
    expect([...p1.items, ...p2.items].map((i) => i.assetId)).toEqual(u.items.map((i) => i.assetId));
    expectError(await get(viewer, f.org.id, `/analytics/utilization${APRIL}&cursor=bogus`), 400, 'VALIDATION_FAILED');
  });

  it('operations: hectares and effective field capacity by operation type', async () => {
    const o = ZAnalyticsOperations.parse((await get(viewer, f.org.id, `/analytics/operations${APRIL}`)).body);
    expect(o.items).toEqual([
      // (50 000 + 70 000) m² = 12 ha in 6.5 + 8 = 14.5 h → 12 / 14.5 = 0.82758… ha/h
      { operationType: 'TILLAGE', jobs: 2, hectares: 12, hours: 14.5, fieldCapacityHaPerHour: 0.8276 },
      // 12 ha in 10.25 h → 1.17073… ha/h
      { operationType: 'HARVESTING', jobs: 1, hectares: 12, hours: 10.25, fieldCapacityHaPerHour: 1.1707 },
    ]);
    // 24 ha / 24.75 h = 0.96969…
    expect(o.totals).toEqual({ jobs: 3, hectares: 24, hours: 24.75, fieldCapacityHaPerHour: 0.9697 });
  });

  it('the period boundary is local: March 31 (Shanghai) holds the job completed at 15:30Z, not the one at 17:30Z', async () => {
    const o = ZAnalyticsOperations.parse(
      (await get(viewer, f.org.id, '/analytics/operations?from=2026-03-31&to=2026-03-31')).body,
    );
    expect(o.period).toMatchObject({
      startsAt: '2026-03-30T16:00:00.000Z',
      endsAt: '2026-03-31T16:00:00.000Z',
      days: 1,
    });
    // only J4: 3 ha in 5 h
    expect(o.items).toEqual([
      { operationType: 'HARVESTING', jobs: 1, hectares: 3, hours: 5, fieldCapacityHaPerHour: 0.6 },
    ]);
    const a1 = ZAnalyticsOperations.parse(
      (await get(viewer, f.org.id, '/analytics/operations?from=2026-04-01&to=2026-04-01')).body,
    );
    // only J1: 5 ha in 6.5 h
    expect(a1.items).toEqual([
      { operationType: 'TILLAGE', jobs: 1, hectares: 5, hours: 6.5, fieldCapacityHaPerHour: 0.7692 },
    ]);
  });

  it('maintenance: downtime, failures, MTBF / MTTR per machine and fleet, PM compliance', async () => {
    const m = ZAnalyticsMaintenance.parse((await get(viewer, f.org.id, `/analytics/maintenance${APRIL}`)).body);
    expect(m.fleet).toEqual({
      machines: 3,
      downtimeHours: 48,
      productiveHours: 39.25,
      failures: 2,
      mtbfHours: 19.63,
      repairs: 2,
      mttrHours: 27,
      inherentAvailability: 0.4209,
      operationalAvailability: 0.9778,
    });
    expect(m.pmCompliance).toEqual({ due: 2, onTime: 1, late: 1, ratio: 0.5 });
    const byId = Object.fromEntries(m.items.map((i) => [i.assetId, i]));
    expect(byId[f.T]).toMatchObject({
      downtimeHours: 12,
      failures: 1,
      mtbfHours: 14.5, // 14.5 / 1
      repairs: 1,
      mttrHours: 18, // 03-31T10:00Z → 04-01T04:00Z
      inherentAvailability: 0.4462, // 14.5 / 32.5 = 0.44615…
      operationalAvailability: 0.9833, // (720 − 12) / 720 = 0.98333…
      pmDue: 1,
      pmOnTime: 1,
    });
    expect(byId[f.H]).toMatchObject({
      downtimeHours: 36,
      failures: 1,
      mtbfHours: 10.25,
      mttrHours: 36,
      inherentAvailability: 0.2216, // 10.25 / 46.25 = 0.22162…
      operationalAvailability: 0.95, // (720 − 36) / 720
      pmDue: 1,
      pmOnTime: 0,
    });
    expect(byId[f.P]).toMatchObject({
      failures: 0,
      mtbfHours: null,
      repairs: 0,
      mttrHours: null,
      inherentAvailability: null,
      operationalAvailability: 1,
    });
  });

  it('costs by category, machine and month (approved only, documentDate in the period)', async () => {
    const cat = ZAnalyticsCosts.parse((await get(viewer, f.org.id, `/analytics/costs${APRIL}`)).body);
    expect(cat).toMatchObject({
      groupBy: 'category',
      documents: 3,
      totalMinor: '643456',
      hectares: 24,
      engineHours: 24.75,
      costPerHectareMinor: '26811',
      costPerEngineHourMinor: '25998',
    });
    expect(cat.items).toEqual([
      { key: 'FUEL', label: 'FUEL', documents: 1, totalMinor: '123456' },
      { key: 'PARTS', label: 'PARTS', documents: 0, totalMinor: '0' },
      { key: 'LABOR', label: 'LABOR', documents: 0, totalMinor: '0' },
      { key: 'REPAIR', label: 'REPAIR', documents: 1, totalMinor: '500000' },
      { key: 'RENTAL', label: 'RENTAL', documents: 0, totalMinor: '0' },
      { key: 'OTHER', label: 'OTHER', documents: 1, totalMinor: '20000' },
    ]);
    const mach = ZAnalyticsCosts.parse((await get(viewer, f.org.id, `/analytics/costs${APRIL}&groupBy=machine`)).body);
    expect(mach.items).toEqual([
      { key: f.H, label: 'Combine', documents: 1, totalMinor: '500000' },
      { key: f.T, label: 'Tractor', documents: 1, totalMinor: '123456' },
      { key: 'unassigned', label: 'unassigned', documents: 1, totalMinor: '20000' },
    ]);
    // March + April: the March 31 fuel (1 000 000) is in March; May 1 stays out
    const month = ZAnalyticsCosts.parse(
      (await get(viewer, f.org.id, '/analytics/costs?from=2026-03-01&to=2026-04-30&groupBy=month')).body,
    );
    expect(month.items).toEqual([
      { key: '2026-03', label: '2026-03', documents: 1, totalMinor: '1000000' },
      { key: '2026-04', label: '2026-04', documents: 3, totalMinor: '643456' },
    ]);
    expect(month.totalMinor).toBe('1643456');
  });

  it('a TEAM-scoped member sees only the machines of their team and what those machines did', async () => {
    await h.db.membership.update({ where: { id: f.org.users.VIEWER.membershipId }, data: { dataScope: 'TEAM' } });
    await h.db.teamMember.create({
      data: { organizationId: f.org.id, teamId: f.team1, membershipId: f.org.users.VIEWER.membershipId },
    });
    try {
      const o = ZAnalyticsOverview.parse((await get(viewer, f.org.id, `/analytics/overview${APRIL}`)).body);
      expect(o.fleet).toEqual({ total: 2, byStatus: { ACTIVE: 2, IN_MAINTENANCE: 0, RETIRED: 0 } });
      // J1, J2 (T + P) and J5 (team 1); J3's live assignment is H (team 2); J6 has no team
      expect(o.jobs).toEqual({ PLANNED: 1, SCHEDULED: 0, IN_PROGRESS: 0, COMPLETED: 2, CANCELLED: 0 });
      expect(o.hectares).toBe(12);
      expect(o.productiveHours).toBe(29); // T 14.5 + P 14.5
      expect(o.engineHours).toBe(14.5);
      expect(o.availableHours).toBe(595); // 295 + 300
      expect(o.utilization).toBe(0.0487); // 29 / 595 = 0.04873…
      expect(o.downtimeHours).toBe(12);
      expect([o.failures, o.mtbfHours, o.mttrHours]).toEqual([1, 29, 18]);
      expect(o.inherentAvailability).toBe(0.617); // 29 / 47 = 0.61702…
      expect(o.operationalAvailability).toBe(0.9917); // (1440 − 12) / 1440 = 0.99166…
      expect(o.pmCompliance).toEqual({ due: 1, onTime: 1, ratio: 1 });
      // only T's fuel: 123 456 / 12 ha = 10 288; / 14.5 h = 8 514.2
      expect(o.costs).toEqual({
        totalMinor: '123456',
        costPerHectareMinor: '10288',
        costPerEngineHourMinor: '8514',
        awaitingApproval: { documents: 1, totalMinor: '99999' },
      });
      expect(o.workOrders).toEqual({ open: 1, awaitingAcceptance: 1 });

      const u = ZAnalyticsUtilization.parse((await get(viewer, f.org.id, `/analytics/utilization${APRIL}`)).body);
      expect(u.items.map((i) => i.assetId).sort()).toEqual([f.T, f.P].sort());
      const c = ZAnalyticsCosts.parse((await get(viewer, f.org.id, `/analytics/costs${APRIL}&groupBy=machine`)).body);
      expect(c.items).toEqual([{ key: f.T, label: 'Tractor', documents: 1, totalMinor: '123456' }]);
      const ops = ZAnalyticsOperations.parse((await get(viewer, f.org.id, `/analytics/operations${APRIL}`)).body);
      expect(ops.items.map((i) => i.operationType)).toEqual(['TILLAGE']);

      // ASSIGNED scope: analytics are fleet figures, so nothing (zeros and nulls, not an error)
      await h.db.membership.update({ where: { id: f.org.users.VIEWER.membershipId }, data: { dataScope: 'ASSIGNED' } });
      const none = ZAnalyticsOverview.parse((await get(viewer, f.org.id, `/analytics/overview${APRIL}`)).body);
      expect(none).toMatchObject({
        fleet: { total: 0 },
        hectares: 0,
        productiveHours: 0,
        utilization: null,
        failures: 0,
        mtbfHours: null,
        workOrders: { open: 0, awaitingAcceptance: 0 },
      });
      expect(none.costs).toEqual({
        totalMinor: '0',
        costPerHectareMinor: null,
        costPerEngineHourMinor: null,
        awaitingApproval: { documents: 0, totalMinor: '0' },
      });
      expect(
        ZAnalyticsMaintenance.parse((await get(viewer, f.org.id, `/analytics/maintenance${APRIL}`)).body).items,
      ).toEqual([]);
    } finally {
      await h.db.teamMember.deleteMany({ where: { membershipId: f.org.users.VIEWER.membershipId } });
      await h.db.membership.update({ where: { id: f.org.users.VIEWER.membershipId }, data: { dataScope: 'ORG' } });
    }
  });
});

describe('analytics access and input', () => {
  const routes = [
    '/analytics/overview',
    '/analytics/utilization',
    '/analytics/operations',
    '/analytics/maintenance',
    '/analytics/costs',
  ];

  it('OPERATOR and MECHANIC → 403; ACCOUNTANT, DISPATCHER, OWNER → 200; another org → 404', async () => {
    const org = await createOrg(h.db, 'an-acl');
    const other = await createOrg(h.db, 'an-acl2');
    const [operator, mechanic, accountant, dispatcher, owner, outsider] = await Promise.all([
      tokenOf(org, 'OPERATOR'),
      tokenOf(org, 'MECHANIC'),
      tokenOf(org, 'ACCOUNTANT'),
      tokenOf(org, 'DISPATCHER'),
      tokenOf(org, 'OWNER'),
      tokenOf(other, 'OWNER'),
    ]);
    // all in parallel: the read model holds no state between requests
    const results = await Promise.all(
      routes.flatMap((r) => [
        get(operator, org.id, r).then((res) => ['403', res] as const),
        get(mechanic, org.id, r).then((res) => ['403', res] as const),
        get(accountant, org.id, r).then((res) => ['200', res] as const),
        get(dispatcher, org.id, r).then((res) => ['200', res] as const),
        get(owner, org.id, r).then((res) => ['200', res] as const),
        get(outsider, org.id, r).then((res) => ['404', res] as const),
      ]),
    );
    for (const [want, res] of results) {
      if (want === '403') expectError(res, 403, 'FORBIDDEN');
      else if (want === '404') expectError(res, 404, 'NOT_FOUND');
      else expectStatus(res, 200);
    }
  });

  it('defaults to the 30 days ending today in the org time zone', async () => {
    const org = await createOrg(h.db, 'an-def');
    const owner = await tokenOf(org, 'OWNER');
    const before = new Date();
    const o = ZAnalyticsOverview.parse((await get(owner, org.id, '/analytics/overview')).body);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(before);
    expect(o.period.to).toBe(today);
    expect(o.period.days).toBe(30);
    expect(new Date(o.period.endsAt).getTime() - new Date(o.period.startsAt).getTime()).toBe(30 * 86_400_000);
    // an empty org: zeros, and null where a ratio has no denominator
    expect(o).toMatchObject({
      hectares: 0,
      utilization: null,
      mtbfHours: null,
      mttrHours: null,
      inherentAvailability: null,
      operationalAvailability: null,
    });
    expect(o.pmCompliance).toEqual({ due: 0, onTime: 0, ratio: null });
  });

  it('a bad period or query → 400 VALIDATION_FAILED with the field', async () => {
    const org = await createOrg(h.db, 'an-bad');
    const owner = await tokenOf(org, 'OWNER');
    const cases: [string, string][] = [
      ['/analytics/overview?from=2026-04-10&to=2026-04-01', 'from'],
      ['/analytics/overview?from=2025-01-01&to=2026-01-02', 'to'], // 367 days
      ['/analytics/overview?from=2020-01-01', 'to'], // to = today → far more than 366 days
      ['/analytics/utilization?from=2026-02-30&to=2026-03-01', 'from'],
      ['/analytics/operations?from=April', 'from'],
      ['/analytics/costs?groupBy=team', 'groupBy'],
      ['/analytics/maintenance?limit=0', 'limit'],
    ];
    for (const [path, field] of cases) {
      const r = await get(owner, org.id, path);
      expectError(r, 400, 'VALIDATION_FAILED');
      expect(
        (r.body.error.details as { path: string }[]).map((d) => d.path),
        path,
      ).toContain(field);
    }
    // exactly 366 days is fine
    expectStatus(await get(owner, org.id, '/analytics/overview?from=2025-01-01&to=2026-01-01'), 200);
  });
});

describe('OpenAPI', () => {
  it('documents the analytics routes with their query parameters and response schemas', async () => {
    const doc = (await call(h.base, 'GET', '/api/docs-json')).body;
    const base = '/api/v1/orgs/{orgId}/analytics';
    for (const r of ['overview', 'utilization', 'operations', 'maintenance', 'costs']) {
      const op = doc.paths[`${base}/${r}`]?.get;
      expect(op, r).toBeDefined();
      const params = (op.parameters as { name: string; in: string }[])
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
      expect(params, r).toEqual(expect.arrayContaining(['from', 'to']));
      expect(op.responses['200'].content['application/json'].schema.properties.period, r).toBeDefined();
    }
    expect(
      doc.paths[`${base}/costs`].get.responses['200'].content['application/json'].schema.properties.totalMinor.type,
    ).toBe('string');
  });
});
