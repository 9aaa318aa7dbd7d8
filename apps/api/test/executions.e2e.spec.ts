import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZAgentRun, ZDraft, ZDraftDetail, ZExecution } from '@amms/contracts/drafts';
import { itemKeyOf } from '../src/planning/scheduler/scheduler.js';
import { AssignmentsService } from '../src/jobs/assignments.service.js';
import { memberContext } from '../src/tenancy/member-context.js';
import { loadMember } from '../src/tenancy/memberships.repository.js';
import { call } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { harvestJob as job, hourlyDraft, nextWeek, world as fixtureWorld } from './draft-fixtures.js';
import { executionsApi } from './support/executions.js';
import { workerEnvForFile } from './support/worker-env.js';

/**
 * Draft execution in the REAL worker process (support/worker-env.ts: own database and redis-server):
 * the request, the outbox row, the receipts, and what the worker finds changed since the
 * confirmation. Crashes and outages: executions-recovery.e2e; the live stream: executions-stream.e2e.
 */
const env = workerEnvForFile({ suffix: 'exec' });
const { get, post, confirm, execute, finished, liveBookings } = executionsApi(env);
const world = (combines = 2) => fixtureWorld(env.h.base, env.db, combines);

describe('draft execution: request → outbox → worker → receipts', () => {
  it('happy path through a real agent run: receipts SUCCEEDED, jobs SCHEDULED with the draft machines, draft EXECUTED; the audit trail ends requested → started → receipts → finished', async () => {
    const w = await world(2);
    const at = nextWeek();
    for (const day of [1, 2]) await job(w, at(day, 0), at(day + 1, 0), 4);
    const run = await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: '安排下周的收获作业' });
    expectStatus(run, 201);
    const parsed = ZAgentRun.parse(run.body);
    const draft = parsed.draft!;
    expect(draft.items).toHaveLength(2);
    await confirm(w.t.DISPATCHER, w.org.id, draft.id, draft.version, draft.contentHash);

    const r = await execute(w.t.DISPATCHER, w.org.id, draft.id, draft.version);
    expectStatus(r, 202);
    const requested = ZExecution.parse(r.body);
    expect(requested).toMatchObject({
      draftId: draft.id,
      version: draft.version,
      itemsTotal: 2,
      initiatorMembershipId: w.org.users.DISPATCHER.membershipId,
    });
    expect(['PENDING', 'RUNNING', 'SUCCEEDED']).toContain(requested.status);
    expect(
      (await env.db.outboxEvent.findFirst({ where: { organizationId: w.org.id, name: 'draft.execute' } }))?.payload,
    ).toEqual({ organizationId: w.org.id, executionId: requested.id });

    const done = await finished(w.t.VIEWER, w.org.id, requested.id);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.counts).toEqual({ succeeded: 2, conflict: 0, failed: 0, pending: 0 });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    expect(done.receipts.map((x) => [x.itemIndex, x.itemKey, x.status, x.recordType, x.recordId])).toEqual(
      draft.items.map((it, i) => [i, it.itemKey, 'SUCCEEDED', 'job', it.jobId]),
    );
    for (const [i, it] of draft.items.entries()) {
      const j = await get(w.t.DISPATCHER, w.org.id, `/jobs/${it.jobId}`);
      expect(j.body.status).toBe('SCHEDULED');
      expect(j.body.assignment.machines.map((m: { assetId: string }) => m.assetId)).toEqual([
        it.primaryAssetId,
        ...it.implementAssetIds,
      ]);
      expect(j.body.assignment.operatorMembershipId).toBe(it.operatorMembershipId);
      expect(done.receipts[i]!.detail.assignmentId).toBe(j.body.assignment.id);
    }
    const executed = ZDraftDetail.parse((await get(w.t.DISPATCHER, w.org.id, `/drafts/${draft.id}`)).body);
    expect(executed.status).toBe('EXECUTED');
    // the draft lists its execution
    expect(executed.executions).toEqual([
      {
        id: requested.id,
        version: draft.version,
        status: 'SUCCEEDED',
        createdAt: requested.createdAt,
        finishedAt: done.finishedAt,
      },
    ]);

    // the draft's trail: run events, draft events, then the execution's, in chain order
    const trail = await get(w.t.OWNER, w.org.id, `/audit-events?entityType=draft&entityId=${draft.id}&limit=200`);
    expectStatus(trail, 200);
    const actions: string[] = trail.body.items.map((e: { action: string }) => e.action);
    expect(actions.indexOf('draft.confirmed')).toBeGreaterThan(-1);
    expect(actions.slice(actions.indexOf('draft.confirmed') + 1)).toEqual([
      'execution.requested',
      'execution.started',
      'execution.receipt',
      'execution.receipt',
      'execution.finished',
    ]);
    expect(trail.body.items.some((e: { entityType: string }) => e.entityType === 'agent_run')).toBe(true);
    const verify = await get(w.t.OWNER, w.org.id, '/audit-events/verify');
    expectStatus(verify, 200);
    expect(verify.body.ok).toBe(true);

    // executing the same version later: the same execution, 200
    const again = await execute(w.t.DISPATCHER, w.org.id, draft.id, draft.version);
    expectStatus(again, 200);
    expect(ZExecution.parse(again.body)).toMatchObject({ id: requested.id, status: 'SUCCEEDED' });
  });

  it('20 concurrent execute calls (different Idempotency-Keys) → one execution, all answers name it, no duplicate bookings', async () => {
    const w = await world(2);
    const d = await hourlyDraft(w, 4);
    const answers = await Promise.all(Array.from({ length: 20 }, () => execute(w.t.DISPATCHER, w.org.id, d.id, 1)));
    for (const a of answers) expect([200, 202], JSON.stringify(a.body)).toContain(a.status);
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    const ids = new Set(answers.map((a) => ZExecution.parse(a.body).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await env.db.execution.count({ where: { draftId: d.id } })).toBe(1);
    expect(await env.db.outboxEvent.count({ where: { organizationId: w.org.id, name: 'draft.execute' } })).toBe(1);
    expect(await env.db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.requested' } })).toBe(
      1,
    );
    const done = await finished(w.t.DISPATCHER, w.org.id, id!);
    expect(done.status).toBe('SUCCEEDED');
    expect(await liveBookings(w.org.id)).toEqual({ machine: 4, operator: 4, assignments: 4 });
    // the same Idempotency-Key replays the stored answer
    const key = randomUUID();
    const first = await execute(w.t.DISPATCHER, w.org.id, d.id, 1, key);
    const replay = await execute(w.t.DISPATCHER, w.org.id, d.id, 1, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(ZExecution.parse(replay.body).id).toBe(ZExecution.parse(first.body).id);
    // the execution already existed: answered 200, and the replay answers the same status
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
  });

  it('a machine booked by someone else between confirmation and execution → that item CONFLICT (BOOKING_CONFLICT), the others SUCCEEDED, PARTIAL', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 3);
    // someone schedules another job on the same combine over item 1's slot, with another operator
    const slot = d.items[1]!;
    const other = await job(w, slot.startsAt, slot.endsAt);
    const taken = await post(w.t.DISPATCHER, w.org.id, `/jobs/${other}/assign`, {
      primaryAssetId: slot.primaryAssetId,
      operatorMembershipId: w.org.users.DISPATCHER.membershipId,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
    });
    expectStatus(taken, 200);

    const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    expectStatus(r, 202);
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id);
    expect(done.status).toBe('PARTIAL');
    expect(done.receipts.map((x) => x.status)).toEqual(['SUCCEEDED', 'CONFLICT', 'SUCCEEDED']);
    expect(done.receipts[1]!.detail).toMatchObject({ code: 'BOOKING_CONFLICT' });
    expect(done.counts).toEqual({ succeeded: 2, conflict: 1, failed: 0, pending: 0 });
    expect((await get(w.t.DISPATCHER, w.org.id, `/jobs/${slot.jobId}`)).body.status).toBe('PLANNED');
    expect(ZDraft.parse((await get(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}`)).body).status).toBe('EXECUTED');
  });

  it('the confirming member removed from the org before execution → REFUSED and audited; no job written; the draft is OPEN again, unconfirmed', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 2, 'ADMIN');
    expectStatus(
      await call(env.h.base, 'DELETE', orgPath(w.org.id, `/members/${w.org.users.ADMIN.membershipId}`), {
        token: w.t.OWNER,
      }),
      204,
    );

    const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    expectStatus(r, 202);
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id);
    expect(done.status).toBe('REFUSED');
    expect(done.error).toMatch(/confirmed/);
    expect(done.receipts).toEqual([]);
    expect(await liveBookings(w.org.id)).toEqual({ machine: 0, operator: 0, assignments: 0 });
    for (const it of d.items)
      expect((await get(w.t.DISPATCHER, w.org.id, `/jobs/${it.jobId}`)).body.status).toBe('PLANNED');
    expect(ZDraft.parse((await get(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}`)).body)).toMatchObject({
      status: 'OPEN',
      confirmedVersion: null,
    });
    const refused = await env.db.auditEvent.findFirst({
      where: { organizationId: w.org.id, action: 'execution.refused', entityId: done.id },
    });
    expect(refused).toMatchObject({ actorType: 'SYSTEM', entityType: 'execution' });
    expect(refused!.data).toMatchObject({ draftId: d.id, after: { status: 'REFUSED', draftStatus: 'OPEN' } });
    // the same version again: the same (refused) execution; running it needs a new version + confirmation
    const again = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    expectStatus(again, 200);
    expect(ZExecution.parse(again.body)).toMatchObject({ id: done.id, status: 'REFUSED' });
  });

  it('refusals at the door: unconfirmed 409, stale version 409, no Idempotency-Key 400, VIEWER 403, another org 404; GET of another org’s execution 404', async () => {
    const w = await world(1);
    const at = nextWeek();
    const j = await job(w, at(1, 0), at(1, 2));
    // unconfirmed: a draft written but never confirmed
    const plain = {
      jobId: j,
      primaryAssetId: w.combines[0]!,
      implementAssetIds: [],
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      startsAt: at(1, 0),
      endsAt: at(1, 1),
    };
    const unconfirmed = await env.db.draft.create({
      data: { organizationId: w.org.id, kind: 'SCHEDULE', title: 'u', currentVersion: 1 },
    });
    await env.db.draftVersion.create({
      data: {
        organizationId: w.org.id,
        draftId: unconfirmed.id,
        version: 1,
        items: [
          {
            ...plain,
            itemKey: itemKeyOf(plain, 1),
            job: null,
            primaryAssetName: null,
            implementNames: [],
            operatorName: null,
          },
        ],
        unplaced: [],
        validation: { ok: true, violations: [], warnings: [] },
        evidence: [],
        contentHash: 'a'.repeat(64),
      },
    });
    expectError(await execute(w.t.DISPATCHER, w.org.id, unconfirmed.id, 1), 409, 'DRAFT_NOT_CONFIRMED');

    const d = await hourlyDraft(w, 1);
    expectError(await execute(w.t.DISPATCHER, w.org.id, d.id, 2), 409, 'DRAFT_NOT_CONFIRMED');
    expectError(await execute(w.t.DISPATCHER, w.org.id, d.id, 1, null), 400, 'IDEMPOTENCY_KEY_INVALID');
    expectError(await execute(w.t.VIEWER, w.org.id, d.id, 1), 403, 'FORBIDDEN');
    const w2 = await world(1);
    expectError(await execute(w2.t.DISPATCHER, w2.org.id, d.id, 1), 404, 'NOT_FOUND');
    expectError(await execute(w2.t.DISPATCHER, w.org.id, d.id, 1), 404, 'NOT_FOUND');
    const bad = await execute(w.t.DISPATCHER, w.org.id, d.id, 0);
    expectError(bad, 400, 'VALIDATION_FAILED');

    const ok = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    expectStatus(ok, 202);
    const id = ZExecution.parse(ok.body).id;
    expectError(await get(w2.t.OWNER, w2.org.id, `/executions/${id}`), 404, 'NOT_FOUND');
    expectError(await get(w.t.OWNER, w.org.id, `/executions/${randomUUID()}`), 404, 'NOT_FOUND');
    await finished(w.t.DISPATCHER, w.org.id, id);
  });

  it('an item assigned before a crash but without its receipt gets one (no second assignment); a job edited since the draft → CONFLICT VERSION_CONFLICT', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 3);
    // what a killed run leaves behind: item 0 assigned under its item key, no receipt
    const m = (await loadMember(env.db, w.org.id, w.org.users.DISPATCHER.membershipId))!;
    const ctx = memberContext(
      w.org.id,
      { kind: 'USER', userId: w.org.users.DISPATCHER.id, sessionId: randomUUID(), isPlatformAdmin: false },
      m,
      'test',
    );
    const it0 = d.items[0]!;
    const pre = await env.h.app.get(AssignmentsService).assign(
      ctx,
      it0.jobId,
      {
        primaryAssetId: it0.primaryAssetId,
        implementAssetIds: [],
        operatorMembershipId: it0.operatorMembershipId,
        startsAt: it0.startsAt,
        endsAt: it0.endsAt,
      },
      { itemKey: it0.itemKey },
    );
    // item 2's job is edited after the confirmation
    const j2 = (await get(w.t.DISPATCHER, w.org.id, `/jobs/${d.items[2]!.jobId}`)).body;
    expectStatus(
      await call(env.h.base, 'PATCH', orgPath(w.org.id, `/jobs/${j2.id}`), {
        token: w.t.DISPATCHER,
        body: { version: j2.version, title: 'changed' },
      }),
      200,
    );

    const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id);
    expect(done.receipts.map((x) => x.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'CONFLICT']);
    expect(done.receipts[0]!.detail.assignmentId).toBe(pre.assignment!.id);
    expect(done.receipts[2]!.detail).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(done.status).toBe('PARTIAL');
    expect(await env.db.assignment.count({ where: { organizationId: w.org.id } })).toBe(2);
    expect(await liveBookings(w.org.id)).toEqual({ machine: 2, operator: 2, assignments: 2 });
  });
});
