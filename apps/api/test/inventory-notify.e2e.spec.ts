// The store keepers are told (#29): a movement that takes a part to its reorder point, and a purchase
// draft the agent wrote, notify in the app every other member who keeps the stores (inventory.write),
// through the same domain events and fan-out as every notification (worker: notification.fanout).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZListNotificationsResponse, type TNotification } from '@amms/contracts/notifications';
import type { TRole } from '@amms/contracts/permissions';
import { NotificationFanout } from '../src/notifications/notification-fanout.js';
import { appForFile, orgApi, orgWorld, tag, type OrgWorld } from './support/world.js';
import { expectStatus } from './assertions.js';
import { FakePushService } from './support/fake-push-service.js';

const h = appForFile({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
const push = new FakePushService();
beforeAll(() => push.start());
afterAll(() => push.close());
const { get, post, put } = orgApi(() => h);

/** What the worker does with the org's pending `notification.fanout` rows (twice: the second adds nothing). */
async function fanOut(orgId: string): Promise<void> {
  const rows = await h.db.outboxEvent.findMany({
    where: { organizationId: orgId, name: 'notification.fanout', dispatchedAt: null },
    orderBy: { createdAt: 'asc' },
  });
  const fanout = h.app.get(NotificationFanout);
  for (const row of rows) {
    const p = row.payload as { organizationId: string; eventId: string; actorMembershipId?: string };
    await fanout.fanout(p.organizationId, p.eventId, p.actorMembershipId);
    expect((await fanout.fanout(p.organizationId, p.eventId, p.actorMembershipId)).created).toBe(0);
    await h.db.outboxEvent.update({ where: { id: row.id }, data: { dispatchedAt: new Date() } });
  }
}

async function told(w: OrgWorld, role: TRole): Promise<TNotification[]> {
  const r = await get(w.t[role], w.org.id, '/notifications');
  expectStatus(r, 200);
  return ZListNotificationsResponse.parse(r.body).items;
}

async function store(label: string) {
  const w = await orgWorld(h, label);
  const loc = await post(w.t.OWNER, w.org.id, '/stock-locations', { name: '总库', kind: 'STORE' });
  expectStatus(loc, 201);
  const part = await post(w.t.OWNER, w.org.id, '/parts', {
    partNumber: `BT-${tag()}`,
    nameZh: '风扇皮带',
    category: 'BELT',
    suppliers: [{ name: '本地配件商店', priceMinor: '8500', leadTimeDays: 3, preferred: true }],
  });
  expectStatus(part, 201);
  const p = { w, locationId: (loc.body as { id: string }).id, part: part.body as { id: string; partNumber: string } };
  expectStatus(
    await post(w.t.OWNER, w.org.id, '/stock-movements', {
      type: 'RECEIPT',
      partId: p.part.id,
      locationId: p.locationId,
      quantity: 5,
      unitCostMinor: '8000',
    }),
    201,
  );
  expectStatus(
    await put(w.t.OWNER, w.org.id, '/stock/reorder', {
      partId: p.part.id,
      locationId: p.locationId,
      reorderPoint: 2,
      reorderQty: 5,
    }),
    200,
  );
  await fanOut(w.org.id);
  return p;
}

const issue = (s: Awaited<ReturnType<typeof store>>, quantity: number) =>
  post(s.w.t.DISPATCHER, s.w.org.id, '/stock-movements', {
    type: 'ISSUE',
    partId: s.part.id,
    locationId: s.locationId,
    quantity,
  });

describe('store keepers are notified', () => {
  it('stock.low: the other store keepers (not who issued it, not those without inventory.write), once per crossing', async () => {
    const s = await store('inv-notify-low');
    expectStatus(await issue(s, 2), 201); // 3 left, above the point: nobody
    await fanOut(s.w.org.id);
    expect(await told(s.w, 'OWNER')).toEqual([]);
    expectStatus(await issue(s, 1), 201); // 2 left: at the point
    await fanOut(s.w.org.id);
    for (const role of ['OWNER', 'ADMIN'] as const)
      expect(await told(s.w, role)).toEqual([
        expect.objectContaining({
          type: 'stock.low',
          reason: 'STORE_KEEPER',
          resourceType: 'part',
          resourceId: s.part.id,
          title: `${s.part.partNumber} 风扇皮带`,
        }),
      ]);
    for (const role of ['DISPATCHER', 'MECHANIC', 'VIEWER', 'ACCOUNTANT', 'OPERATOR'] as const)
      expect(await told(s.w, role), role).toEqual([]);
    // already under: a further issue is not a new crossing
    expectStatus(await issue(s, 1), 201);
    await fanOut(s.w.org.id);
    expect(await told(s.w, 'OWNER')).toHaveLength(1);
  });

  it('purchase.drafted: the agent’s purchase draft tells the store keepers other than who asked for it', async () => {
    const s = await store('inv-notify-draft');
    expectStatus(await issue(s, 4), 201); // 1 left, under the point
    await fanOut(s.w.org.id);
    const run = await post(s.w.t.DISPATCHER, s.w.org.id, '/agent/runs', { goal: '下周保养需要订哪些配件？' });
    expectStatus(run, 201);
    const draft = (run.body as { draft: { id: string } | null }).draft;
    expect(draft, JSON.stringify(run.body).slice(0, 500)).not.toBeNull();
    await fanOut(s.w.org.id);
    for (const role of ['OWNER', 'ADMIN'] as const) {
      const mine = (await told(s.w, role)).filter((n) => n.type === 'purchase.drafted');
      expect(mine).toEqual([
        expect.objectContaining({ reason: 'STORE_KEEPER', resourceType: 'draft', resourceId: draft!.id }),
      ]);
      expect(mine[0]!.title).toBeTruthy();
    }
    expect((await told(s.w, 'DISPATCHER')).filter((n) => n.type === 'purchase.drafted')).toEqual([]);
    expect(await told(s.w, 'MECHANIC')).toEqual([]);
  });

  it('stock.low also goes out of the app: a push to each device of the other store keepers, once per crossing', async () => {
    const s = await store('inv-notify-push');
    const devices = { OWNER: `/sub/${tag()}`, DISPATCHER: `/sub/${tag()}` } as const;
    for (const [role, path] of Object.entries(devices))
      expectStatus(
        await post(
          s.w.t[role as keyof typeof devices],
          s.w.org.id,
          '/notification-settings/push-subscriptions',
          push.browser(path).subscription(path),
        ),
        201,
      );
    expectStatus(await issue(s, 3), 201); // 2 left: at the point
    await fanOut(s.w.org.id);
    const planned = () =>
      h.db.notificationDelivery.findMany({ where: { organizationId: s.w.org.id, event: 'STOCK_LOW' } });
    const rows = await planned();
    // the owner keeps the stores and has a device; the dispatcher issued it and may not write stock
    expect(rows).toEqual([
      expect.objectContaining({
        channel: 'PUSH',
        recipientMembershipId: s.w.org.users.OWNER.membershipId,
        title: '配件库存已到再订货点',
        body: `${s.part.partNumber} 风扇皮带`,
        link: `/orgs/${s.w.org.id}/inventory/parts/${s.part.id}`,
      }),
    ]);
    expectStatus(await issue(s, 1), 201); // still under: no new crossing, no new push
    await fanOut(s.w.org.id);
    expect(await planned()).toHaveLength(1);
  });
});
