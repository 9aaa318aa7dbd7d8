import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@amms/db';
import { ZAgentRun, ZDraftDetail, ZExecution } from '@amms/contracts/drafts';
import type { TRole } from '@amms/contracts/permissions';
import { WorkOrdersService } from '../src/maintenance/work-orders.service.js';
import { memberContext } from '../src/tenancy/member-context.js';
import { loadMember } from '../src/tenancy/memberships.repository.js';
import { createOrg, type Harness, type TestOrg } from './harness.js';
import { assetRow, combineModel, meterRow } from './support/world.js';
import { expectError, expectStatus, loginAll } from './assertions.js';
import { executionsApi } from './support/executions.js';
import { workerEnvForFile } from './support/worker-env.js';

/**
 * MAINTENANCE drafts end to end: "安排未来两周到期的保养" → work-order items in free working
 * windows → confirm → execute in the REAL worker (support/worker-env.ts: own database and
 * redis-server), as executions.e2e does for schedules.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TZ_OFFSET = 8 * HOUR; // Asia/Shanghai, the org default

const env = workerEnvForFile({ suffix: 'maint' });
let h: Harness;
let db: PrismaClient;
// the file's tests read the running env's app and database by these names
beforeAll(() => {
  ({ h, db } = env);
});
const { get, post, confirm, finished } = executionsApi(env);

/** Local (Asia/Shanghai) midnight of today + `days`, as an instant. */
const localDay = (days: number) => Math.floor((Date.now() + TZ_OFFSET) / DAY) * DAY - TZ_OFFSET + days * DAY;
const localHour = (t: number) => new Date(t + TZ_OFFSET).getUTCHours() + new Date(t + TZ_OFFSET).getUTCMinutes() / 60;

interface World {
  org: TestOrg;
  t: Record<TRole, string>;
  /** [most overdue (blocked by a booking), less overdue] */
  machines: string[];
  planId: string;
  /** the booking that blocks the most overdue machine until tomorrow 19:00 local */
  blocker: { start: number; end: number };
}

/**
 * A plan every 250 h (3 h service) on a model with two machines past due (520 h and 300 h), and
 * a work order booking the more overdue one from now until tomorrow 19:00 local: its first free
 * slot is the day after tomorrow 07:00.
 */
async function world(): Promise<World> {
  const org = await createOrg(db, 'maint');
  const t = await loginAll(h.base, org);
  const model = await combineModel(db, org.id);
  const machines: string[] = [];
  for (const [i, hours] of [520, 300].entries()) {
    const a = await assetRow(db, org.id, model.id, `收割机${i + 1}`);
    await meterRow(db, org.id, a, hours);
    machines.push(a);
  }
  const plan = await post(t.OWNER, org.id, '/maintenance-plans', {
    modelId: model.id,
    name: '250小时保养',
    intervalHours: 250,
    estimatedHours: 3,
    checklist: [{ label: '更换机油' }],
  });
  expectStatus(plan, 201);
  const blocker = { start: Math.floor(Date.now() / HOUR) * HOUR, end: localDay(1) + 19 * HOUR };
  const wo = await post(t.OWNER, org.id, '/work-orders', {
    type: 'PREVENTIVE',
    assetId: machines[0],
    title: '其他检修',
    plannedStart: new Date(blocker.start).toISOString(),
    plannedEnd: new Date(blocker.end).toISOString(),
  });
  expectStatus(wo, 201);
  return { org, t, machines, planId: plan.body.id, blocker };
}

const GOAL = '安排未来两周到期的保养';

/**
 * Planning rounds "now" up to the half hour (planningNow) and the free machine's service starts
 * then: two runs compared for the same hash must not fall either side of a :00 or :30.
 */
async function clearOfHalfHour(marginMs = 15_000) {
  const step = 30 * 60_000;
  const left = step - (Date.now() % step);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 500));
}

