import { describe, expect, it } from 'vitest';
import { ZListNotificationsResponse, ZNotification, type TNotification } from '@amms/contracts/notifications';
import type { TRole } from '@amms/contracts/permissions';
import { NotificationFanout } from '../src/notifications/notification-fanout.js';
import { createOrg, login } from './harness.js';
import {
  appForFile,
  jobOnTractor,
  machineRow,
  orgApi,
  submittedDieselCost,
  orgWorld,
  tag,
  type OrgWorld,
} from './support/world.js';
import { expectError, expectStatus } from './assertions.js';

/**
 * In-app notifications (issue #12): recipients from the domain events the changes write (the
 * webhook module's events + a `notification.fanout` outbox row in the same transaction). The
 * worker runs NotificationFanout for each such row; here the test runs the same code for the
 * org's pending rows (no BullMQ in between), on the real database.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const h = appForFile();

const { get, post } = orgApi(() => h);

type Ctx = OrgWorld;

/** Runs the fan-out of every undispatched notification row of the org (what the worker does), twice: the second adds nothing. */
async function fanOut(orgId: string): Promise<number> {
  const rows = await h.db.outboxEvent.findMany({
    where: { organizationId: orgId, name: 'notification.fanout', dispatchedAt: null },
    orderBy: { createdAt: 'asc' },
  });
  const fanout = h.app.get(NotificationFanout);
  let created = 0;
  for (const row of rows) {
    const p = row.payload as { organizationId: string; eventId: string; actorMembershipId?: string };
    created += (await fanout.fanout(p.organizationId, p.eventId, p.actorMembershipId)).created;
    expect((await fanout.fanout(p.organizationId, p.eventId, p.actorMembershipId)).created).toBe(0);
    await h.db.outboxEvent.update({ where: { id: row.id }, data: { dispatchedAt: new Date() } });
  }
  return created;
}

async function mine(c: Ctx, role: TRole, query = ''): Promise<{ items: TNotification[]; unreadCount: number }> {
  const r = await get(c.t[role], c.org.id, `/notifications${query}`);
  expectStatus(r, 200);
  return ZListNotificationsResponse.parse(r.body);
}
const kinds = async (c: Ctx, role: TRole) => (await mine(c, role)).items.map((n) => `${n.type} ${n.reason}`);

async function setup(): Promise<Ctx & { tractor: string }> {
  const c = await orgWorld(h, 'nt');
  return { ...c, tractor: await machineRow(h.db, c.org.id, `Tractor ${tag()}`, { name: 'P' }) };
}

describe('notifications: who is told', () => {
  it('work orders: the assignee on assignment; those who may accept (in scope, not the mechanic) on submit; reporter + assignee on acceptance', async () => {
    const c = await setup();
    // the ADMIN works under TEAM scope without teams: they may accept orders but cannot read this one
    await h.db.membership.update({ where: { id: c.org.users.ADMIN.membershipId }, data: { dataScope: 'TEAM' } });
    const r = await post(c.t.DISPATCHER, c.org.id, '/work-orders', {
      type: 'CORRECTIVE',
      assetId: c.tractor,
      title: 'Hydraulic leak',
      assigneeMembershipId: c.org.users.MECHANIC.membershipId,
    });
    expectStatus(r, 201);
    const wo = r.body as { id: string; version: number; number: number };
    await fanOut(c.org.id);
    const assigned = await mine(c, 'MECHANIC');
    expect(assigned.unreadCount).toBe(1);
    expect(assigned.items).toEqual([
      expect.objectContaining({
        type: 'work_order.assigned',
        reason: 'ASSIGNEE',
        resourceType: 'work_order',
        resourceId: wo.id,
        title: 'WO-000001 Hydraulic leak',
        readAt: null,
      }),
    ]);
    // the dispatcher acted: not told about their own action
    expect(await kinds(c, 'DISPATCHER')).toEqual([]);

    const started = await post(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/start`, {});
    expectStatus(started, 200);
    expectStatus(await post(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/submit`, {}), 200);
    await fanOut(c.org.id);
    expect(await kinds(c, 'OWNER')).toEqual(['work_order.submitted ACCEPTOR']);
    expect(await kinds(c, 'ADMIN')).toEqual([]); // may accept, may not read the order
    expect(await kinds(c, 'MECHANIC')).toEqual(['work_order.assigned ASSIGNEE']); // the submitter may not accept
    expect(await kinds(c, 'ACCOUNTANT')).toEqual([]);

    expectStatus(await post(c.t.OWNER, c.org.id, `/work-orders/${wo.id}/accept`, {}), 200);
    await fanOut(c.org.id);
    expect(await kinds(c, 'DISPATCHER')).toEqual(['work_order.accepted REPORTER']);
    expect((await kinds(c, 'MECHANIC'))[0]).toBe('work_order.accepted ASSIGNEE');
  }, 60_000);

  it('cost documents: approvers (not the creator) on submit; the creator on approval / rejection', async () => {
    const c = await setup();
    const doc = await submittedDieselCost(h, c);
    await fanOut(c.org.id);
    expect(await kinds(c, 'OWNER')).toEqual(['cost_document.submitted APPROVER']);
    expect(await kinds(c, 'ADMIN')).toEqual(['cost_document.submitted APPROVER']);
    expect(await kinds(c, 'ACCOUNTANT')).toEqual([]); // created and submitted it: may not approve
    expect(await kinds(c, 'DISPATCHER')).toEqual([]); // no cost.read
    expect((await mine(c, 'OWNER')).items[0]!.title).toBe(`CD-${String(doc.number).padStart(6, '0')} Diesel`);

    expectStatus(await post(c.t.OWNER, c.org.id, `/cost-documents/${doc.id}/reject`, { reason: 'wrong price' }), 200);
    await fanOut(c.org.id);
    expect(await kinds(c, 'ACCOUNTANT')).toEqual(['cost_document.rejected CREATOR']);
  }, 60_000);

  it('a machine going down: the operator and the dispatcher of its scheduled jobs, with the jobs', async () => {
    const c = await setup();
    const field = await post(c.t.OWNER, c.org.id, '/fields', { name: `F ${tag()}`, areaHa: 5 });
    expectStatus(field, 201);
    // a booking still ahead of "now" whenever this runs (only bookings not yet over are affected):
    // a fixed date would stop being told once it has passed
    const day = Math.floor(Date.now() / DAY) * DAY + 30 * DAY;
    const iso = (t: number) => new Date(t).toISOString();
    const { id: jobId } = await jobOnTractor(
      h,
      c,
      c.tractor,
      {
        fieldId: (field.body as { id: string }).id,
        estimatedHours: 4,
        windowStart: iso(day),
        windowEnd: iso(day + DAY),
      },
      { startsAt: iso(day + 8 * HOUR), endsAt: iso(day + 12 * HOUR) },
    );
    await fanOut(c.org.id);
    // the mechanic (whole-org scope here) reports the breakdown: the machine is down from the report
    await h.db.membership.update({ where: { id: c.org.users.MECHANIC.membershipId }, data: { dataScope: 'ORG' } });
    expectStatus(
      await post(c.t.MECHANIC, c.org.id, '/work-orders', { type: 'CORRECTIVE', assetId: c.tractor, title: 'Engine' }),
      201,
    );
    await fanOut(c.org.id);
    const op = await mine(c, 'OPERATOR');
    expect(op.items).toEqual([
      expect.objectContaining({
        type: 'asset.status_changed',
        reason: 'OPERATOR',
        resourceId: c.tractor,
        jobIds: [jobId],
      }),
    ]);
    expect((await mine(c, 'DISPATCHER')).items).toEqual([
      expect.objectContaining({ type: 'asset.status_changed', reason: 'DISPATCHER', jobIds: [jobId] }),
    ]);
    expect(await kinds(c, 'MECHANIC')).toEqual([]); // the reporter acted
    expect(await kinds(c, 'VIEWER')).toEqual([]);
  }, 60_000);
});

