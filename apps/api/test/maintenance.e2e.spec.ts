import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TAsset } from '@amms/contracts/assets';
import {
  ZDueResponse,
  ZListMaintenancePlansResponse,
  ZListWorkOrdersResponse,
  ZMaintenancePlan,
  ZListWorkOrdersViewResponse,
  ZWorkOrderDetail,
  ZWorkOrderDetailView,
  type TDueItem,
  type TMaintenancePlan,
  type TWorkOrderDetail,
  type TWorkOrderDetailView,
} from '@amms/contracts/maintenance';
import { ZTeam } from '@amms/contracts/teams';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, type TestOrg } from './harness.js';
import { apiAsset, appForFile, orgApi, tag } from './support/world.js';
import { expectError, expectOneRan, expectReplayOf, expectStatus, loginAll, orgPath } from './assertions.js';

const h = appForFile();

const DAY = 86_400_000;
const { get, patch, post } = orgApi(() => h);

interface Ctx {
  org: TestOrg;
  t: Record<TRole, string>;
}

async function setup(label = 'mt'): Promise<Ctx> {
  const org = await createOrg(h.db, label);
  return { org, t: await loginAll(h.base, org) };
}

async function platformModel() {
  return h.db.machineModel.create({
    data: {
      organizationId: null,
      manufacturer: `Platform-${tag()}`,
      name: 'M1',
      kind: 'POWER_UNIT',
      operationTypes: ['TILLAGE'],
      powerKw: 120,
    },
  });
}

function createAsset(c: Ctx, modelId: string, body: Record<string, unknown> = {}): Promise<TAsset> {
  return apiAsset(h, c.t.OWNER, c.org.id, modelId, body);
}

async function createPlan(c: Ctx, body: Record<string, unknown>): Promise<TMaintenancePlan> {
  const r = await post(c.t.OWNER, c.org.id, '/maintenance-plans', { name: `Plan ${tag()}`, ...body });
  expectStatus(r, 201);
  return ZMaintenancePlan.parse(r.body);
}

/** An operator's answer has no costs (no maintenance.read): hence the view schema. */
async function createWo(c: Ctx, body: Record<string, unknown>, token = c.t.OWNER): Promise<TWorkOrderDetailView> {
  const r = await post(token, c.org.id, '/work-orders', { type: 'INSPECTION', title: `WO ${tag()}`, ...body });
  expectStatus(r, 201);
  return ZWorkOrderDetailView.parse(r.body);
}

async function act(
  c: Ctx,
  token: string,
  id: string,
  action: string,
  body: Record<string, unknown> = {},
): Promise<TWorkOrderDetail> {
  const r = await post(token, c.org.id, `/work-orders/${id}/${action}`, body);
  expectStatus(r, 200);
  return ZWorkOrderDetail.parse(r.body);
}

/** Readings a week apart, in the past: the jumps below stay plausible (24 h/day) and later readings at "now" come after them. */
let readingClock = Date.now() - 400 * 86_400_000;
async function reading(c: Ctx, assetId: string, readingHours: number) {
  readingClock += 7 * 86_400_000;
  expectStatus(
    await post(c.t.OWNER, c.org.id, `/assets/${assetId}/meter-readings`, {
      readingHours,
      readAt: new Date(readingClock).toISOString(),
    }),
    201,
  );
}

async function assetStatus(assetId: string) {
  return (await h.db.asset.findUniqueOrThrow({ where: { id: assetId } })).status;
}

async function due(c: Ctx, query = ''): Promise<TDueItem[]> {
  const r = await get(c.t.VIEWER, c.org.id, `/maintenance/due${query}`);
  expectStatus(r, 200);
  return ZDueResponse.parse(r.body).items;
}

const isoIn = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const calendarDaysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

/** A job booking of the machine, written directly (the jobs routes are built elsewhere). */
async function jobBooking(c: Ctx, assetId: string, startsAt: Date, endsAt: Date) {
  const org = c.org.id;
  const field = await h.db.field.create({ data: { organizationId: org, name: `Field ${tag()}`, areaM2: 10_000 } });
  const job = await h.db.job.create({
    data: {
      organizationId: org,
      fieldId: field.id,
      operationType: 'TILLAGE',
      areaM2: 10_000,
      windowStart: startsAt,
      windowEnd: endsAt,
      estimatedHours: '4.00',
      status: 'SCHEDULED',
    },
  });
  const assignment = await h.db.assignment.create({
    data: {
      organizationId: org,
      jobId: job.id,
      operatorMembershipId: c.org.users.OPERATOR.membershipId,
      startsAt,
      endsAt,
    },
  });
  const booking = await h.db.machineBooking.create({
    data: { organizationId: org, assetId, kind: 'JOB', startsAt, endsAt, assignmentId: assignment.id },
  });
  return { job, assignment, booking };
}

describe('maintenance plans', () => {
  it('create (asset or model) → get → list → patch with version, audited; validation and stale versions refused', async () => {
    const c = await setup();
    const model = await platformModel();
    const asset = await createAsset(c, model.id);
    const p = await createPlan(c, {
      assetId: asset.id,
      intervalHours: 250,
      leadHours: 25,
      checklist: [{ label: 'Engine oil' }, { label: 'Filters' }],
      estimatedHours: 2.5,
    });
    expect(p).toMatchObject({
      assetId: asset.id,
      modelId: null,
      intervalHours: 250,
      intervalDays: null,
      leadHours: 25,
      estimatedHours: 2.5,
      active: true,
      version: 1,
    });
    expect(p.checklist).toEqual([{ label: 'Engine oil' }, { label: 'Filters' }]);
    const mp = await createPlan(c, { modelId: model.id, intervalDays: 365, leadDays: 30 });
    expect(mp).toMatchObject({ modelId: model.id, assetId: null });

    expect(ZMaintenancePlan.parse((await get(c.t.VIEWER, c.org.id, `/maintenance-plans/${p.id}`)).body).id).toBe(p.id);
    const list = ZListMaintenancePlansResponse.parse(
      (await get(c.t.MECHANIC, c.org.id, '/maintenance-plans?limit=1')).body,
    );
    expect(list.items).toHaveLength(1);
    // the mechanic (TEAM scope, no team yet) sees the model plan only
    const byMech = ZListMaintenancePlansResponse.parse((await get(c.t.MECHANIC, c.org.id, '/maintenance-plans')).body);
    expect(byMech.items.map((x) => x.id)).toEqual([mp.id]);
    const byAsset = ZListMaintenancePlansResponse.parse(
      (await get(c.t.VIEWER, c.org.id, `/maintenance-plans?assetId=${asset.id}`)).body,
    );
    expect(byAsset.items.map((x) => x.id)).toEqual([p.id]);

    const u = await patch(c.t.OWNER, c.org.id, `/maintenance-plans/${p.id}`, {
      version: 1,
      intervalDays: 180,
      leadHours: null,
      active: false,
    });
    expectStatus(u, 200);
    expect(ZMaintenancePlan.parse(u.body)).toMatchObject({
      intervalDays: 180,
      leadHours: null,
      active: false,
      version: 2,
    });
    const ev = await h.db.auditEvent.findFirstOrThrow({
      where: { organizationId: c.org.id, entityId: p.id, action: 'maintenance_plan.updated' },
    });
    expect(ev.data).toEqual({
      before: { intervalDays: null, leadHours: 25, active: true },
      after: { intervalDays: 180, leadHours: null, active: false },
    });
    expect(
      await h.db.auditEvent.count({
        where: { organizationId: c.org.id, entityId: p.id, action: 'maintenance_plan.created' },
      }),
    ).toBe(1);

    expectError(
      await patch(c.t.OWNER, c.org.id, `/maintenance-plans/${p.id}`, { version: 1, name: 'stale' }),
      409,
      'VERSION_CONFLICT',
    );
    // removing the last interval
    expectError(
      await patch(c.t.OWNER, c.org.id, `/maintenance-plans/${p.id}`, {
        version: 2,
        intervalHours: null,
        intervalDays: null,
      }),
      400,
      'VALIDATION_FAILED',
    );

    const bad = await post(c.t.OWNER, c.org.id, '/maintenance-plans', {
      assetId: asset.id,
      modelId: model.id,
      name: '',
      intervalHours: 1.25,
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    const paths = (bad.body.error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'intervalHours']));
    expectError(
      await post(c.t.OWNER, c.org.id, '/maintenance-plans', { assetId: asset.id, name: 'no interval' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await post(c.t.OWNER, c.org.id, '/maintenance-plans', { name: 'no target', intervalDays: 3 }),
      400,
      'VALIDATION_FAILED',
    );
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ label: `item ${i}` }));
    expectError(
      await post(c.t.OWNER, c.org.id, '/maintenance-plans', {
        assetId: asset.id,
        name: 'x',
        intervalDays: 3,
        checklist: tooMany,
      }),
      400,
      'VALIDATION_FAILED',
    );
    // a model of another org is invisible: 404
    const other = await h.db.machineModel.create({
      data: {
        organizationId: (await createOrg(h.db, 'mt-o')).id,
        manufacturer: `O-${tag()}`,
        name: 'private',
        kind: 'IMPLEMENT',
        operationTypes: ['MOWING'],
      },
    });
    expectError(
      await post(c.t.OWNER, c.org.id, '/maintenance-plans', { modelId: other.id, name: 'x', intervalDays: 3 }),
      404,
      'NOT_FOUND',
    );
    // roles: planning is maintenance.plan (owner/admin); mechanics and viewers read only
    expectError(
      await post(c.t.MECHANIC, c.org.id, '/maintenance-plans', { assetId: asset.id, name: 'x', intervalDays: 3 }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await patch(c.t.VIEWER, c.org.id, `/maintenance-plans/${p.id}`, { version: 2, name: 'x' }),
      403,
      'FORBIDDEN',
    );
    expectError(await get(c.t.OPERATOR, c.org.id, '/maintenance-plans'), 403, 'FORBIDDEN');
    expect(await h.db.maintenancePlan.count({ where: { organizationId: c.org.id } })).toBe(2);
  });
});