describe('agent: MAINTENANCE drafts and their execution', () => {
  it('plans one PREVENTIVE work order per due machine in free working windows; same goal → same hash; confirm → execute → work orders OPEN and booked; executing again → same execution, no duplicates', async () => {
    const w = await world();
    await clearOfHalfHour();
    const run = await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: GOAL });
    expectStatus(run, 201);
    const r = ZAgentRun.parse(run.body);
    expect(r.status).toBe('COMPLETED');
    expect(r.constraints?.intent).toBe('PLAN_MAINTENANCE');
    expect(r.steps.filter((s) => s.kind === 'tool').map((s) => s.tool)).toEqual([
      'known_names',
      'maintenance_due',
      'candidate_machines',
      'bookings',
      // the workshop (mechanics and their load) and the parts each service needs
      'mechanics',
      'service_parts',
    ]);
    const draft = r.draft!;
    expect(draft.items).toEqual([]);
    expect(draft.validation).toMatchObject({ ok: true, violations: [] });
    expect(draft.unplacedWorkOrders).toEqual([]);
    const items = draft.workOrderItems;
    // most overdue first: machine 1 (520 h) before machine 2 (300 h)
    expect(items.map((i) => i.assetId)).toEqual(w.machines);
    for (const i of items) {
      expect(i).toMatchObject({ kind: 'WORK_ORDER', planId: w.planId, title: '250小时保养', dueStatus: 'OVERDUE' });
      expect(Date.parse(i.plannedEnd) - Date.parse(i.plannedStart)).toBe(3 * HOUR);
      expect(localHour(Date.parse(i.plannedStart))).toBeGreaterThanOrEqual(7);
      expect(localHour(Date.parse(i.plannedEnd))).toBeLessThanOrEqual(19);
      expect(Date.parse(i.plannedStart)).toBeGreaterThanOrEqual(Date.now() - 30 * 60_000);
    }
    // the blocked machine: after its booking, i.e. the day after tomorrow at 07:00 local
    expect(Date.parse(items[0]!.plannedStart)).toBe(localDay(2) + 7 * HOUR);
    expect(Date.parse(items[0]!.plannedStart)).toBeGreaterThanOrEqual(w.blocker.end);
    // the free machine gets the earliest working slot (today if time is left, else tomorrow 07:00)
    expect(Date.parse(items[1]!.plannedStart)).toBeLessThan(Date.parse(items[0]!.plannedStart));

    const d = await get(w.t.DISPATCHER, w.org.id, `/drafts/${draft.id}`);
    expectStatus(d, 200);
    expect(ZDraftDetail.parse(d.body)).toMatchObject({ kind: 'MAINTENANCE', currentVersion: 1 });

    // the same goal again (same facts) → the same content hash
    const again = ZAgentRun.parse((await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: GOAL })).body);
    expect(again.draft!.contentHash).toBe(draft.contentHash);
    expect(again.draft!.id).not.toBe(draft.id);

    await confirm(w.t.DISPATCHER, w.org.id, draft.id, 1, draft.contentHash);
    const ex = await post(w.t.DISPATCHER, w.org.id, `/drafts/${draft.id}/execute`, { version: 1 });
    expectStatus(ex, 202);
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(ex.body).id);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.counts).toEqual({ succeeded: 2, conflict: 0, failed: 0, pending: 0 });
    expect(done.receipts.map((x) => [x.itemKey, x.status, x.recordType])).toEqual(
      items.map((i) => [i.itemKey, 'SUCCEEDED', 'work_order']),
    );

    for (const [k, i] of items.entries()) {
      const wo = await db.workOrder.findFirstOrThrow({
        where: { organizationId: w.org.id, id: done.receipts[k]!.recordId! },
        include: { checklistItems: true },
      });
      expect(wo).toMatchObject({
        type: 'PREVENTIVE',
        status: 'OPEN',
        planId: w.planId,
        assetId: i.assetId,
        title: '250小时保养',
        itemKey: i.itemKey,
      });
      expect(wo.plannedStart?.toISOString()).toBe(i.plannedStart);
      expect(wo.plannedEnd?.toISOString()).toBe(i.plannedEnd);
      expect(wo.checklistItems.map((c) => c.label)).toEqual(['更换机油']);
      const booking = await db.machineBooking.findFirstOrThrow({
        where: { organizationId: w.org.id, workOrderId: wo.id, releasedAt: null },
      });
      expect([booking.assetId, booking.startsAt.toISOString(), booking.endsAt.toISOString()]).toEqual([
        i.assetId,
        i.plannedStart,
        i.plannedEnd,
      ]);
    }
    const count = () => db.workOrder.count({ where: { organizationId: w.org.id, planId: w.planId } });
    expect(await count()).toBe(2);

    // executing the same version again → the same execution, no new work orders
    const repeat = await post(w.t.DISPATCHER, w.org.id, `/drafts/${draft.id}/execute`, { version: 1 });
    expectStatus(repeat, 200);
    expect(ZExecution.parse(repeat.body).id).toBe(done.id);
    expect(await count()).toBe(2);

    // the due list now shows the open orders: a new run plans nothing
    const after = ZAgentRun.parse((await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: GOAL })).body);
    expect(after.status).toBe('COMPLETED');
    expect(after.draft).toBeNull();

    // the audit trail of the draft ends with one receipt per item and the finish
    const trail = await get(w.t.OWNER, w.org.id, `/audit-events?entityType=draft&entityId=${draft.id}&limit=200`);
    expectStatus(trail, 200);
    const actions = (trail.body.items as { action: string }[]).map((e) => e.action);
    expect(actions.filter((a) => a === 'execution.receipt')).toHaveLength(2);
    expect(actions).toContain('draft.confirmed');
  }, 60_000);

  it('a window booked by someone else between confirmation and execution → that item CONFLICT, the other SUCCEEDED (PARTIAL)', async () => {
    const w = await world();
    const r = ZAgentRun.parse((await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: GOAL })).body);
    const draft = r.draft!;
    expect(draft.workOrderItems).toHaveLength(2);
    await confirm(w.t.DISPATCHER, w.org.id, draft.id, 1, draft.contentHash);
    const taken = draft.workOrderItems[1]!;
    expectStatus(
      await post(w.t.OWNER, w.org.id, '/work-orders', {
        type: 'PREVENTIVE',
        assetId: taken.assetId,
        title: '抢先占用',
        plannedStart: taken.plannedStart,
        plannedEnd: taken.plannedEnd,
      }),
      201,
    );

    const ex = await post(w.t.DISPATCHER, w.org.id, `/drafts/${draft.id}/execute`, { version: 1 });
    expectStatus(ex, 202);
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(ex.body).id);
    expect(done.status).toBe('PARTIAL');
    expect(done.receipts.map((x) => x.status)).toEqual(['SUCCEEDED', 'CONFLICT']);
    expect(done.receipts[1]!.detail).toMatchObject({ code: 'BOOKING_CONFLICT' });
    expect(await db.workOrder.count({ where: { organizationId: w.org.id, planId: w.planId } })).toBe(1);
  }, 60_000);

  it('20 concurrent executes of a maintenance draft → one execution, one work order per item', async () => {
    const w = await world();
    const r = ZAgentRun.parse((await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: GOAL })).body);
    const draft = r.draft!;
    await confirm(w.t.DISPATCHER, w.org.id, draft.id, 1, draft.contentHash);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(w.t.DISPATCHER, w.org.id, `/drafts/${draft.id}/execute`, { version: 1 })),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    expect(answers.every((a) => a.status === 202 || a.status === 200)).toBe(true);
    const ids = new Set(answers.map((a) => ZExecution.parse(a.body).id));
    expect(ids.size).toBe(1);
    const done = await finished(w.t.DISPATCHER, w.org.id, [...ids][0]!);
    expect(done.status).toBe('SUCCEEDED');
    expect(await db.workOrder.count({ where: { organizationId: w.org.id, planId: w.planId } })).toBe(2);
  }, 60_000);

  it('create with an itemKey is idempotent: 10 concurrent creates → one work order; an order left by a killed run is reused by the execution (no duplicate)', async () => {
    const w = await world();
    const r = ZAgentRun.parse((await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: GOAL })).body);
    const draft = r.draft!;
    const it0 = draft.workOrderItems[0]!;
    const m = (await loadMember(db, w.org.id, w.org.users.DISPATCHER.membershipId))!;
    const ctx = memberContext(
      w.org.id,
      { kind: 'USER', userId: w.org.users.DISPATCHER.id, sessionId: randomUUID(), isPlatformAdmin: false },
      m,
      'test',
    );
    const input = {
      type: 'PREVENTIVE' as const,
      assetId: it0.assetId,
      planId: it0.planId,
      title: it0.title,
      plannedStart: it0.plannedStart,
      plannedEnd: it0.plannedEnd,
      priority: 3,
    };
    // what a killed run leaves behind: item 0 written under its key (here 10 times at once), no receipt
    const made = await Promise.all(
      Array.from({ length: 10 }, () => h.app.get(WorkOrdersService).create(ctx, input, { itemKey: it0.itemKey })),
    );
    expect(new Set(made.map((x) => x.id)).size).toBe(1);

    await confirm(w.t.DISPATCHER, w.org.id, draft.id, 1, draft.contentHash);
    const ex = await post(w.t.DISPATCHER, w.org.id, `/drafts/${draft.id}/execute`, { version: 1 });
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(ex.body).id);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.receipts[0]!.recordId).toBe(made[0]!.id);
    expect(await db.workOrder.count({ where: { organizationId: w.org.id, planId: w.planId } })).toBe(2);
    expect(
      await db.machineBooking.count({
        where: { organizationId: w.org.id, workOrderId: made[0]!.id, releasedAt: null },
      }),
    ).toBe(1);
  }, 60_000);

  it('editing a maintenance draft: move one window, drop the other → version 2 re-validated (diff, unplaced REMOVED_BY_EDIT); a window on a booked slot is a MACHINE_BUSY violation (stored, not confirmable); job items are refused; v2 executes with the moved window', async () => {
    const w = await world();
    const draft = ZAgentRun.parse((await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: GOAL })).body).draft!;
    const [a, b] = draft.workOrderItems;
    const edit = (basedOnVersion: number, workOrderItems: unknown[], extra: Record<string, unknown> = {}) =>
      post(
        w.t.DISPATCHER,
        w.org.id,
        `/drafts/${draft.id}/versions`,
        { basedOnVersion, workOrderItems, ...extra },
        null,
      );

    // job items on a MAINTENANCE draft: 400 naming the field; nothing stored
    const wrong = await post(
      w.t.DISPATCHER,
      w.org.id,
      `/drafts/${draft.id}/versions`,
      {
        basedOnVersion: 1,
        items: [
          {
            jobId: randomUUID(),
            primaryAssetId: a!.assetId,
            operatorMembershipId: w.org.users.OPERATOR.membershipId,
            startsAt: a!.plannedStart,
            endsAt: a!.plannedEnd,
          },
        ],
      },
      null,
    );
    expectError(wrong, 400, 'VALIDATION_FAILED');
    expect(wrong.body.error.details).toEqual([expect.objectContaining({ path: 'items' })]);

    // move machine 1's service onto its blocker (booked): stored as version 2 with a MACHINE_BUSY violation
    const onBlocker = {
      planId: a!.planId,
      assetId: a!.assetId,
      plannedStart: new Date(w.blocker.end - 3 * HOUR).toISOString(),
      plannedEnd: new Date(w.blocker.end).toISOString(),
    };
    const v2 = await edit(1, [
      onBlocker,
      { planId: b!.planId, assetId: b!.assetId, plannedStart: b!.plannedStart, plannedEnd: b!.plannedEnd },
    ]);
    expectStatus(v2, 201);
    const d2 = ZDraftDetail.parse(v2.body);
    expect(d2.currentVersion).toBe(2);
    expect(d2.versions[0]!.validation.violations).toEqual([
      expect.objectContaining({ itemIndex: 0, code: 'MACHINE_BUSY', assetId: a!.assetId }),
    ]);
    expectError(
      await post(
        w.t.DISPATCHER,
        w.org.id,
        `/drafts/${draft.id}/confirm`,
        { version: 2, contentHash: d2.versions[0]!.contentHash },
        null,
      ),
      422,
      'DRAFT_INVALID',
    );
    // a stale base version → 409
    expectError(await edit(1, []), 409, 'DRAFT_STALE');

    // version 3: machine 1 one day later than planned, machine 2 dropped
    const moved = {
      planId: a!.planId,
      assetId: a!.assetId,
      plannedStart: new Date(Date.parse(a!.plannedStart) + DAY).toISOString(),
      plannedEnd: new Date(Date.parse(a!.plannedEnd) + DAY).toISOString(),
    };
    const v3 = await edit(2, [moved], { note: '一号机推迟一天，二号机下次再说' });
    expectStatus(v3, 201);
    const d3 = ZDraftDetail.parse(v3.body);
    const ver3 = d3.versions[0]!;
    expect(ver3).toMatchObject({
      version: 3,
      basedOnVersion: 2,
      note: '一号机推迟一天，二号机下次再说',
      validation: { ok: true, violations: [] },
    });
    expect(ver3.workOrderItems).toEqual([
      expect.objectContaining({
        kind: 'WORK_ORDER',
        title: '250小时保养',
        dueStatus: 'OVERDUE',
        assetName: '收割机1',
        ...moved,
      }),
    ]);
    expect(ver3.workOrderItems[0]!.itemKey).not.toBe(a!.itemKey);
    expect(ver3.unplacedWorkOrders).toEqual([
      expect.objectContaining({ assetId: b!.assetId, reason: 'REMOVED_BY_EDIT' }),
    ]);
    const trail = await get(w.t.OWNER, w.org.id, `/audit-events?entityType=draft&entityId=${draft.id}&limit=200`);
    const created = (trail.body.items as { action: string; data: { version?: number; diff?: unknown } }[]).filter(
      (e) => e.action === 'draft.version_created',
    );
    expect(created.find((e) => e.data.version === 3)!.data.diff).toEqual({
      added: [],
      removed: [`${b!.planId}:${b!.assetId}`],
      changed: [`${a!.planId}:${a!.assetId}`],
    });

    await confirm(w.t.DISPATCHER, w.org.id, draft.id, 3, ver3.contentHash);
    const ex = await post(w.t.DISPATCHER, w.org.id, `/drafts/${draft.id}/execute`, { version: 3 });
    expectStatus(ex, 202);
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(ex.body).id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', counts: { succeeded: 1, conflict: 0, failed: 0, pending: 0 } });
    const wo = await db.workOrder.findFirstOrThrow({
      where: { organizationId: w.org.id, id: done.receipts[0]!.recordId! },
    });
    expect([wo.assetId, wo.plannedStart?.toISOString(), wo.plannedEnd?.toISOString()]).toEqual([
      moved.assetId,
      moved.plannedStart,
      moved.plannedEnd,
    ]);
    expect(await db.workOrder.count({ where: { organizationId: w.org.id, planId: w.planId } })).toBe(1);
  }, 60_000);

  it('a maintenance goal with nothing due → COMPLETED without a draft', async () => {
    const org = await createOrg(db, 'maint-none');
    const t = await loginAll(h.base, org);
    const r = ZAgentRun.parse(
      (await post(t.DISPATCHER, org.id, '/agent/runs', { goal: 'plan the maintenance due in the next two weeks' }))
        .body,
    );
    expect(r).toMatchObject({ status: 'COMPLETED', draft: null });
    expect(r.message).toMatch(/No maintenance to plan/);
  }, 30_000);
});