describe('notifications: reading them', () => {
  it('pages newest first with the unread count; read one (once), read all; another member’s or org’s → 404', async () => {
    const c = await setup();
    // three assignments to the mechanic, one by one
    for (const title of ['one', 'two', 'three']) {
      expectStatus(
        await post(c.t.DISPATCHER, c.org.id, '/work-orders', {
          type: 'INSPECTION',
          assetId: c.tractor,
          title,
          assigneeMembershipId: c.org.users.MECHANIC.membershipId,
        }),
        201,
      );
      await fanOut(c.org.id);
    }
    const page1 = await mine(c, 'MECHANIC', '?limit=2');
    expect(page1.unreadCount).toBe(3);
    expect(page1.items.map((n) => n.title)).toEqual(['WO-000003 three', 'WO-000002 two']);
    const raw = await get(c.t.MECHANIC, c.org.id, '/notifications?limit=2');
    const cursor = (raw.body as { nextCursor: string }).nextCursor;
    const page2 = await mine(c, 'MECHANIC', `?limit=2&cursor=${cursor}`);
    expect(page2.items.map((n) => n.title)).toEqual(['WO-000001 one']);
    expectError(await get(c.t.MECHANIC, c.org.id, '/notifications?cursor=garbage'), 400, 'VALIDATION_FAILED');

    const first = page1.items[0]!;
    const read = await post(c.t.MECHANIC, c.org.id, `/notifications/${first.id}/read`);
    expectStatus(read, 200);
    const readAt = ZNotification.parse(read.body).readAt;
    expect(readAt).not.toBeNull();
    // a second read keeps the first time
    expect(
      ZNotification.parse((await post(c.t.MECHANIC, c.org.id, `/notifications/${first.id}/read`)).body).readAt,
    ).toBe(readAt);
    expect((await mine(c, 'MECHANIC')).unreadCount).toBe(2);
    expect((await mine(c, 'MECHANIC', '?unread=true')).items.map((n) => n.title)).toEqual([
      'WO-000002 two',
      'WO-000001 one',
    ]);
    // someone else's notification: as missing as another org's
    expectError(await post(c.t.OWNER, c.org.id, `/notifications/${first.id}/read`), 404, 'NOT_FOUND');
    const other = await createOrg(h.db, 'nt-other');
    const stranger = (await login(h.base, other.users.OWNER.email)).accessToken;
    expectError(await post(stranger, other.id, `/notifications/${first.id}/read`), 404, 'NOT_FOUND');
    expectError(await post(stranger, c.org.id, `/notifications/${first.id}/read`), 404, 'NOT_FOUND');

    const all = await post(c.t.MECHANIC, c.org.id, '/notifications/read-all');
    expectStatus(all, 200);
    expect(all.body).toEqual({ updated: 2, unreadCount: 0 });
    expect((await mine(c, 'MECHANIC')).unreadCount).toBe(0);
  }, 60_000);
});