describe('due list', () => {
  it('hand-computed: days from purchase, hours from readings, model plans, lead windows, status filter, retired assets left out', async () => {
    const c = await setup();
    const model = await platformModel();
    const otherModel = await platformModel();
    // read once: a run crossing UTC midnight between here and the checks must not compare two days
    const bought = calendarDaysAgo(80);
    const a = await createAsset(c, model.id, { purchaseDate: bought });
    const b = await createAsset(c, model.id);
    const other = await createAsset(c, otherModel.id);
    const retired = await createAsset(c, model.id);
    expectStatus(await patch(c.t.OWNER, c.org.id, `/assets/${retired.id}`, { version: 1, status: 'RETIRED' }), 200);

    // every 90 days, 7 days lead: bought 80 days ago (UTC midnight) → due in (10 - a fraction of today) days
    const days = await createPlan(c, { assetId: a.id, intervalDays: 90, leadDays: 7 });
    // every 250 h, 25 h lead
    const hours = await createPlan(c, { assetId: a.id, intervalHours: 250, leadHours: 25 });
    // model plan: a, b and the retired one have the model; only live, non-retired assets count
    const byModel = await createPlan(c, { modelId: model.id, intervalHours: 100 });
    await createPlan(c, { assetId: a.id, intervalDays: 1, active: false });

    await reading(c, a.id, 100);
    await reading(c, a.id, 230);
    await reading(c, b.id, 100);

    const rows = await due(c, '?withinDays=14');
    const find = (planId: string, assetId: string) => rows.find((r) => r.planId === planId && r.assetId === assetId);
    expect(rows).toHaveLength(4);
    expect(rows.some((r) => r.assetId === retired.id || r.assetId === other.id)).toBe(false);

    const d = find(days.id, a.id)!;
    expect(d.status).toBe('DUE_SOON');
    expect(d.lastServiceAt).toBe(`${bought}T00:00:00.000Z`);
    expect(d.nextDueAt).toBe(new Date(Date.parse(`${bought}T00:00:00.000Z`) + 90 * DAY).toISOString());
    expect(d.remainingDays).toBeGreaterThan(8.9);
    expect(d.remainingDays).toBeLessThanOrEqual(10);
    expect(d).toMatchObject({ nextDueHours: null, remainingHours: null, lastWorkOrderId: null, currentHours: 230 });

    // 230 h of 250: 20 h left, inside the 25 h lead
    expect(find(hours.id, a.id)).toMatchObject({
      status: 'DUE_SOON',
      lastServiceHours: 0,
      nextDueHours: 250,
      remainingHours: 20,
      nextDueAt: null,
    });
    // model plan every 100 h from 0: a (230 h) overdue by 130, b (100 h) exactly due
    expect(find(byModel.id, a.id)).toMatchObject({ status: 'OVERDUE', remainingHours: -130 });
    expect(find(byModel.id, b.id)).toMatchObject({ status: 'OVERDUE', remainingHours: 0, currentHours: 100 });
    // most urgent first
    expect(rows.map((r) => r.status)).toEqual(['OVERDUE', 'OVERDUE', 'DUE_SOON', 'DUE_SOON']);

    // with no calendar horizon the 7-day lead alone does not reach 9+ days → OK
    const narrow = await due(c, `?withinDays=0&planId=${days.id}`);
    expect(narrow.map((r) => r.status)).toEqual(['OK']);
    expect((await due(c, '?status=OVERDUE')).map((r) => r.planId)).toEqual([byModel.id, byModel.id]);
    expect((await due(c, `?assetId=${b.id}`)).map((r) => r.planId)).toEqual([byModel.id]);

    await reading(c, a.id, 260);
    expect((await due(c, `?planId=${hours.id}`))[0]).toMatchObject({
      status: 'OVERDUE',
      remainingHours: -10,
      currentHours: 260,
    });

    expectError(await get(c.t.OPERATOR, c.org.id, '/maintenance/due'), 403, 'FORBIDDEN');
    expectError(await get(c.t.VIEWER, c.org.id, '/maintenance/due?withinDays=-1'), 400, 'VALIDATION_FAILED');
  });

  it('closing a preventive order of the plan resets it: last service = acceptance + its meter hours; the open order is shown meanwhile', async () => {
    const c = await setup();
    const model = await platformModel();
    const a = await createAsset(c, model.id);
    const plan = await createPlan(c, {
      assetId: a.id,
      intervalHours: 250,
      intervalDays: 365,
      checklist: [{ label: 'Oil' }],
    });
    await reading(c, a.id, 255);
    expect((await due(c))[0]).toMatchObject({ status: 'OVERDUE', remainingHours: -5 });

    const wo = await createWo(c, { type: 'PREVENTIVE', assetId: a.id, planId: plan.id, title: '250 h service' });
    expect(wo.checklist.map((i) => i.label)).toEqual(['Oil']);
    expect((await due(c))[0]!.openWorkOrder).toEqual({ id: wo.id, number: wo.number, status: 'OPEN' });

    await act(c, c.t.ADMIN, wo.id, 'start');
    expectStatus(
      await patch(c.t.ADMIN, c.org.id, `/work-orders/${wo.id}/checklist/${wo.checklist[0]!.id}`, { result: 'PASS' }),
      200,
    );
    await act(c, c.t.ADMIN, wo.id, 'submit', { meterHours: 265 });
    const closed = await act(c, c.t.OWNER, wo.id, 'accept');
    expect(closed).toMatchObject({ status: 'CLOSED', meterHours: 265 });

    const row = (await due(c))[0]!;
    expect(row).toMatchObject({
      status: 'OK',
      lastWorkOrderId: wo.id,
      lastServiceHours: 265,
      nextDueHours: 515,
      remainingHours: 250,
      currentHours: 265,
      openWorkOrder: null,
    });
    expect(row.lastServiceAt).toBe(closed.acceptedAt);
    expect(row.nextDueAt).toBe(new Date(Date.parse(closed.acceptedAt!) + 365 * DAY).toISOString());
  });
});

/** A team with the mechanic in it and an asset of that team. */
async function teamSetup(c: Ctx) {
  const teamRes = await post(c.t.OWNER, c.org.id, '/teams', { name: `team-${tag()}` });
  expectStatus(teamRes, 201);
  const team = ZTeam.parse(teamRes.body);
  expectStatus(
    await patch(c.t.OWNER, c.org.id, `/members/${c.org.users.MECHANIC.membershipId}`, { teamIds: [team.id] }),
    200,
  );
  const model = await platformModel();
  const asset = await createAsset(c, model.id, { teamId: team.id });
  return { team, model, asset };
}

