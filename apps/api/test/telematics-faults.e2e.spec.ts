import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZCreateApiKeyResponse } from '@amms/contracts/api-keys';
import { ZListNotificationsResponse } from '@amms/contracts/notifications';
import { ZPushReadingsResponse } from '@amms/contracts/telematics';
import { NotificationFanout } from '../src/notifications/notification-fanout.js';
import { call } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { appForFile, HOUR, machineRow, orgApi, orgWorld, tag } from './support/world.js';
import { FakePushService } from './support/fake-push-service.js';

/**
 * A fault code → the mechanics who may see the machine are told (in-app notification through the
 * webhook module's events + the worker's fan-out, run here in-process as notifications.e2e does),
 * with the machine and its active codes in the title: what the agent's diagnosis takes. The same
 * active code reported again raises nothing; a mechanic of another team is not told.
 */
const h = appForFile({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
vi.setConfig({ testTimeout: 120_000 });
const { get, post } = orgApi(() => h);
const pushService = new FakePushService();
beforeAll(() => pushService.start());
afterAll(() => pushService.close());

async function fanOut(orgId: string): Promise<number> {
  const rows = await h.db.outboxEvent.findMany({
    where: { organizationId: orgId, name: 'notification.fanout', dispatchedAt: null },
    orderBy: { createdAt: 'asc' },
  });
  let created = 0;
  for (const row of rows) {
    const p = row.payload as { organizationId: string; eventId: string; actorMembershipId?: string };
    created += (await h.app.get(NotificationFanout).fanout(p.organizationId, p.eventId, p.actorMembershipId)).created;
    await h.db.outboxEvent.update({ where: { id: row.id }, data: { dispatchedAt: new Date() } });
  }
  return created;
}

/** A gateway's API key, and a push of readings with it. */
async function gateway(orgId: string, ownerToken: string) {
  const k = await call(h.base, 'POST', orgPath(orgId, '/api-keys'), {
    token: ownerToken,
    body: { name: 'gateway', scopes: ['telematics.write'] },
    headers: { 'idempotency-key': randomUUID() },
  });
  expectStatus(k, 201);
  const key = ZCreateApiKeyResponse.parse(k.body).key;
  return async (readings: unknown[]) => {
    const r = await call(h.base, 'POST', orgPath(orgId, '/telematics/readings'), { apiKey: key, body: { readings } });
    expectStatus(r, 200);
    return ZPushReadingsResponse.parse(r.body);
  };
}
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();

describe('fault code → mechanics notified', () => {
  it("a new code notifies the mechanic of the machine's team once, naming the machine and the code", async () => {
    const w = await orgWorld(h, 'faults');
    const tractor = await machineRow(h.db, w.org.id, 'JD 6R 155 #03');
    const elsewhere = await machineRow(h.db, w.org.id, 'Other team tractor');
    const team = await h.db.team.create({ data: { organizationId: w.org.id, name: 'Workshop A' } });
    const other = await h.db.team.create({ data: { organizationId: w.org.id, name: 'Workshop B' } });
    await h.db.asset.update({ where: { id: tractor }, data: { teamId: team.id } });
    await h.db.asset.update({ where: { id: elsewhere }, data: { teamId: other.id } });
    await h.db.teamMember.create({
      data: { organizationId: w.org.id, teamId: team.id, membershipId: w.org.users.MECHANIC.membershipId },
    });
    const push = await gateway(w.org.id, w.t.OWNER);

    await push([
      { assetId: tractor, at: at(3), faultCodes: ['spn 100 fmi 1'] },
      { assetId: elsewhere, at: at(3), faultCodes: ['E42'] },
    ]);
    expect(await fanOut(w.org.id)).toBe(1);
    const mine = ZListNotificationsResponse.parse((await get(w.t.MECHANIC, w.org.id, '/notifications')).body);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      type: 'asset.fault_raised',
      reason: 'MECHANIC',
      resourceType: 'asset',
      resourceId: tractor,
      title: 'JD 6R 155 #03: SPN 100 FMI 1',
    });
    // the dispatcher, the operator and the viewer are not mechanics: not told
    for (const role of ['DISPATCHER', 'OPERATOR', 'VIEWER'] as const) {
      expect(ZListNotificationsResponse.parse((await get(w.t[role], w.org.id, '/notifications')).body).items).toEqual(
        [],
      );
    }

    // the same active code again: nothing raised; a second code: told again, both codes named
    await push([{ assetId: tractor, at: at(2), faultCodes: ['SPN 100 FMI 1'] }]);
    expect(await h.db.webhookEvent.count({ where: { organizationId: w.org.id, type: 'asset.fault_raised' } })).toBe(2);
    expect(await fanOut(w.org.id)).toBe(0);
    await push([{ assetId: tractor, at: at(1), faultCodes: ['SPN 100 FMI 1', 'SPN 110 FMI 0'] }]);
    expect(await fanOut(w.org.id)).toBe(1);
    const again = ZListNotificationsResponse.parse((await get(w.t.MECHANIC, w.org.id, '/notifications')).body);
    expect(again.items[0]!.title).toBe('JD 6R 155 #03: SPN 100 FMI 1, SPN 110 FMI 0');
  });

  it("a new code also goes out of the app: a push to the mechanic's device, with the machine and the code", async () => {
    const w = await orgWorld(h, 'faults-push');
    const tractor = await machineRow(h.db, w.org.id, `JD 8R #${tag()}`);
    // the mechanic sees their team's machines
    const team = await h.db.team.create({ data: { organizationId: w.org.id, name: 'Workshop' } });
    await h.db.asset.update({ where: { id: tractor }, data: { teamId: team.id } });
    await h.db.teamMember.create({
      data: { organizationId: w.org.id, teamId: team.id, membershipId: w.org.users.MECHANIC.membershipId },
    });
    const path = `/sub/${tag()}`;
    expectStatus(
      await post(
        w.t.MECHANIC,
        w.org.id,
        '/notification-settings/push-subscriptions',
        pushService.browser(path).subscription(path),
      ),
      201,
    );
    const push = await gateway(w.org.id, w.t.OWNER);
    await push([{ assetId: tractor, at: at(1), faultCodes: ['SPN 100 FMI 1'] }]);
    expect(await fanOut(w.org.id)).toBe(1);
    const name = (await h.db.asset.findUniqueOrThrow({ where: { id: tractor } })).name;
    expect(await h.db.notificationDelivery.findMany({ where: { organizationId: w.org.id } })).toEqual([
      expect.objectContaining({
        event: 'FAULT_RAISED',
        channel: 'PUSH',
        recipientMembershipId: w.org.users.MECHANIC.membershipId,
        title: '机器报故障码',
        body: `${name}: SPN 100 FMI 1`,
        link: `/orgs/${w.org.id}/assets/${tractor}`,
      }),
    ]);
  });
});
