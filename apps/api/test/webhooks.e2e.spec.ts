import { describe, expect, it } from 'vitest';
import { WebhookEvents } from '../src/platform/outbox/webhook-events.js';
import { call } from './harness.js';
import { tag } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { settled, webhooksForFile } from './support/webhooks-world.js';

/**
 * Webhooks (support/webhooks-world.ts: the REAL worker and a receiver on loopback): what is never
 * sent (a rolled-back change, a payload beyond the creator's reach, a private target) and who
 * manages endpoints. Delivery itself: webhooks-delivery.e2e.
 */
const { env, get, post, world, endpoint, createJob, deliveries, receivedAt, eventually } = webhooksForFile('wh');

describe('webhooks: what is never sent', () => {
  it('a rolled-back change sends nothing; the same emit committed is delivered', async () => {
    const w = await world();
    const path = `/ok/${tag()}`;
    const { endpoint: ep } = await endpoint(w, path, ['job.cancelled']);
    const job = await createJob(w);
    const before = await env.db.outboxEvent.count({ where: { organizationId: w.org.id, name: 'webhook.deliver' } });
    await expect(
      env.db.$transaction(async (tx) => {
        await tx.job.update({
          where: { id: job.id },
          data: { status: 'CANCELLED', cancelledAt: new Date(), cancelReason: 'rolled back' },
        });
        await WebhookEvents.emit(tx, { organizationId: w.org.id }, 'job.cancelled', job.id);
        throw new Error('the change fails after the event was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await env.db.webhookEvent.count({ where: { organizationId: w.org.id } })).toBe(0);
    expect(await env.db.outboxEvent.count({ where: { organizationId: w.org.id, name: 'webhook.deliver' } })).toBe(
      before,
    );

    // a business refusal inside the service's transaction: nothing either (cancel of a job the version says changed)
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/cancel`, { reason: 'x', version: 99 }),
      409,
      'VERSION_CONFLICT',
    );
    // the committed cancel is delivered, exactly once, after the refusals
    expectStatus(await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/cancel`, { reason: 'weather' }), 200);
    const ds = await eventually(
      () => deliveries(w, ep.id),
      (x) => x.length === 1 && settled(x),
    );
    expect(ds[0]).toMatchObject({ status: 'SUCCEEDED', eventType: 'job.cancelled' });
    expect(receivedAt(path)).toHaveLength(1);
    expect(JSON.parse(receivedAt(path)[0]!.body)).toMatchObject({
      type: 'job.cancelled',
      data: { id: job.id, status: 'CANCELLED', cancelReason: 'weather' },
    });
  }, 120_000);

  it('payloads follow the creator: data scope narrows them; a creator who lost access gets the delivery skipped, nothing sent', async () => {
    const w = await world();
    const path = `/ok/${tag()}`;
    const { endpoint: ep } = await endpoint(w, path, ['job.created']);
    await env.db.membership.update({ where: { id: w.org.users.ADMIN.membershipId }, data: { status: 'SUSPENDED' } });
    await createJob(w);
    const ds = await eventually(
      () => deliveries(w, ep.id, w.t.OWNER),
      (x) => x.length === 1 && settled(x),
    );
    expect(ds[0]).toMatchObject({ status: 'SKIPPED', reason: 'CREATOR_NO_ACCESS', attempts: 0, log: [] });

    // the owner's endpoint, then the owner narrowed to TEAM scope without teams: a team-less job is out of their sight
    const ownerPath = `/ok/${tag()}`;
    const { endpoint: mine } = await endpoint(w, ownerPath, ['job.created'], w.t.OWNER);
    await env.db.membership.update({ where: { id: w.org.users.OWNER.membershipId }, data: { dataScope: 'TEAM' } });
    await createJob(w);
    const hidden = await eventually(
      () => deliveries(w, mine.id, w.t.OWNER),
      (x) => x.length === 1 && settled(x),
    );
    expect(hidden[0]).toMatchObject({ status: 'SKIPPED', reason: 'RESOURCE_NOT_VISIBLE', attempts: 0 });
    expect(receivedAt(path)).toHaveLength(0);
    expect(receivedAt(ownerPath)).toHaveLength(0);
  }, 120_000);

  it('private, loopback and link-local targets are refused when created (422 WEBHOOK_URL_REFUSED); only the allowed host passes', async () => {
    const w = await world();
    const refused = [
      'http://10.1.2.3/hook',
      'http://192.168.1.10/hook',
      'http://172.16.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/hook',
      'http://0.0.0.0/hook',
      'http://localhost:8080/hook',
      'http://[::1]/hook',
      'http://[fe80::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook', // IPv4-mapped loopback: not the allowed "127.0.0.1"
      'http://[::ffff:a9fe:a9fe]/hook',
      'http://127.0.0.2/hook',
    ];
    for (const url of refused) {
      const r = await post(w.t.ADMIN, w.org.id, '/webhooks', { url, eventTypes: ['job.created'] });
      expect([url, r.status, r.body?.error?.code]).toEqual([url, 422, 'WEBHOOK_URL_REFUSED']);
    }
    // not http(s), credentials in the URL: 400
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'https://user:pw@example.com/x']) {
      expectError(
        await post(w.t.ADMIN, w.org.id, '/webhooks', { url, eventTypes: ['job.created'] }),
        400,
        'VALIDATION_FAILED',
      );
    }
    expect(await env.db.webhookEndpoint.count({ where: { organizationId: w.org.id } })).toBe(0);
    // a PATCH to a private target is refused the same way
    const { endpoint: ep } = await endpoint(w, `/ok/${tag()}`, ['job.created']);
    const p = await call(env.h.base, 'PATCH', orgPath(w.org.id, `/webhooks/${ep.id}`), {
      token: w.t.ADMIN,
      body: { version: ep.version, url: 'http://10.0.0.1/x' },
    });
    expectError(p, 422, 'WEBHOOK_URL_REFUSED');
    expect((await get(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}`)).body.url).toBe(ep.url);
  }, 60_000);
});

describe('webhooks: who manages them', () => {
  it('admins only; another org’s endpoint and deliveries are 404; a deleted endpoint is gone', async () => {
    const a = await world();
    const b = await world();
    const { endpoint: ep } = await endpoint(b, `/ok/${tag()}`, ['job.created']);
    for (const role of ['DISPATCHER', 'ACCOUNTANT', 'VIEWER', 'OPERATOR'] as const) {
      expectError(await get(b.t[role], b.org.id, '/webhooks'), 403, 'FORBIDDEN');
    }
    expectStatus(await get(b.t.OWNER, b.org.id, '/webhooks'), 200);
    // A's admin, A's path, B's ids
    expectError(await get(a.t.ADMIN, a.org.id, `/webhooks/${ep.id}`), 404, 'NOT_FOUND');
    expectError(await get(a.t.ADMIN, a.org.id, `/webhooks/${ep.id}/deliveries`), 404, 'NOT_FOUND');
    expectError(await post(a.t.ADMIN, a.org.id, `/webhooks/${ep.id}/rotate-secret`, {}), 404, 'NOT_FOUND');
    expectError(
      await call(env.h.base, 'PATCH', orgPath(a.org.id, `/webhooks/${ep.id}`), {
        token: a.t.ADMIN,
        body: { version: 1, enabled: false },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(env.h.base, 'DELETE', orgPath(a.org.id, `/webhooks/${ep.id}`), { token: a.t.ADMIN }),
      404,
      'NOT_FOUND',
    );
    const list = await get(a.t.ADMIN, a.org.id, '/webhooks');
    expect(JSON.stringify(list.body)).not.toContain(ep.id);
    // B's own delete: gone from the list, 404 after
    expect(
      (await call(env.h.base, 'DELETE', orgPath(b.org.id, `/webhooks/${ep.id}`), { token: b.t.ADMIN })).status,
    ).toBe(204);
    expectError(await get(b.t.ADMIN, b.org.id, `/webhooks/${ep.id}`), 404, 'NOT_FOUND');
    expect((await get(b.t.ADMIN, b.org.id, '/webhooks')).body.items).toHaveLength(0);
  }, 60_000);
});
