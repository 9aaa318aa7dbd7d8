import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZExecution } from '@amms/contracts/drafts';
import { ExecutionStreams } from '../src/executions/execution-stream.js';
import { ChangeSignals } from '../src/platform/redis/change-signals.js';
import { call, startApp } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { TEST_REDIS_URL } from './env.js';
import { follow } from './sse.js';
import { hourlyDraft, world as fixtureWorld } from './draft-fixtures.js';
import { executionsApi } from './support/executions.js';
import { workerEnvForFile } from './support/worker-env.js';

/**
 * Following an execution live (support/worker-env.ts: the REAL worker, own database and
 * redis-server). Event streams re-read only on the worker's nudges here (their fallback timer is a
 * minute). The rights re-checked at each wake-up: execution-stream-rechecks.e2e.
 */
const env = workerEnvForFile({ suffix: 'exec_stream', appEnv: { EXECUTION_STREAM_POLL_MS: '60000' } });
const { get, execute, execution, finished } = executionsApi(env);
const world = (combines = 2) => fixtureWorld(env.h.base, env.db, combines);

describe('following an execution live: GET /executions/:id/events (Server-Sent Events)', () => {
  it('snapshot on connect, then the receipts as the worker commits them (woken by its pub/sub nudges: the timer here is a minute), the final status, and the end', async () => {
    const w = await world(2);
    const d = await hourlyDraft(w, 6);
    await env.killWorker(); // the execution waits, so the stream sees it from PENDING on
    let s: Awaited<ReturnType<typeof follow>> | undefined;
    try {
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      expectStatus(r, 202);
      const id = ZExecution.parse(r.body).id;
      s = await follow(env.h.base, w.t.VIEWER, w.org.id, id);
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(s.res.headers.get('cache-control')).toContain('no-transform');
      await env.eventually(
        async () => s!.events.length,
        (n) => n >= 1,
        10_000,
      );
      expect(s.events[0]).toMatchObject({ event: 'execution', data: { id, status: 'PENDING', receipts: [] } });
      expect(await s.endedWithin(300)).toBe(false); // still open while nothing happens
    } finally {
      await env.startWorker();
    }
    expect(await s!.endedWithin(30_000)).toBe(true);
    const last = s!.events.at(-1)!;
    expect(last.event).toBe('execution');
    const final = ZExecution.parse(last.data);
    expect(final.status).toBe('SUCCEEDED');
    expect(final.receipts).toHaveLength(6);
    // exactly what a GET says, and every event a valid execution with receipts that only grow
    expect(final).toEqual(await execution(w.t.VIEWER, w.org.id, final.id));
    const counts = s!.events.map((e) => ZExecution.parse(e.data).receipts.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(s!.events.length).toBeGreaterThanOrEqual(2);
    // woken by the nudge, not by the one-minute timer
    expect(last.at - Date.parse(final.finishedAt!)).toBeLessThan(5_000);
    await env.eventually(
      async () => env.h.app.get(ExecutionStreams).openStreams,
      (n) => n === 0,
      5_000,
    );
  }, 120_000);

  it('with no nudge reaching it (an API on another Redis), its timer alone still brings every receipt and the end', async () => {
    const other = await startApp({
      DATABASE_URL: env.dbUrl,
      REDIS_URL: TEST_REDIS_URL,
      EXECUTION_STREAM_POLL_MS: '250',
    });
    try {
      const w = await world(1);
      const d = await hourlyDraft(w, 3);
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      expectStatus(r, 202);
      const s = await follow(other.base, w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id);
      expect(await s.endedWithin(30_000)).toBe(true);
      expect(ZExecution.parse(s.events.at(-1)!.data)).toMatchObject({
        status: 'SUCCEEDED',
        counts: { succeeded: 3, pending: 0 },
      });
      expect(other.app.get(ExecutionStreams).openStreams).toBe(0);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('rights are checked again at every wake-up: the member removed while following gets `event: error` NOT_FOUND and the stream ends; a client that leaves frees its stream', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 2);
    const nudger = new Redis(env.redisUrl);
    await env.killWorker();
    try {
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      const id = ZExecution.parse(r.body).id;
      const viewer = await follow(env.h.base, w.t.VIEWER, w.org.id, id);
      const leaving = await follow(env.h.base, w.t.OWNER, w.org.id, id);
      await env.eventually(
        async () => viewer.events.length + leaving.events.length,
        (n) => n >= 2,
        10_000,
      );
      expect(env.h.app.get(ExecutionStreams).openStreams).toBeGreaterThanOrEqual(2);

      leaving.close();
      expectStatus(
        await call(env.h.base, 'DELETE', orgPath(w.org.id, `/members/${w.org.users.VIEWER.membershipId}`), {
          token: w.t.OWNER,
        }),
        204,
      );
      await nudger.publish(`amms:changed:execution:${id}`, '1');
      expect(await viewer.endedWithin(10_000)).toBe(true);
      expect(viewer.events.at(-1)).toMatchObject({ event: 'error', data: { error: { code: 'NOT_FOUND' } } });
      await env.eventually(
        async () => ({
          streams: env.h.app.get(ExecutionStreams).openStreams,
          topics: env.h.app.get(ChangeSignals).activeTopics,
        }),
        (n) => n.streams === 0 && n.topics === 0,
        10_000,
      );
    } finally {
      nudger.disconnect();
      await env.startWorker();
    }
  }, 120_000);

  it("refusals come before the stream, as plain errors: another org's execution or an unknown id → 404, no draft.read → 403", async () => {
    const a = await world(1);
    const b = await world(1);
    const d = await hourlyDraft(a, 1);
    const id = ZExecution.parse((await execute(a.t.DISPATCHER, a.org.id, d.id, 1)).body).id;
    await finished(a.t.DISPATCHER, a.org.id, id);
    expectError(await get(b.t.OWNER, b.org.id, `/executions/${id}/events`), 404, 'NOT_FOUND');
    expectError(await get(b.t.OWNER, a.org.id, `/executions/${id}/events`), 404, 'NOT_FOUND');
    expectError(await get(a.t.OWNER, a.org.id, `/executions/${randomUUID()}/events`), 404, 'NOT_FOUND');
    expectError(await get(a.t.OPERATOR, a.org.id, `/executions/${id}/events`), 403, 'FORBIDDEN');
    // a finished execution: one event, then the end
    const s = await follow(env.h.base, a.t.OWNER, a.org.id, id);
    expect(await s.endedWithin(5_000)).toBe(true);
    expect(s.events.map((e) => [e.event, e.data.status])).toEqual([['execution', 'SUCCEEDED']]);
  }, 120_000);
});
