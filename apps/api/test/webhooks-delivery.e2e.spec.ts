import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { ZWebhookPayload, ZWebhookSecretResponse } from '@amms/contracts/webhooks';
import { call } from './harness.js';
import { tag } from './support/world.js';
import { expectStatus, orgPath } from './assertions.js';
import { headersOf, settled, webhooksForFile, type Received } from './support/webhooks-world.js';

/**
 * Webhooks delivered (support/webhooks-world.ts: the REAL worker and a receiver on loopback), verified
 * with the `standardwebhooks` package: signatures, retries and backoff, redirects, redelivery, secret
 * rotation. What is never sent and who manages endpoints: webhooks.e2e.
 */
const { env, get, post, world, endpoint, createJob, deliveries, later, receiverBase, receivedAt, eventually } =
  webhooksForFile('wh_delivery');

describe('webhooks: signed delivery by the worker', () => {
  it('a receiver on loopback gets signed job.created and job.completed events; standardwebhooks verifies them; the log says so', async () => {
    const w = await world();
    const path = `/ok/${tag()}`;
    const { endpoint: ep, secret } = await endpoint(w, path, [
      'job.created',
      'job.scheduled',
      'job.started',
      'job.completed',
    ]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(ep.secretHint).toBe(`${secret.slice(0, 10)}…`);
    // the secret is never in a later answer
    const again = await get(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}`);
    expectStatus(again, 200);
    expect(JSON.stringify(again.body)).not.toContain(secret.slice(6));

    const job = await createJob(w);
    const assigned = await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/assign`, {
      primaryAssetId: w.assetId,
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      startsAt: later(-2),
      endsAt: later(2),
    });
    expectStatus(assigned, 200);
    expectStatus(await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { startedAt: later(-1) }), 200);
    expectStatus(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, { areaDoneHa: 4, actualHours: 0.5 }),
      200,
    );

    await eventually(
      () => Promise.resolve(receivedAt(path).length),
      (n) => n >= 4,
    );
    const wh = new Webhook(secret);
    const byType = new Map<string, { payload: ReturnType<typeof ZWebhookPayload.parse>; req: Received }>();
    for (const req of receivedAt(path)) {
      // throws unless the signature and timestamp are right for this secret
      const verified = ZWebhookPayload.parse(wh.verify(req.body, headersOf(req)));
      expect(req.headers['webhook-id']).toBe(verified.id);
      byType.set(verified.type, { payload: verified, req });
    }
    expect([...byType.keys()].sort()).toEqual(['job.completed', 'job.created', 'job.scheduled', 'job.started']);
    const created = byType.get('job.created')!.payload;
    expect(created.data).toMatchObject({ id: job.id, fieldId: w.fieldId });
    // data = the resource as GET returns it for the creator, read at delivery time
    const completed = byType.get('job.completed')!.payload;
    const now = await get(w.t.ADMIN, w.org.id, `/jobs/${job.id}`);
    expect(completed.data).toEqual(now.body);
    expect(completed.data).toMatchObject({ status: 'COMPLETED', areaDoneHa: 4 });
    // a wrong secret does not verify
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret, not at all!!').toString('base64')}`).verify(
        byType.get('job.completed')!.req.body,
        headersOf(byType.get('job.completed')!.req),
      ),
    ).toThrow();

    const log = await eventually(
      () => deliveries(w, ep.id),
      (ds) => ds.length === 4 && ds.every((d) => d.status === 'SUCCEEDED'),
    );
    for (const d of log) {
      expect(d.attempts).toBe(1);
      expect(d.log).toHaveLength(1);
      expect(d.log[0]).toMatchObject({ attempt: 1, statusCode: 200, responseExcerpt: 'thanks', error: null });
      expect(d.log[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(log.find((d) => d.eventType === 'job.completed')?.resourceId).toBe(job.id);
  }, 120_000);

  it('a failing receiver gets retries with backoff, then the delivery is FAILED (log of every attempt) and the endpoint disabled with an audit row', async () => {
    const w = await world();
    const path = `/fail/${tag()}`;
    const { endpoint: ep } = await endpoint(w, path, ['job.created']);
    const job = await createJob(w);
    const [failed] = await eventually(
      () => deliveries(w, ep.id),
      (ds) => ds.length === 1 && settled(ds),
    );
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      reason: 'MAX_ATTEMPTS',
      resourceId: job.id,
      nextAttemptAt: null,
    });
    expect(failed!.log.map((a) => [a.attempt, a.statusCode, a.responseExcerpt])).toEqual([
      [3, 500, 'receiver is down'],
      [2, 500, 'receiver is down'],
      [1, 500, 'receiver is down'],
    ]);
    // backoff: the attempts are spread out (≥ 0.9 × 150 ms, then ≥ 0.9 × 300 ms)
    const at = [...failed!.log].reverse().map((a) => Date.parse(a.at));
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(130);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(265);
    const hits = receivedAt(path);
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((r) => r.headers['webhook-id'])).size).toBe(1); // the same message each time

    const now = await get(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}`);
    expect(now.body).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
    expect(now.body.failingSince).not.toBeNull();
    const audit = await get(
      w.t.ADMIN,
      w.org.id,
      `/audit-events?action=webhook.disabled&entityType=webhook&entityId=${ep.id}`,
    );
    expectStatus(audit, 200);
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ actorType: 'SYSTEM', data: { reason: 'FAILING' } });

    // a disabled endpoint hears nothing more; re-enabled, it does
    await createJob(w);
    const reenabled = await call(env.h.base, 'PATCH', orgPath(w.org.id, `/webhooks/${ep.id}`), {
      token: w.t.ADMIN,
      body: { version: now.body.version, enabled: true, url: `${receiverBase()}/ok/${tag()}` },
    });
    expectStatus(reenabled, 200);
    expect(reenabled.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await createJob(w);
    const ds = await eventually(
      () => deliveries(w, ep.id),
      (x) => x.length === 2 && settled(x),
    );
    expect(ds.map((d) => d.status).sort()).toEqual(['FAILED', 'SUCCEEDED']);
  }, 120_000);

  it('a redirect is not followed (a failed attempt), and redeliver sends the same event again as a new delivery', async () => {
    const w = await world();
    const path = `/redirect/${tag()}`;
    const { endpoint: ep } = await endpoint(w, path, ['job.created']);
    await createJob(w);
    const [failed] = await eventually(
      () => deliveries(w, ep.id),
      (ds) => ds.length === 1 && settled(ds),
    );
    expect(failed!.log[0]).toMatchObject({ statusCode: 302, error: 'redirect not followed' });
    expect(receivedAt('/ok/redirected')).toHaveLength(0);

    // point it at a working receiver (re-enable), then redeliver the failed one
    const cur = await get(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}`);
    const okPath = `/ok/${tag()}`;
    expectStatus(
      await call(env.h.base, 'PATCH', orgPath(w.org.id, `/webhooks/${ep.id}`), {
        token: w.t.ADMIN,
        body: { version: cur.body.version, url: `${receiverBase()}${okPath}`, enabled: true },
      }),
      200,
    );
    const re = await post(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}/deliveries/${failed!.id}/redeliver`);
    expectStatus(re, 202);
    expect(re.body).toMatchObject({ status: 'PENDING', redeliveryOfId: failed!.id, eventId: failed!.eventId });
    await eventually(
      () => Promise.resolve(receivedAt(okPath).length),
      (n) => n === 1,
    );
    expect(receivedAt(okPath)[0]!.headers['webhook-id']).toBe(failed!.eventId);
    const one = await eventually(
      () => get(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}/deliveries/${re.body.id}`),
      (r) => r.body.status === 'SUCCEEDED',
    );
    expect(one.body.log).toHaveLength(1);
  }, 120_000);

  it('rotation: during the overlap both secrets sign (either verifies); the old one stops after it', async () => {
    const w = await world();
    const path = `/ok/${tag()}`;
    const { endpoint: ep, secret: oldSecret } = await endpoint(w, path, ['job.created']);
    const rot = await post(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}/rotate-secret`, { overlapSeconds: 3600 });
    expectStatus(rot, 200);
    const { secret: newSecret, endpoint: rotated } = ZWebhookSecretResponse.parse(rot.body);
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.previousSecretExpiresAt).not.toBeNull();
    await createJob(w);
    await eventually(
      () => Promise.resolve(receivedAt(path).length),
      (n) => n === 1,
    );
    const first = receivedAt(path)[0]!;
    expect(String(first.headers['webhook-signature']).split(' ')).toHaveLength(2);
    new Webhook(newSecret).verify(first.body, headersOf(first));
    new Webhook(oldSecret).verify(first.body, headersOf(first));

    const rot2 = await post(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}/rotate-secret`, { overlapSeconds: 0 });
    expectStatus(rot2, 200);
    const newest = ZWebhookSecretResponse.parse(rot2.body).secret;
    await createJob(w);
    await eventually(
      () => Promise.resolve(receivedAt(path).length),
      (n) => n === 2,
    );
    const second = receivedAt(path)[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(1);
    new Webhook(newest).verify(second.body, headersOf(second));
    expect(() => new Webhook(newSecret).verify(second.body, headersOf(second))).toThrow();
  }, 120_000);
});