describe('work order lifecycle', () => {
  it('OPEN → IN_PROGRESS → (422 while a check is PENDING) → AWAITING → rejected → AWAITING → CLOSED, with parts, totals, asset status and audit', async () => {
    const c = await setup();
    const { asset } = await teamSetup(c);
    const mech = c.org.users.MECHANIC.membershipId;
    const wo = await createWo(
      c,
      {
        type: 'INSPECTION',
        assetId: asset.id,
        title: 'Pre-season inspection',
        priority: 4,
        assigneeMembershipId: mech,
        causesDowntime: true,
        checklist: [{ label: 'Brakes' }, { label: 'Lights' }],
        plannedStart: isoIn(1),
        plannedEnd: isoIn(1.25),
      },
      c.t.DISPATCHER,
    );
    expect(wo).toMatchObject({
      status: 'OPEN',
      number: 1,
      assetName: asset.name,
      priority: 4,
      causesDowntime: true,
      downtimeStartedAt: null,
      version: 1,
    });
    expect(wo.reportedByMembershipId).toBe(c.org.users.DISPATCHER.membershipId);
    expect(wo.checklist.map((i) => [i.position, i.label, i.result])).toEqual([
      [1, 'Brakes', 'PENDING'],
      [2, 'Lights', 'PENDING'],
    ]);
    expect(await h.db.machineBooking.count({ where: { workOrderId: wo.id, releasedAt: null } })).toBe(1);
    expect(await assetStatus(asset.id)).toBe('ACTIVE');

    const started = await act(c, c.t.MECHANIC, wo.id, 'start', { version: 1 });
    expect(started).toMatchObject({ status: 'IN_PROGRESS', version: 2 });
    expect(started.startedAt).not.toBeNull();
    expect(started.downtimeStartedAt).toBe(started.startedAt);
    expect(await assetStatus(asset.id)).toBe('IN_MAINTENANCE');

    const [brakes, lights] = started.checklist;
    expectStatus(
      await patch(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/checklist/${brakes!.id}`, {
        result: 'PASS',
        note: 'pads 60 %',
      }),
      200,
    );
    const incomplete = await post(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/submit`, {});
    expectError(incomplete, 422, 'CHECKLIST_INCOMPLETE');
    expect(incomplete.body.error.details.pending).toEqual([{ id: lights!.id, label: 'Lights' }]);
    expectStatus(
      await patch(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/checklist/${lights!.id}`, { result: 'NA' }),
      200,
    );

    // parts: integer fen, round(quantity × unit): 1.5 × 333 = 499.5 → 500; 2 × 1000 = 2000
    const p1 = await post(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/parts`, {
      partNumber: 'F-1',
      name: 'Fuse',
      quantity: 1.5,
      unitCostMinor: '333',
    });
    expectStatus(p1, 201);
    expect(ZWorkOrderDetail.parse(p1.body).parts[0]).toMatchObject({
      quantity: 1.5,
      unitCostMinor: '333',
      lineCostMinor: '500',
    });
    expectStatus(
      await post(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/parts`, {
        name: 'Bulb',
        quantity: 2,
        unitCostMinor: '1000',
      }),
      201,
    );
    expectError(
      await post(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/parts`, {
        name: 'x',
        quantity: 0.0001,
        unitCostMinor: '1',
      }),
      400,
      'VALIDATION_FAILED',
    );
    const current = ZWorkOrderDetail.parse((await get(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}`)).body);
    const labor = await patch(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}`, {
      version: current.version,
      laborCostMinor: '12000',
      laborHours: 1.5,
    });
    expectStatus(labor, 200);
    expect(ZWorkOrderDetail.parse(labor.body)).toMatchObject({
      partsCostMinor: '2500',
      laborCostMinor: '12000',
      totalCostMinor: '14500',
      laborHours: 1.5,
    });

    const submitted = await act(c, c.t.MECHANIC, wo.id, 'submit', { meterHours: 812.4, resolution: 'all fine' });
    expect(submitted).toMatchObject({
      status: 'AWAITING_ACCEPTANCE',
      submittedByMembershipId: mech,
      meterHours: 812.4,
      resolution: 'all fine',
    });
    const meter = await h.db.meterReading.findFirstOrThrow({ where: { assetId: asset.id } });
    expect(meter).toMatchObject({ source: 'WORK_ORDER' });
    expect(Number(meter.readingHours)).toBe(812.4);
    // no more edits once submitted
    expectError(
      await post(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/parts`, {
        name: 'late',
        quantity: 1,
        unitCostMinor: '1',
      }),
      409,
      'INVALID_TRANSITION',
    );
    expectError(
      await patch(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}`, { version: submitted.version, title: 'late' }),
      409,
      'INVALID_TRANSITION',
    );

    // the mechanic's role cannot accept at all; the dispatcher neither
    expectError(await post(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/accept`), 403, 'FORBIDDEN');
    expectError(await post(c.t.DISPATCHER, c.org.id, `/work-orders/${wo.id}/accept`), 403, 'FORBIDDEN');
    const rejected = await act(c, c.t.ADMIN, wo.id, 'reject', { reason: 'photo of the brake pads missing' });
    expect(rejected).toMatchObject({
      status: 'IN_PROGRESS',
      rejectionReason: 'photo of the brake pads missing',
      submittedAt: null,
      submittedByMembershipId: null,
    });
    await act(c, c.t.MECHANIC, wo.id, 'submit', {});
    const closed = await act(c, c.t.ADMIN, wo.id, 'accept', {});
    expect(closed).toMatchObject({
      status: 'CLOSED',
      acceptedByMembershipId: c.org.users.ADMIN.membershipId,
      meterHours: 812.4,
    });
    expect(closed.downtimeEndedAt).toBe(closed.acceptedAt);
    expect(await assetStatus(asset.id)).toBe('ACTIVE');
    expect(await h.db.machineBooking.count({ where: { workOrderId: wo.id, releasedAt: null } })).toBe(0);

    const actions = (
      await h.db.auditEvent.findMany({ where: { organizationId: c.org.id, entityId: wo.id }, orderBy: { seq: 'asc' } })
    ).map((e) => e.action);
    expect(actions).toEqual([
      'workorder.created',
      'workorder.started',
      'workorder.checklist_updated',
      'workorder.checklist_updated',
      'workorder.part_added',
      'workorder.part_added',
      'workorder.updated',
      'workorder.submitted',
      'workorder.rejected',
      'workorder.submitted',
      'workorder.accepted',
    ]);
    const startedEv = await h.db.auditEvent.findFirstOrThrow({
      where: { entityId: wo.id, action: 'workorder.started' },
    });
    expect(startedEv.data).toMatchObject({ before: { status: 'OPEN' }, after: { status: 'IN_PROGRESS' } });
    const assetEvents = await h.db.auditEvent.findMany({
      where: { entityId: asset.id, action: 'asset.status_changed' },
      orderBy: { seq: 'asc' },
    });
    expect(assetEvents.map((e) => (e.data as { after: { status: string } }).after.status)).toEqual([
      'IN_MAINTENANCE',
      'ACTIVE',
    ]);
  });

  it('self-acceptance: whoever submitted or is assigned cannot accept (403 SELF_ACCEPTANCE); someone else can', async () => {
    const c = await setup();
    const model = await platformModel();
    const asset = await createAsset(c, model.id);
    const wo = await createWo(c, { assetId: asset.id });
    // the admin starts (becomes the assignee; a transition needs no body at all) and submits
    const started = await call(h.base, 'POST', orgPath(c.org.id, `/work-orders/${wo.id}/start`), { token: c.t.ADMIN });
    expectStatus(started, 200);
    expect(ZWorkOrderDetail.parse(started.body).assigneeMembershipId).toBe(c.org.users.ADMIN.membershipId);
    await act(c, c.t.ADMIN, wo.id, 'submit');
    expectError(await post(c.t.ADMIN, c.org.id, `/work-orders/${wo.id}/accept`), 403, 'SELF_ACCEPTANCE');
    // assigned to the owner, who also submits: the owner may not accept, the admin can
    const wo2 = await createWo(c, { assetId: asset.id, assigneeMembershipId: c.org.users.OWNER.membershipId });
    await act(c, c.t.OWNER, wo2.id, 'start');
    await act(c, c.t.OWNER, wo2.id, 'submit');
    expectError(await post(c.t.OWNER, c.org.id, `/work-orders/${wo2.id}/accept`), 403, 'SELF_ACCEPTANCE');
    const accepted = await act(c, c.t.ADMIN, wo2.id, 'accept', { comment: '试车正常' });
    expect(accepted).toMatchObject({ status: 'CLOSED', acceptanceComment: '试车正常' });
    expect((await act(c, c.t.OWNER, wo.id, 'accept')).status).toBe('CLOSED');

    // every answer names its people (issue #12): assignee, submitter, acceptor with their roles
    const nameOf = async (userId: string) => (await h.db.user.findUniqueOrThrow({ where: { id: userId } })).name;
    const detail = await call(h.base, 'GET', orgPath(c.org.id, `/work-orders/${wo2.id}`), { token: c.t.OWNER });
    expectStatus(detail, 200);
    expect(detail.body.people).toEqual({
      reportedBy: { name: await nameOf(c.org.users.OWNER.id), role: 'OWNER' },
      assignee: { name: await nameOf(c.org.users.OWNER.id), role: 'OWNER' },
      submittedBy: { name: await nameOf(c.org.users.OWNER.id), role: 'OWNER' },
      acceptedBy: { name: await nameOf(c.org.users.ADMIN.id), role: 'ADMIN' },
    });
  });

  it('every forbidden transition is 409 INVALID_TRANSITION; a stale version is 409 VERSION_CONFLICT', async () => {
    const c = await setup();
    const model = await platformModel();
    const asset = await createAsset(c, model.id);
    const open = await createWo(c, { assetId: asset.id });
    const inProgress = await createWo(c, { assetId: asset.id });
    await act(c, c.t.ADMIN, inProgress.id, 'start');
    const awaiting = await createWo(c, { assetId: asset.id });
    await act(c, c.t.ADMIN, awaiting.id, 'start');
    await act(c, c.t.ADMIN, awaiting.id, 'submit');
    const closed = await createWo(c, { assetId: asset.id });
    await act(c, c.t.ADMIN, closed.id, 'start');
    await act(c, c.t.ADMIN, closed.id, 'submit');
    await act(c, c.t.OWNER, closed.id, 'accept');
    const cancelled = await createWo(c, { assetId: asset.id });
    await act(c, c.t.OWNER, cancelled.id, 'cancel', { reason: 'duplicate' });

    const forbidden: [TWorkOrderDetailView, string[]][] = [
      [open, ['submit', 'accept', 'reject']],
      [inProgress, ['start', 'accept', 'reject']],
      [awaiting, ['start', 'submit', 'cancel']],
      [closed, ['start', 'submit', 'accept', 'reject', 'cancel']],
      [cancelled, ['start', 'submit', 'accept', 'reject', 'cancel']],
    ];
    for (const [wo, actions] of forbidden) {
      const before = await h.db.workOrder.findUniqueOrThrow({ where: { id: wo.id } });
      for (const a of actions) {
        const body = a === 'reject' || a === 'cancel' ? { reason: 'x' } : {};
        const r = await post(c.t.OWNER, c.org.id, `/work-orders/${wo.id}/${a}`, body);
        expectError(r, 409, 'INVALID_TRANSITION');
        expect(r.body.error.details.from).toBe(before.status);
      }
      const after = await h.db.workOrder.findUniqueOrThrow({ where: { id: wo.id } });
      expect(after.version).toBe(before.version);
    }
    // checklist results only while IN_PROGRESS
    const withItem = await createWo(c, { assetId: asset.id, checklist: [{ label: 'x' }] });
    expectError(
      await patch(c.t.ADMIN, c.org.id, `/work-orders/${withItem.id}/checklist/${withItem.checklist[0]!.id}`, {
        result: 'PASS',
      }),
      409,
      'INVALID_TRANSITION',
    );

    const stale = await post(c.t.OWNER, c.org.id, `/work-orders/${open.id}/start`, { version: 7 });
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(stale.body.error.details.current).toMatchObject({ id: open.id, status: 'OPEN', version: 1 });
    expectError(
      await patch(c.t.OWNER, c.org.id, `/work-orders/${open.id}`, { version: 2, title: 'stale' }),
      409,
      'VERSION_CONFLICT',
    );
    expectError(await post(c.t.OWNER, c.org.id, `/work-orders/${open.id}/cancel`, {}), 400, 'VALIDATION_FAILED');
  });

  it('a FAIL with openCorrective opens one CORRECTIVE order (linked both ways) that keeps the machine down after the inspection closes', async () => {
    const c = await setup();
    const model = await platformModel();
    const asset = await createAsset(c, model.id);
    const wo = await createWo(c, {
      assetId: asset.id,
      checklist: [{ label: 'Hydraulic hose leak-free' }, { label: 'Tyres' }],
    });
    const started = await act(c, c.t.ADMIN, wo.id, 'start');
    expect(await assetStatus(asset.id)).toBe('ACTIVE'); // an inspection without downtime
    const item = started.checklist[0]!;
    expectError(
      await patch(c.t.ADMIN, c.org.id, `/work-orders/${wo.id}/checklist/${item.id}`, {
        result: 'PASS',
        openCorrective: true,
      }),
      400,
      'VALIDATION_FAILED',
    );
    const r = await patch(c.t.ADMIN, c.org.id, `/work-orders/${wo.id}/checklist/${item.id}`, {
      result: 'FAIL',
      note: 'weeping at the coupling',
      openCorrective: true,
    });
    expectStatus(r, 200);
    const failed = ZWorkOrderDetail.parse(r.body).checklist[0]!;
    expect(failed.result).toBe('FAIL');
    const childId = failed.correctiveWorkOrderId!;
    const child = ZWorkOrderDetail.parse((await get(c.t.OWNER, c.org.id, `/work-orders/${childId}`)).body);
    expect(child).toMatchObject({
      type: 'CORRECTIVE',
      status: 'OPEN',
      parentWorkOrderId: wo.id,
      title: 'Hydraulic hose leak-free',
      description: 'weeping at the coupling',
      causesDowntime: true,
      number: wo.number + 1,
    });
    expect(child.downtimeStartedAt).not.toBeNull();
    expect(await assetStatus(asset.id)).toBe('IN_MAINTENANCE');
    // recording the result again does not open a second one
    const again = ZWorkOrderDetail.parse(
      (
        await patch(c.t.ADMIN, c.org.id, `/work-orders/${wo.id}/checklist/${item.id}`, {
          result: 'FAIL',
          openCorrective: true,
        })
      ).body,
    );
    expect(again.checklist[0]!.correctiveWorkOrderId).toBe(childId);
    expect(await h.db.workOrder.count({ where: { parentWorkOrderId: wo.id } })).toBe(1);

    await patch(c.t.ADMIN, c.org.id, `/work-orders/${wo.id}/checklist/${started.checklist[1]!.id}`, { result: 'PASS' });
    await act(c, c.t.ADMIN, wo.id, 'submit');
    await act(c, c.t.OWNER, wo.id, 'accept');
    expect(await assetStatus(asset.id)).toBe('IN_MAINTENANCE'); // the corrective order still holds it
    await act(c, c.t.ADMIN, childId, 'start');
    await act(c, c.t.ADMIN, childId, 'submit');
    await act(c, c.t.OWNER, childId, 'accept');
    expect(await assetStatus(asset.id)).toBe('ACTIVE');
  });

  it('a reported fault (CORRECTIVE) takes the machine down at once; two downtime orders: ACTIVE only after the last one ends; cancel restores too', async () => {
    const c = await setup();
    const model = await platformModel();
    const asset = await createAsset(c, model.id);
    const fault = await createWo(c, { type: 'CORRECTIVE', assetId: asset.id, title: 'Engine stalls' });
    expect(fault.causesDowntime).toBe(true);
    expect(fault.downtimeStartedAt).not.toBeNull();
    expect(await assetStatus(asset.id)).toBe('IN_MAINTENANCE');
    const service = await createWo(c, { type: 'PREVENTIVE', assetId: asset.id, causesDowntime: true });
    expect(service.downtimeStartedAt).toBeNull();
    await act(c, c.t.ADMIN, service.id, 'start');
    const cancelled = await act(c, c.t.OWNER, fault.id, 'cancel', { reason: 'reported twice' });
    expect(cancelled.downtimeEndedAt).toBe(cancelled.cancelledAt);
    expect(await assetStatus(asset.id)).toBe('IN_MAINTENANCE');
    await act(c, c.t.OWNER, service.id, 'cancel', { reason: 'postponed' });
    expect(await assetStatus(asset.id)).toBe('ACTIVE');

    // a retired machine takes no new orders
    const old = await createAsset(c, model.id);
    expectStatus(await patch(c.t.OWNER, c.org.id, `/assets/${old.id}`, { version: 1, status: 'RETIRED' }), 200);
    expectError(
      await post(c.t.OWNER, c.org.id, '/work-orders', { type: 'CORRECTIVE', assetId: old.id, title: 'x' }),
      409,
      'ASSET_UNAVAILABLE',
    );
  });

  it('create validation: plan must apply, assignee must be an active member who can work, window both-or-none', async () => {
    const c = await setup();
    const model = await platformModel();
    const a = await createAsset(c, model.id);
    const b = await createAsset(c, (await platformModel()).id);
    const planA = await createPlan(c, { assetId: a.id, intervalDays: 30 });
    const bad = (body: Record<string, unknown>) =>
      post(c.t.OWNER, c.org.id, '/work-orders', { type: 'PREVENTIVE', title: 'x', ...body });
    const pathOf = (r: { body: { error: { details: { path: string }[] } } }) => r.body.error.details.map((d) => d.path);

    let r = await bad({ assetId: b.id, planId: planA.id });
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(pathOf(r)).toEqual(['planId']);
    r = await bad({ assetId: a.id, type: 'CORRECTIVE', planId: planA.id });
    expectError(r, 400, 'VALIDATION_FAILED');
    r = await bad({ assetId: a.id, assigneeMembershipId: c.org.users.OPERATOR.membershipId });
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(pathOf(r)).toEqual(['assigneeMembershipId']);
    await h.db.membership.update({ where: { id: c.org.users.MECHANIC.membershipId }, data: { status: 'SUSPENDED' } });
    expectError(
      await bad({ assetId: a.id, assigneeMembershipId: c.org.users.MECHANIC.membershipId }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await bad({ assetId: a.id, assigneeMembershipId: randomUUID() }), 400, 'VALIDATION_FAILED');
    r = await bad({ assetId: a.id, plannedStart: isoIn(1) });
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(pathOf(r)).toEqual(['plannedEnd']);
    expectError(await bad({ assetId: a.id, plannedStart: isoIn(2), plannedEnd: isoIn(1) }), 400, 'VALIDATION_FAILED');
    expectError(await bad({ assetId: a.id, priority: 6, organizationId: c.org.id }), 400, 'VALIDATION_FAILED');
    expectError(await bad({ assetId: randomUUID() }), 404, 'NOT_FOUND');
    expect(await h.db.workOrder.count({ where: { organizationId: c.org.id } })).toBe(0);
  });
});

describe('access', () => {
  it("another org's ids are 404 on every route", async () => {
    const mine = await setup('mt-a');
    const theirs = await setup('mt-b');
    const model = await platformModel();
    const asset = await createAsset(theirs, model.id);
    const plan = await createPlan(theirs, { assetId: asset.id, intervalDays: 10 });
    const wo = await createWo(theirs, { assetId: asset.id, checklist: [{ label: 'x' }] });
    const item = wo.checklist[0]!.id;
    const o = mine.org.id;
    const t = mine.t.OWNER;
    const checks = [
      await get(t, o, `/maintenance-plans/${plan.id}`),
      await patch(t, o, `/maintenance-plans/${plan.id}`, { version: 1, name: 'x' }),
      await post(t, o, '/maintenance-plans', { assetId: asset.id, name: 'x', intervalDays: 1 }),
      await get(t, o, `/work-orders/${wo.id}`),
      await patch(t, o, `/work-orders/${wo.id}`, { version: 1, title: 'x' }),
      await post(t, o, '/work-orders', { type: 'CORRECTIVE', assetId: asset.id, title: 'x' }),
      await post(t, o, `/work-orders/${wo.id}/start`),
      await post(t, o, `/work-orders/${wo.id}/submit`),
      await post(t, o, `/work-orders/${wo.id}/accept`),
      await post(t, o, `/work-orders/${wo.id}/reject`, { reason: 'x' }),
      await post(t, o, `/work-orders/${wo.id}/cancel`, { reason: 'x' }),
      await patch(t, o, `/work-orders/${wo.id}/checklist/${item}`, { result: 'PASS' }),
      await post(t, o, `/work-orders/${wo.id}/parts`, { name: 'x', quantity: 1, unitCostMinor: '1' }),
    ];
    for (const r of checks) expectError(r, 404, 'NOT_FOUND');
    expect(ZListWorkOrdersResponse.parse((await get(t, o, `/work-orders?assetId=${asset.id}`)).body).items).toEqual([]);
    expect(ZListMaintenancePlansResponse.parse((await get(t, o, '/maintenance-plans')).body).items).toEqual([]);
    expect(await due(mine, `?planId=${plan.id}`)).toEqual([]);
    // the other org's order is untouched
    expect(await h.db.workOrder.findUniqueOrThrow({ where: { id: wo.id } })).toMatchObject({
      status: 'OPEN',
      version: 1,
    });
    // a member of B cannot even tell A's org exists
    expectError(await get(theirs.t.OWNER, o, '/work-orders'), 404, 'NOT_FOUND');
  });

  it('role matrix: VIEWER reads, OPERATOR reports a fault but cannot start, ACCOUNTANT cannot write, MECHANIC works but cannot reject', async () => {
    const c = await setup();
    const { team, asset } = await teamSetup(c);
    // operators are ASSIGNED by default and see no machines yet; on a team they see its machines
    expectStatus(
      await patch(c.t.OWNER, c.org.id, `/members/${c.org.users.OPERATOR.membershipId}`, {
        dataScope: 'TEAM',
        teamIds: [team.id],
      }),
      200,
    );
    const fault = await createWo(
      c,
      { type: 'CORRECTIVE', assetId: asset.id, title: 'Hydraulics leaking' },
      c.t.OPERATOR,
    );
    expect(fault.reportedByMembershipId).toBe(c.org.users.OPERATOR.membershipId);
    expectError(await post(c.t.OPERATOR, c.org.id, `/work-orders/${fault.id}/start`), 403, 'FORBIDDEN');
    // without maintenance.read an operator reads only what they reported
    expectStatus(await get(c.t.OPERATOR, c.org.id, `/work-orders/${fault.id}`), 200);
    expectError(await get(c.t.OPERATOR, c.org.id, '/maintenance-plans'), 403, 'FORBIDDEN');

    expectStatus(await get(c.t.VIEWER, c.org.id, `/work-orders/${fault.id}`), 200);
    expect(
      ZListWorkOrdersResponse.parse((await get(c.t.VIEWER, c.org.id, '/work-orders')).body).items.map((w) => w.id),
    ).toEqual([fault.id]);
    expectError(
      await post(c.t.VIEWER, c.org.id, '/work-orders', { type: 'CORRECTIVE', assetId: asset.id, title: 'x' }),
      403,
      'FORBIDDEN',
    );
    expectError(await post(c.t.VIEWER, c.org.id, `/work-orders/${fault.id}/start`), 403, 'FORBIDDEN');

    expectStatus(await get(c.t.ACCOUNTANT, c.org.id, `/work-orders/${fault.id}`), 200);
    expectError(
      await post(c.t.ACCOUNTANT, c.org.id, '/work-orders', { type: 'CORRECTIVE', assetId: asset.id, title: 'x' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await patch(c.t.ACCOUNTANT, c.org.id, `/work-orders/${fault.id}`, { version: 1, title: 'x' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await post(c.t.ACCOUNTANT, c.org.id, `/work-orders/${fault.id}/cancel`, { reason: 'x' }),
      403,
      'FORBIDDEN',
    );

    expectError(await post(c.t.DISPATCHER, c.org.id, `/work-orders/${fault.id}/start`), 403, 'FORBIDDEN');
    await act(c, c.t.MECHANIC, fault.id, 'start');
    expectError(
      await post(c.t.MECHANIC, c.org.id, `/work-orders/${fault.id}/reject`, { reason: 'x' }),
      403,
      'FORBIDDEN',
    );
    expect((await act(c, c.t.DISPATCHER, fault.id, 'cancel', { reason: 'false alarm' })).status).toBe('CANCELLED');
  });

  it("mechanic scope: own team's orders and orders assigned to me are visible; another team's are 404", async () => {
    const c = await setup();
    const { asset: mine } = await teamSetup(c);
    const otherTeam = ZTeam.parse((await post(c.t.OWNER, c.org.id, '/teams', { name: `other-${tag()}` })).body);
    const theirs = await createAsset(c, (await platformModel()).id, { teamId: otherTeam.id });
    const own = await createWo(c, { assetId: mine.id });
    const foreign = await createWo(c, { assetId: theirs.id });
    const lent = await createWo(c, { assetId: theirs.id, assigneeMembershipId: c.org.users.MECHANIC.membershipId });

    const list = ZListWorkOrdersResponse.parse((await get(c.t.MECHANIC, c.org.id, '/work-orders')).body);
    expect(list.items.map((w) => w.id).sort()).toEqual([own.id, lent.id].sort());
    expectStatus(await get(c.t.MECHANIC, c.org.id, `/work-orders/${own.id}`), 200);
    expectStatus(await get(c.t.MECHANIC, c.org.id, `/work-orders/${lent.id}`), 200);
    expectError(await get(c.t.MECHANIC, c.org.id, `/work-orders/${foreign.id}`), 404, 'NOT_FOUND');
    expectError(await post(c.t.MECHANIC, c.org.id, `/work-orders/${foreign.id}/start`), 404, 'NOT_FOUND');
    expectError(
      await post(c.t.MECHANIC, c.org.id, '/work-orders', { type: 'CORRECTIVE', assetId: theirs.id, title: 'x' }),
      404,
      'NOT_FOUND',
    );
    expect((await act(c, c.t.MECHANIC, lent.id, 'start')).status).toBe('IN_PROGRESS');
    // filters and pagination
    const page = ZListWorkOrdersResponse.parse((await get(c.t.OWNER, c.org.id, '/work-orders?limit=2')).body);
    expect(page.items).toHaveLength(2);
    const page2 = ZListWorkOrdersResponse.parse(
      (await get(c.t.OWNER, c.org.id, `/work-orders?limit=2&cursor=${page.nextCursor}`)).body,
    );
    expect(page2.items).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    const byStatus = ZListWorkOrdersResponse.parse(
      (await get(c.t.OWNER, c.org.id, '/work-orders?status=IN_PROGRESS')).body,
    );
    expect(byStatus.items.map((w) => w.id)).toEqual([lent.id]);
    const byAssignee = ZListWorkOrdersResponse.parse(
      (await get(c.t.OWNER, c.org.id, `/work-orders?assigneeMembershipId=${c.org.users.MECHANIC.membershipId}`)).body,
    );
    expect(byAssignee.items.map((w) => w.id)).toEqual([lent.id]);
  });
});

describe('reporters read their reports', () => {
  /** moves a machine to another team (its version may have moved on: a fault takes it down) */
  const moveAsset = async (c: Ctx, assetId: string, teamId: string) => {
    const { version } = await h.db.asset.findUniqueOrThrow({ where: { id: assetId } });
    expectStatus(await patch(c.t.OWNER, c.org.id, `/assets/${assetId}`, { version, teamId }), 200);
  };

  it('an OPERATOR (TEAM scope) still reads the fault they reported after the machine left their team; orders they did not report stay 404', async () => {
    const c = await setup();
    const { team, asset } = await teamSetup(c);
    const op = c.org.users.OPERATOR.membershipId;
    expectStatus(await patch(c.t.OWNER, c.org.id, `/members/${op}`, { dataScope: 'TEAM', teamIds: [team.id] }), 200);
    const fault = await createWo(c, { type: 'CORRECTIVE', assetId: asset.id, title: 'Gearbox noise' }, c.t.OPERATOR);
    const notMine = await createWo(
      c,
      { assetId: asset.id, title: 'Inspection the dispatcher planned' },
      c.t.DISPATCHER,
    );
    const listIds = async () =>
      ZListWorkOrdersViewResponse.parse((await get(c.t.OPERATOR, c.org.id, '/work-orders')).body).items.map(
        (w) => w.id,
      );
    // an operator has no maintenance.read: even inside their team, only their own report
    expect(await listIds()).toEqual([fault.id]);
    expectError(await get(c.t.OPERATOR, c.org.id, `/work-orders/${notMine.id}`), 404, 'NOT_FOUND');

    // the machine moves to another team: the fault is outside the operator's scope now
    const other = ZTeam.parse((await post(c.t.OWNER, c.org.id, '/teams', { name: `other-${tag()}` })).body);
    await moveAsset(c, asset.id, other.id);
    expectError(await get(c.t.OPERATOR, c.org.id, `/assets/${asset.id}`), 404, 'NOT_FOUND');
    const r = await get(c.t.OPERATOR, c.org.id, `/work-orders/${fault.id}`);
    expectStatus(r, 200);
    expect(ZWorkOrderDetailView.parse(r.body)).toMatchObject({
      id: fault.id,
      reportedByMembershipId: op,
      assetId: asset.id,
    });
    expect(await listIds()).toEqual([fault.id]);
    expectError(await get(c.t.OPERATOR, c.org.id, `/work-orders/${notMine.id}`), 404, 'NOT_FOUND');
    // reading is all: cancelling it needs the order in scope
    expectError(
      await post(c.t.OPERATOR, c.org.id, `/work-orders/${fault.id}/cancel`, { reason: 'x' }),
      404,
      'NOT_FOUND',
    );

    // another org's member who reported nothing here sees nothing of it
    const theirs = await setup();
    expectError(await get(theirs.t.OPERATOR, c.org.id, `/work-orders/${fault.id}`), 404, 'NOT_FOUND');
    expectError(await get(theirs.t.OWNER, theirs.org.id, `/work-orders/${fault.id}`), 404, 'NOT_FOUND');
  });

  it('an OPERATOR reading their report sees no cost data (no labour / parts / total cost, parts without prices); MECHANIC, ACCOUNTANT and OWNER do', async () => {
    const c = await setup();
    const { team, asset } = await teamSetup(c);
    const op = c.org.users.OPERATOR.membershipId;
    expectStatus(await patch(c.t.OWNER, c.org.id, `/members/${op}`, { dataScope: 'TEAM', teamIds: [team.id] }), 200);
    const COSTS = ['laborCostMinor', 'partsCostMinor', 'totalCostMinor'];
    const PART_COSTS = ['unitCostMinor', 'lineCostMinor'];
    const expectNoCosts = (w: Record<string, unknown>) => {
      for (const k of COSTS) expect(w, k).not.toHaveProperty(k);
      for (const p of (w.parts as Record<string, unknown>[] | undefined) ?? [])
        for (const k of PART_COSTS) expect(p, k).not.toHaveProperty(k);
    };

    const created = await post(c.t.OPERATOR, c.org.id, '/work-orders', {
      type: 'CORRECTIVE',
      assetId: asset.id,
      title: 'PTO shaft wobbles',
    });
    expectStatus(created, 201);
    expectNoCosts(created.body);
    const id = created.body.id as string;
    await act(c, c.t.MECHANIC, id, 'start');
    expectStatus(
      await post(c.t.MECHANIC, c.org.id, `/work-orders/${id}/parts`, {
        partNumber: 'U-7',
        name: 'U-joint',
        quantity: 2,
        unitCostMinor: '4250',
      }),
      201,
    );
    const { version } = await h.db.workOrder.findUniqueOrThrow({ where: { id } });
    expectStatus(
      await patch(c.t.MECHANIC, c.org.id, `/work-orders/${id}`, { version, laborCostMinor: '9000', laborHours: 1.5 }),
      200,
    );

    // the operator: the order, its checklist and parts (name, quantity), the labour hours; no money
    const mine = await get(c.t.OPERATOR, c.org.id, `/work-orders/${id}`);
    expectStatus(mine, 200);
    expectNoCosts(mine.body);
    expect(mine.body).toMatchObject({
      id,
      status: 'IN_PROGRESS',
      laborHours: 1.5,
      parts: [{ partNumber: 'U-7', name: 'U-joint', quantity: 2 }],
    });
    // a whole JSON value (number or string), never digits inside an id
    expect(JSON.stringify(mine.body)).not.toMatch(/[:,[]"?(4250|8500|9000|17500)"?[,}\]]/);
    const list = await get(c.t.OPERATOR, c.org.id, '/work-orders');
    expectStatus(list, 200);
    expect(list.body.items.map((w: { id: string }) => w.id)).toEqual([id]);
    for (const w of list.body.items) expectNoCosts(w);
    // the schema of the reduced answer is the contract's
    expect(ZListWorkOrdersViewResponse.parse(list.body).items).toHaveLength(1);

    // readers of maintenance still see every figure, in the detail and the list
    for (const role of ['MECHANIC', 'ACCOUNTANT', 'OWNER'] as const) {
      const full = ZWorkOrderDetail.parse((await get(c.t[role], c.org.id, `/work-orders/${id}`)).body);
      expect(full, role).toMatchObject({
        laborCostMinor: '9000',
        partsCostMinor: '8500',
        totalCostMinor: '17500',
        parts: [{ unitCostMinor: '4250', lineCostMinor: '8500' }],
      });
      const rows = ZListWorkOrdersResponse.parse((await get(c.t[role], c.org.id, '/work-orders')).body).items;
      expect(rows.find((w) => w.id === id)?.totalCostMinor, role).toBe('17500');
    }
  });

  it("a MECHANIC (TEAM scope, maintenance.read) reads their team's orders plus the ones they reported elsewhere, not the rest", async () => {
    const c = await setup();
    const { team, asset: moving } = await teamSetup(c);
    const otherTeam = ZTeam.parse((await post(c.t.OWNER, c.org.id, '/teams', { name: `other-${tag()}` })).body);
    const theirs = await createAsset(c, (await platformModel()).id, { teamId: otherTeam.id });
    const stays = await createAsset(c, (await platformModel()).id, { teamId: team.id });
    const left = await createWo(c, { assetId: moving.id });
    const reported = await createWo(
      c,
      { type: 'CORRECTIVE', assetId: moving.id, title: 'Reported by the mechanic' },
      c.t.MECHANIC,
    );
    const foreign = await createWo(c, { assetId: theirs.id });
    const own = await createWo(c, { assetId: stays.id });
    await moveAsset(c, moving.id, otherTeam.id);
    const list = ZListWorkOrdersResponse.parse((await get(c.t.MECHANIC, c.org.id, '/work-orders')).body);
    expect(list.items.map((w) => w.id).sort()).toEqual([reported.id, own.id].sort());
    expectStatus(await get(c.t.MECHANIC, c.org.id, `/work-orders/${reported.id}`), 200);
    expectError(await get(c.t.MECHANIC, c.org.id, `/work-orders/${left.id}`), 404, 'NOT_FOUND');
    expectError(await get(c.t.MECHANIC, c.org.id, `/work-orders/${foreign.id}`), 404, 'NOT_FOUND');
  });
});

describe('Idempotency-Key on work-order transitions', () => {
  const withKey = (c: Ctx, token: string, id: string, action: string, key: string, body: unknown = {}) =>
    call(h.base, 'POST', orgPath(c.org.id, `/work-orders/${id}/${action}`), {
      token,
      body,
      headers: { 'idempotency-key': key },
    });
  const events = (orgId: string, id: string, action: string) =>
    h.db.auditEvent.count({ where: { organizationId: orgId, entityId: id, action } });

  it('a retried start with the same key gets the first answer and starts once; another body → 422; a retried submit and accept too', async () => {
    const c = await setup();
    const { asset } = await teamSetup(c);
    const wo = await createWo(c, { assetId: asset.id, causesDowntime: true });
    const key = randomUUID();
    const first = await withKey(c, c.t.MECHANIC, wo.id, 'start', key, { version: 1 });
    expectStatus(first, 200);
    expect(ZWorkOrderDetail.parse(first.body)).toMatchObject({ status: 'IN_PROGRESS', version: 2 });
    expectReplayOf(first, await withKey(c, c.t.MECHANIC, wo.id, 'start', key, { version: 1 }));
    expect(await events(c.org.id, wo.id, 'workorder.started')).toBe(1);
    expect(
      await h.db.auditEvent.count({
        where: { organizationId: c.org.id, entityId: asset.id, action: 'asset.status_changed' },
      }),
    ).toBe(1);
    expect((await h.db.workOrder.findUniqueOrThrow({ where: { id: wo.id } })).version).toBe(2);
    // other body with that key: refused, nothing written
    expectError(await withKey(c, c.t.MECHANIC, wo.id, 'start', key, { version: 2 }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await withKey(c, c.t.MECHANIC, wo.id, 'submit', key, {}), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(ZWorkOrderDetail.parse((await get(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}`)).body)).toMatchObject({
      status: 'IN_PROGRESS',
      version: 2,
    });
    // without a key the retry is a new request: the state machine refuses it
    expectError(
      await post(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/start`, { version: 1 }),
      409,
      'INVALID_TRANSITION',
    );

    const ks = randomUUID();
    const submitted = await withKey(c, c.t.MECHANIC, wo.id, 'submit', ks, { meterHours: 120 });
    expectStatus(submitted, 200);
    expectReplayOf(submitted, await withKey(c, c.t.MECHANIC, wo.id, 'submit', ks, { meterHours: 120 }));
    expect(await h.db.meterReading.count({ where: { organizationId: c.org.id, assetId: asset.id } })).toBe(1);
    const ka = randomUUID();
    const accepted = await withKey(c, c.t.ADMIN, wo.id, 'accept', ka);
    expectStatus(accepted, 200);
    expectReplayOf(accepted, await withKey(c, c.t.ADMIN, wo.id, 'accept', ka));
    expect(await events(c.org.id, wo.id, 'workorder.submitted')).toBe(1);
    expect(await events(c.org.id, wo.id, 'workorder.accepted')).toBe(1);
  });

  it('two concurrent starts with one key: one runs, the other replays it or is told to retry', async () => {
    const c = await setup();
    const { asset } = await teamSetup(c);
    const wo = await createWo(c, { assetId: asset.id });
    const key = randomUUID();
    const results = await Promise.all([0, 1].map(() => withKey(c, c.t.MECHANIC, wo.id, 'start', key, { version: 1 })));
    const ran = expectOneRan(results, 200);
    expect(ZWorkOrderDetail.parse(ran.body).status).toBe('IN_PROGRESS');
    expect(await events(c.org.id, wo.id, 'workorder.started')).toBe(1);
    expectReplayOf(ran, await withKey(c, c.t.MECHANIC, wo.id, 'start', key, { version: 1 }));
  });
});

describe('machine bookings', () => {
  it('20 concurrent creations with overlapping windows on one machine: exactly one 201, the rest 409 BOOKING_CONFLICT; one live booking', async () => {
    const c = await setup();
    const asset = await createAsset(c, (await platformModel()).id);
    const base = Date.now() + 3 * DAY;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(c.t.DISPATCHER, c.org.id, '/work-orders', {
          type: 'PREVENTIVE',
          assetId: asset.id,
          title: `service ${i}`,
          plannedStart: new Date(base + i * 60_000).toISOString(),
          plannedEnd: new Date(base + 4 * 3_600_000 + i * 60_000).toISOString(),
        }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created, JSON.stringify(results.map((r) => [r.status, r.body?.error?.code]))).toHaveLength(1);
    const winner = ZWorkOrderDetail.parse(created[0]!.body);
    for (const r of results.filter((x) => x.status !== 201)) {
      expectError(r, 409, 'BOOKING_CONFLICT');
      expect(r.body.error.details.conflicts).toEqual([
        expect.objectContaining({
          resource: 'machine',
          resourceId: asset.id,
          kind: 'WORK_ORDER',
          workOrderId: winner.id,
        }),
      ]);
    }
    expect(await h.db.machineBooking.count({ where: { assetId: asset.id, releasedAt: null } })).toBe(1);
    expect(await h.db.workOrder.count({ where: { organizationId: c.org.id } })).toBe(1);
  });

  it('a window overlapping a job booking is 409 naming that booking; back-to-back is fine; PATCH re-books and cancel frees the slot', async () => {
    const c = await setup();
    const asset = await createAsset(c, (await platformModel()).id);
    const s = new Date(Date.now() + 5 * DAY);
    const e = new Date(s.getTime() + 8 * 3_600_000);
    const { booking, job, assignment } = await jobBooking(c, asset.id, s, e);

    const clash = await post(c.t.DISPATCHER, c.org.id, '/work-orders', {
      type: 'PREVENTIVE',
      assetId: asset.id,
      title: 'clash',
      plannedStart: new Date(e.getTime() - 3_600_000).toISOString(),
      plannedEnd: new Date(e.getTime() + 3_600_000).toISOString(),
    });
    expectError(clash, 409, 'BOOKING_CONFLICT');
    expect(clash.body.error.details.conflicts).toEqual([
      {
        resource: 'machine',
        resourceId: asset.id,
        bookingId: booking.id,
        kind: 'JOB',
        startsAt: s.toISOString(),
        endsAt: e.toISOString(),
        jobId: job.id,
        workOrderId: null,
      },
    ]);
    expect(assignment.id).toBe(booking.assignmentId);
    expect(await h.db.workOrder.count({ where: { organizationId: c.org.id } })).toBe(0);

    // [e, e+2h) touches the job's [s, e) without overlapping
    const wo = await createWo(
      c,
      {
        type: 'PREVENTIVE',
        assetId: asset.id,
        plannedStart: e.toISOString(),
        plannedEnd: new Date(e.getTime() + 2 * 3_600_000).toISOString(),
      },
      c.t.DISPATCHER,
    );
    // moving it onto the job is refused and leaves the old booking in place
    const moveBad = await patch(c.t.DISPATCHER, c.org.id, `/work-orders/${wo.id}`, {
      version: 1,
      plannedStart: s.toISOString(),
      plannedEnd: e.toISOString(),
    });
    expectError(moveBad, 409, 'BOOKING_CONFLICT');
    const live = await h.db.machineBooking.findMany({ where: { workOrderId: wo.id, releasedAt: null } });
    expect(live.map((b) => b.startsAt.toISOString())).toEqual([e.toISOString()]);
    // moving later re-books: one live booking at the new window
    const later = new Date(e.getTime() + DAY);
    const moved = await patch(c.t.DISPATCHER, c.org.id, `/work-orders/${wo.id}`, {
      version: 1,
      plannedStart: later.toISOString(),
      plannedEnd: new Date(later.getTime() + 3_600_000).toISOString(),
    });
    expectStatus(moved, 200);
    expect(ZWorkOrderDetail.parse(moved.body)).toMatchObject({ plannedStart: later.toISOString(), version: 2 });
    const after = await h.db.machineBooking.findMany({ where: { workOrderId: wo.id, releasedAt: null } });
    expect(after.map((b) => b.startsAt.toISOString())).toEqual([later.toISOString()]);
    await act(c, c.t.DISPATCHER, wo.id, 'cancel', { reason: 'not needed' });
    expect(await h.db.machineBooking.count({ where: { workOrderId: wo.id, releasedAt: null } })).toBe(0);
  });
});

describe('concurrency on one order', () => {
  it('parallel starts: one 200, the rest 409; parallel part lines all count (partsCostMinor = Σ lines)', async () => {
    const c = await setup();
    const asset = await createAsset(c, (await platformModel()).id);
    const wo = await createWo(c, { assetId: asset.id, causesDowntime: true });
    const starts = await Promise.all(
      Array.from({ length: 6 }, () => post(c.t.ADMIN, c.org.id, `/work-orders/${wo.id}/start`, { version: 1 })),
    );
    expect(starts.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of starts.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(['INVALID_TRANSITION', 'VERSION_CONFLICT']).toContain(r.body.error.code);
    }
    expect(await assetStatus(asset.id)).toBe('IN_MAINTENANCE');
    expect(await h.db.auditEvent.count({ where: { entityId: wo.id, action: 'workorder.started' } })).toBe(1);

    // 10 lines of 0.333 × 1001 fen = 333.333 → 333 each
    const adds = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(c.t.ADMIN, c.org.id, `/work-orders/${wo.id}/parts`, {
          name: `p${i}`,
          quantity: 0.333,
          unitCostMinor: '1001',
        }),
      ),
    );
    for (const r of adds) expectStatus(r, 201);
    const detail = ZWorkOrderDetail.parse((await get(c.t.OWNER, c.org.id, `/work-orders/${wo.id}`)).body);
    expect(detail.parts).toHaveLength(10);
    expect(detail.parts.every((p) => p.lineCostMinor === '333')).toBe(true);
    expect(detail.partsCostMinor).toBe('3330');
    expect(detail.version).toBe(12);
  });

  it('parallel creates on different machines get distinct running numbers (max + 1 under a per-org lock)', async () => {
    const c = await setup();
    const model = await platformModel();
    const assets = await Promise.all(Array.from({ length: 8 }, () => createAsset(c, model.id)));
    // a 503 (the database too busy to start the transaction in time: nothing saved) is retried as a client
    // would; the numbering under concurrency is what is tested, not the machine's load
    const create = async (assetId: string) => {
      for (let attempt = 1; ; attempt++) {
        const r = await post(c.t.OWNER, c.org.id, '/work-orders', { type: 'CORRECTIVE', assetId, title: 'fault' });
        if (r.status !== 503 || attempt === 5) return r;
        await new Promise((res) => setTimeout(res, 500 * attempt));
      }
    };
    const results = await Promise.all(assets.map((a) => create(a.id)));
    for (const r of results) expectStatus(r, 201);
    expect(results.map((r) => ZWorkOrderDetail.parse(r.body).number).sort((x, y) => x - y)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });
});

describe('idempotency and OpenAPI', () => {
  it('a retried create with the same Idempotency-Key returns the first order, not a second one', async () => {
    const c = await setup();
    const asset = await createAsset(c, (await platformModel()).id);
    const key = `wo-${randomUUID()}`;
    const body = { type: 'CORRECTIVE', assetId: asset.id, title: 'Flat tyre' };
    const send = () =>
      call(h.base, 'POST', orgPath(c.org.id, '/work-orders'), {
        token: c.t.OWNER,
        body,
        headers: { 'idempotency-key': key },
      });
    const r1 = await send();
    const r2 = await send();
    expectStatus(r1, 201);
    expectStatus(r2, 201);
    expect(r2.body.id).toBe(r1.body.id);
    expect(await h.db.workOrder.count({ where: { organizationId: c.org.id } })).toBe(1);
  });

  it('documents the maintenance routes with their request and response schemas', async () => {
    const doc = (await call(h.base, 'GET', '/api/docs-json')).body;
    const base = '/api/v1/orgs/{orgId}/work-orders';
    const create = doc.paths[base].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['type', 'assetId', 'title']),
    );
    // the full order, or the order without costs (a caller without maintenance.read)
    const [full, reduced] = create.responses['201'].content['application/json'].schema.anyOf;
    expect(full.properties.partsCostMinor.type).toBe('string');
    expect(reduced.properties.partsCostMinor).toBeUndefined();
    expect(reduced.properties.parts.items.properties.unitCostMinor).toBeUndefined();
    for (const action of ['start', 'submit', 'accept', 'reject', 'cancel', 'parts'])
      expect(doc.paths[`${base}/{id}/${action}`]?.post, action).toBeDefined();
    expect(doc.paths[`${base}/{id}/checklist/{itemId}`]?.patch).toBeDefined();
    expect(doc.paths['/api/v1/orgs/{orgId}/maintenance/due'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/v1/orgs/{orgId}/maintenance-plans/{id}'].patch).toBeDefined();
  });
});
