import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullConnection } from '../src/platform/queue/connection.js';
import { call, startApp, type Harness } from './harness.js';
import { expectStatus } from './assertions.js';
import { TEST_REDIS_URL } from './env.js';

let h: Harness;
let queue: Queue;
beforeAll(async () => {
  h = await startApp();
  queue = new Queue('amms-housekeeping', { connection: bullConnection(TEST_REDIS_URL) });
});
afterAll(async () => {
  await queue?.close();
  await h?.close();
});

const gauge = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);

describe('queue depth on /metrics (what the worker autoscaler reads)', () => {
  it('counts BullMQ jobs by queue and state, and outbox rows not yet relayed', async () => {
    // a delayed job no worker will pick up during the test, and an outbox row the relay will not
    // touch yet (available in an hour)
    const job = await queue.add('housekeeping.purge', {}, { delay: 3_600_000, jobId: `metrics-test-${Date.now()}` });
    const row = await h.db.outboxEvent.create({
      data: {
        queue: 'amms-housekeeping',
        name: 'housekeeping.purge',
        payload: {},
        availableAt: new Date(Date.now() + 3_600_000),
      },
    });
    try {
      const r = await call<string>(h.base, 'GET', '/metrics');
      expectStatus(r, 200);
      const text = r.body;
      expect(text).toContain('# TYPE amms_queue_jobs gauge');
      for (const q of ['amms-housekeeping', 'amms-cache', 'amms-drafts'])
        expect(text).toContain(`amms_queue_jobs{queue="${q}",state="waiting"}`);
      expect(gauge(text, /amms_queue_jobs\{queue="amms-housekeeping",state="delayed"\} (\d+)/)).toBeGreaterThanOrEqual(
        1,
      );
      expect(gauge(text, /^amms_outbox_pending (\d+)$/m)).toBeGreaterThanOrEqual(1);
    } finally {
      await job.remove();
      await h.db.outboxEvent.delete({ where: { id: row.id } });
    }
  });
});
