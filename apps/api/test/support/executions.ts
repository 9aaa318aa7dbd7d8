// Executing drafts and waiting for the worker in e2e files that run it (support/worker-env.ts):
// idempotent POSTs, an execution read back, polling until it is no longer PENDING/RUNNING, and the
// live bookings an org holds.
import { randomUUID } from 'node:crypto';
import { ZExecution, type TExecution } from '@amms/contracts/drafts';
import { call } from '../harness.js';
import { expectStatus, orgPath } from '../assertions.js';
import { orgApi } from './world.js';
import type { WorkerEnv } from './worker-env.js';

export function executionsApi(env: WorkerEnv) {
  const { get } = orgApi(() => env.h);
  /** a write under the org path with an Idempotency-Key (a fresh one unless given; none with null) */
  const post = (token: string, org: string, rest: string, body: unknown = {}, key?: string | null) =>
    call(env.h.base, 'POST', orgPath(org, rest), {
      token,
      body,
      headers: key === null ? {} : { 'idempotency-key': key ?? randomUUID() },
    });
  /** confirms a version (no Idempotency-Key), expecting 200 */
  const confirm = async (token: string, org: string, draftId: string, version: number, contentHash: string) =>
    expectStatus(await post(token, org, `/drafts/${draftId}/confirm`, { version, contentHash }, null), 200);
  const execute = (token: string, org: string, draftId: string, version: number, key?: string | null) =>
    post(token, org, `/drafts/${draftId}/execute`, { version }, key);
  async function execution(token: string, orgId: string, id: string): Promise<TExecution> {
    const r = await get(token, orgId, `/executions/${id}`);
    expectStatus(r, 200);
    return ZExecution.parse(r.body);
  }
  const finished = (token: string, orgId: string, id: string, timeoutMs?: number) =>
    env.eventually(
      () => execution(token, orgId, id),
      (e) => !['PENDING', 'RUNNING'].includes(e.status),
      timeoutMs,
    );
  const liveBookings = async (orgId: string) => ({
    machine: await env.db.machineBooking.count({ where: { organizationId: orgId, releasedAt: null } }),
    operator: await env.db.operatorBooking.count({ where: { organizationId: orgId, releasedAt: null } }),
    assignments: await env.db.assignment.count({ where: { organizationId: orgId, releasedAt: null } }),
  });
  return { get, post, confirm, execute, execution, finished, liveBookings };
}
