import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ZAgentRun,
  ZDraft,
  ZDraftDetail,
  editedItem,
  type TDraftDetail,
  type TDraftItem,
} from '@amms/contracts/drafts';
import { ZJob } from '@amms/contracts/jobs';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, type TestOrg } from './harness.js';
import { appForFile, assetRow, combineModel, orgApi, tag } from './support/world.js';
import { expectError, expectReplayOf, expectStatus, loginAll, orgPath } from './assertions.js';

const h = appForFile();

const { get, post } = orgApi(() => h);
const HOUR = 3_600_000;

/** Next week's Monday 00:00 in Asia/Shanghai, as an instant; `at(day, hour)` is local time. */
function nextWeek() {
  const local = new Date(Date.now() + 8 * HOUR);
  const dow = (local.getUTCDay() + 6) % 7;
  const mon = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 7 - dow) - 8 * HOUR;
  return (day: number, hour: number) => new Date(mon + day * 86_400_000 + hour * HOUR).toISOString();
}

interface World {
  org: TestOrg;
  t: Record<TRole, string>;
  combines: string[];
  draft: TDraftDetail;
  runId: string;
}

/** Two combines, two harvest jobs next week (Tue and Wed windows), a run → draft v1 with both placed. */
async function world(): Promise<World> {
  const org = await createOrg(h.db, 'drafts');
  const t = await loginAll(h.base, org);
  const model = await combineModel(h.db, org.id);
  const combines = await Promise.all(
    ['收割机1', '收割机2'].map(async (name) => await assetRow(h.db, org.id, model.id, name)),
  );
  const f = await post(t.OWNER, org.id, '/fields', { name: `西岗${tag()}`, areaHa: 10 });
  expectStatus(f, 201);
  const at = nextWeek();
  for (const day of [1, 2]) {
    const r = await post(t.DISPATCHER, org.id, '/jobs', {
      fieldId: f.body.id,
      operationType: 'HARVESTING',
      estimatedHours: 4,
      windowStart: at(day, 0),
      windowEnd: at(day + 1, 0),
    });
    expectStatus(r, 201);
    ZJob.parse(r.body);
  }
  const run = await post(t.DISPATCHER, org.id, '/agent/runs', { goal: '安排下周的收获作业' });
  expectStatus(run, 201);
  const parsed = ZAgentRun.parse(run.body);
  expect(parsed.draft!.items).toHaveLength(2);
  return { org, t, combines, draft: await detail(org.id, t.DISPATCHER, parsed.draftId!), runId: parsed.id };
}

async function detail(orgId: string, token: string, id: string): Promise<TDraftDetail> {
  const r = await get(token, orgId, `/drafts/${id}`);
  expectStatus(r, 200);
  return ZDraftDetail.parse(r.body);
}

const edited = (items: readonly TDraftItem[]) => items.map(editedItem);
const shift = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();

describe('drafts: versions, confirmation, rejection', () => {
  it('edit → v2 with a diff and the confirmation voided; stale confirms 409; confirm v2; edit again → v3 needs a new confirmation', async () => {
    const w = await world();
    const v1 = w.draft.versions[0]!;
    const path = `/drafts/${w.draft.id}`;
    // confirm v1
    const c = await post(w.t.DISPATCHER, w.org.id, `${path}/confirm`, { version: 1, contentHash: v1.contentHash });
    expectStatus(c, 200);
    expect(ZDraft.parse(c.body)).toMatchObject({
      confirmedVersion: 1,
      confirmedHash: v1.contentHash,
      confirmedByMembershipId: w.org.users.DISPATCHER.membershipId,
    });

    // move the first item two hours later, drop the second
    const [first, second] = v1.items;
    const moved = { ...edited([first!])[0]!, startsAt: shift(first!.startsAt, 2), endsAt: shift(first!.endsAt, 2) };
    const e = await post(w.t.DISPATCHER, w.org.id, `${path}/versions`, {
      basedOnVersion: 1,
      items: [moved],
      note: 'later start',
    });
    expectStatus(e, 201);
    const d2 = ZDraftDetail.parse(e.body);
    expect(d2).toMatchObject({ currentVersion: 2, confirmedVersion: null, confirmedHash: null, confirmedAt: null });
    expect(d2.versions.map((v) => v.version)).toEqual([2, 1]);
    const v2 = d2.versions[0]!;
    expect(v2).toMatchObject({ basedOnVersion: 1, note: 'later start', validation: { ok: true, violations: [] } });
    expect(v2.items[0]!.itemKey).not.toBe(first!.itemKey); // a changed item gets a new key
    expect(v2.unplaced).toEqual([expect.objectContaining({ jobId: second!.jobId, reason: 'REMOVED_BY_EDIT' })]);
    expect(v2.contentHash).not.toBe(v1.contentHash);

    // an edit based on an old version → 409 with the current one
    const old = await post(w.t.DISPATCHER, w.org.id, `${path}/versions`, { basedOnVersion: 1, items: [] });
    expectError(old, 409, 'DRAFT_STALE');
    expect(old.body.error.details).toMatchObject({ currentVersion: 2, contentHash: v2.contentHash });

    // stale version, wrong hash → 409
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `${path}/confirm`, { version: 1, contentHash: v1.contentHash }),
      409,
      'DRAFT_STALE',
    );
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `${path}/confirm`, { version: 2, contentHash: v1.contentHash }),
      409,
      'DRAFT_STALE',
    );

    // two concurrent confirms of v2: both answer the same confirmation, one event
    const both = await Promise.all(
      [w.t.DISPATCHER, w.t.OWNER].map((t) =>
        post(t, w.org.id, `${path}/confirm`, { version: 2, contentHash: v2.contentHash }),
      ),
    );
    for (const r of both) expectStatus(r, 200);
    const confirmed = both.map((r) => ZDraft.parse(r.body));
    expect(confirmed[0]!.confirmedAt).toBe(confirmed[1]!.confirmedAt);
    expect(confirmed[0]!.confirmedVersion).toBe(2);

    // edit after confirm → v3, confirmation gone
    const e3 = await post(w.t.DISPATCHER, w.org.id, `${path}/versions`, { basedOnVersion: 2, items: edited(v1.items) });
    expectStatus(e3, 201);
    const d3 = ZDraftDetail.parse(e3.body);
    expect(d3).toMatchObject({ currentVersion: 3, confirmedVersion: null });
    // back to v1's items: the same item keys (an unchanged item keeps its key)
    expect(d3.versions[0]!.items.map((i) => i.itemKey)).toEqual(v1.items.map((i) => i.itemKey));

    // the trail: goal → run → tool calls → versions → confirmations, in order; the chain verifies
    const a = await get(w.t.DISPATCHER, w.org.id, `/audit-events?entityType=draft&entityId=${w.draft.id}&limit=200`);
    expectStatus(a, 200);
    const events = a.body.items as { action: string; entityType: string; seq: number; data: Record<string, unknown> }[];
    expect(events.map((x) => x.action)).toEqual([
      'agent.run_started',
      'agent.tool_called',
      'agent.planned',
      'agent.tool_called',
      'agent.tool_called',
      'agent.tool_called',
      'agent.tool_called',
      'draft.version_created',
      'agent.run_finished',
      'draft.confirmed',
      'draft.version_created',
      'draft.confirmed',
      'draft.version_created',
    ]);
    expect(events.map((x) => x.seq)).toEqual([...events.map((x) => x.seq)].sort((p, q) => p - q));
    expect(events[0]!.data.goal).toBe('安排下周的收获作业');
    expect(events[10]!.data).toMatchObject({
      version: 2,
      diff: { added: [], removed: [second!.jobId], changed: [first!.jobId] },
      confirmationVoided: true,
    });
    const verify = await get(w.t.OWNER, w.org.id, '/audit-events/verify');
    expectStatus(verify, 200);
    expect(verify.body.ok).toBe(true);
  });

  it('editing one item keeps the evidence of the untouched one; the edited one says in which version, by whom and why; the note is in the audit event (issue #12, bugs 3 and 4)', async () => {
    const w = await world();
    const v1 = w.draft.versions[0]!;
    const [first, second] = v1.items;
    const ev1 = new Map(v1.evidence.map((e) => [e.jobId, e]));
    expect(Object.keys(ev1.get(second!.jobId)!.steps).length).toBeGreaterThan(0);
    const moved = { ...edited([first!])[0]!, startsAt: shift(first!.startsAt, 1), endsAt: shift(first!.endsAt, 1) };
    const e = await post(w.t.DISPATCHER, w.org.id, `/drafts/${w.draft.id}/versions`, {
      basedOnVersion: 1,
      items: [moved, ...edited([second!])],
      note: '机手要晚到一小时',
    });
    expectStatus(e, 201);
    const v2 = ZDraftDetail.parse(e.body).versions[0]!;
    const ev2 = new Map(v2.evidence.map((x) => [x.jobId, x]));
    // untouched: the same run steps as in v1, no edit mark
    expect(ev2.get(second!.jobId)).toEqual({
      ...ev1.get(second!.jobId)!,
      itemKey: v2.items.find((i) => i.jobId === second!.jobId)!.itemKey,
    });
    // edited: no run steps (the edit's own tool calls are not the run's), who and why instead
    expect(ev2.get(first!.jobId)).toMatchObject({
      steps: {},
      edit: {
        version: 2,
        byUserId: w.org.users.DISPATCHER.id,
        byName: expect.stringContaining('DISPATCHER'),
        note: '机手要晚到一小时',
      },
    });
    const audit = await h.db.auditEvent.findFirstOrThrow({
      where: { organizationId: w.org.id, entityId: w.draft.id, action: 'draft.version_created' },
      orderBy: { seq: 'desc' },
    });
    expect(audit.data).toMatchObject({ version: 2, note: '机手要晚到一小时' });
  });

  it('a hand-edited double booking is recorded as a violation and cannot be confirmed (422)', async () => {
    const w = await world();
    const [a, b] = w.draft.versions[0]!.items;
    // both jobs on the same combine at overlapping times (inside the second job's window? no: the first job's window)
    const items = [
      { ...edited([a!])[0]!, primaryAssetId: w.combines[0]! },
      {
        ...edited([b!])[0]!,
        primaryAssetId: w.combines[0]!,
        operatorMembershipId: a!.operatorMembershipId,
        startsAt: a!.startsAt,
        endsAt: a!.endsAt,
      },
    ];
    const e = await post(w.t.DISPATCHER, w.org.id, `/drafts/${w.draft.id}/versions`, { basedOnVersion: 1, items });
    expectStatus(e, 201);
    const v2 = ZDraftDetail.parse(e.body).versions[0]!;
    expect(v2.validation.ok).toBe(false);
    const codes = v2.validation.violations.map((v) => v.code);
    expect(codes).toContain('MACHINE_DOUBLE_BOOKED');
    expect(codes).toContain('OUTSIDE_WINDOW'); // b moved out of its own window
    const c = await post(w.t.DISPATCHER, w.org.id, `/drafts/${w.draft.id}/confirm`, {
      version: 2,
      contentHash: v2.contentHash,
    });
    expectError(c, 422, 'DRAFT_INVALID');
    expect(c.body.error.details.violations.length).toBeGreaterThan(0);
  });

  it('concurrent edits of one version: one new version, the other 409', async () => {
    const w = await world();
    const body = { basedOnVersion: 1, items: edited(w.draft.versions[0]!.items) };
    const rs = await Promise.all(
      [1, 2, 3].map(() => post(w.t.DISPATCHER, w.org.id, `/drafts/${w.draft.id}/versions`, body)),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await detail(w.org.id, w.t.DISPATCHER, w.draft.id)).versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it('reject → REJECTED; further edits, confirms and rejects → 409', async () => {
    const w = await world();
    const path = `/drafts/${w.draft.id}`;
    expectError(await post(w.t.DISPATCHER, w.org.id, `${path}/reject`, {}), 400, 'VALIDATION_FAILED');
    const r = await post(w.t.DISPATCHER, w.org.id, `${path}/reject`, { reason: '天气不好' });
    expectStatus(r, 200);
    expect(ZDraft.parse(r.body)).toMatchObject({
      status: 'REJECTED',
      rejectionReason: '天气不好',
      rejectedByUserId: w.org.users.DISPATCHER.id,
    });
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `${path}/versions`, { basedOnVersion: 1, items: [] }),
      409,
      'DRAFT_NOT_OPEN',
    );
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `${path}/confirm`, {
        version: 1,
        contentHash: w.draft.versions[0]!.contentHash,
      }),
      409,
      'DRAFT_NOT_OPEN',
    );
    expectError(await post(w.t.DISPATCHER, w.org.id, `${path}/reject`, { reason: 'again' }), 409, 'DRAFT_NOT_OPEN');
    const list = await get(w.t.VIEWER, w.org.id, '/drafts?status=REJECTED');
    expectStatus(list, 200);
    expect(list.body.items.map((d: { id: string }) => d.id)).toEqual([w.draft.id]);
    const open = await get(w.t.VIEWER, w.org.id, '/drafts?status=OPEN');
    expect(open.body.items).toEqual([]);
  });

  it('the detail lists its executions, newest first ([] before any); another org sees no draft at all', async () => {
    const w = await world();
    expect(w.draft.executions).toEqual([]);
    // a second version, so each version can have its execution (one per version at most)
    const [first] = w.draft.versions[0]!.items;
    const moved = { ...edited([first!])[0]!, startsAt: shift(first!.startsAt, 1), endsAt: shift(first!.endsAt, 1) };
    expectStatus(
      await post(w.t.DISPATCHER, w.org.id, `/drafts/${w.draft.id}/versions`, { basedOnVersion: 1, items: [moved] }),
      201,
    );
    // executions are written by the execute endpoint and the worker (executions.e2e.spec.ts): here rows of two states
    const t0 = Date.now() - 60_000;
    const refused = await h.db.execution.create({
      data: {
        organizationId: w.org.id,
        draftId: w.draft.id,
        version: 1,
        status: 'REFUSED',
        itemsTotal: 2,
        error: 'not confirmed',
        createdAt: new Date(t0),
        finishedAt: new Date(t0 + 1_000),
      },
    });
    const running = await h.db.execution.create({
      data: {
        organizationId: w.org.id,
        draftId: w.draft.id,
        version: 2,
        status: 'RUNNING',
        itemsTotal: 1,
        createdAt: new Date(t0 + 30_000),
        startedAt: new Date(t0 + 31_000),
      },
    });
    const d = await detail(w.org.id, w.t.VIEWER, w.draft.id);
    expect(d.executions).toEqual([
      {
        id: running.id,
        version: 2,
        status: 'RUNNING',
        createdAt: new Date(t0 + 30_000).toISOString(),
        finishedAt: null,
      },
      {
        id: refused.id,
        version: 1,
        status: 'REFUSED',
        createdAt: new Date(t0).toISOString(),
        finishedAt: new Date(t0 + 1_000).toISOString(),
      },
    ]);
    // the old fields are all still there
    expect(d.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(d).toMatchObject({ id: w.draft.id, currentVersion: 2, status: 'OPEN' });
    // another org's draft (and so its executions) is a 404
    const other = await createOrg(h.db, 'drafts');
    const theirs = await loginAll(h.base, other);
    expectError(await get(theirs.OWNER, other.id, `/drafts/${w.draft.id}`), 404, 'NOT_FOUND');
  });

  it('confirm and reject honour Idempotency-Key: a retried confirm replays the first answer, one confirmation', async () => {
    const w = await world();
    const v1 = w.draft.versions[0]!;
    const send = (action: string, body: unknown, key: string) =>
      call(h.base, 'POST', orgPath(w.org.id, `/drafts/${w.draft.id}/${action}`), {
        token: w.t.DISPATCHER,
        body,
        headers: { 'idempotency-key': key },
      });
    const key = randomUUID();
    const first = await send('confirm', { version: 1, contentHash: v1.contentHash }, key);
    expectStatus(first, 200);
    expectReplayOf(first, await send('confirm', { version: 1, contentHash: v1.contentHash }, key));
    expectError(await send('reject', { reason: 'x' }, key), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(
      await h.db.auditEvent.count({
        where: { organizationId: w.org.id, entityId: w.draft.id, action: 'draft.confirmed' },
      }),
    ).toBe(1);
    const rk = randomUUID();
    const rejected = await send('reject', { reason: '天气不好' }, rk);
    expectStatus(rejected, 200);
    expectReplayOf(rejected, await send('reject', { reason: '天气不好' }, rk));
    expect(
      await h.db.auditEvent.count({
        where: { organizationId: w.org.id, entityId: w.draft.id, action: 'draft.rejected' },
      }),
    ).toBe(1);
  });

  it('lists drafts with keyset pagination', async () => {
    const w = await world();
    const again = await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: '安排下周的收获作业' });
    expectStatus(again, 201);
    const p1 = await get(w.t.VIEWER, w.org.id, '/drafts?limit=1&kind=SCHEDULE');
    expectStatus(p1, 200);
    expect(p1.body.items).toHaveLength(1);
    expect(p1.body.nextCursor).toEqual(expect.any(String));
    const p2 = await get(w.t.VIEWER, w.org.id, `/drafts?limit=1&cursor=${p1.body.nextCursor}`);
    expect(p2.body.items).toHaveLength(1);
    expect(p2.body.nextCursor).toBeNull();
    expect(new Set([p1.body.items[0].id, p2.body.items[0].id]).size).toBe(2);
  });

  // DELETE stays possible by design (an org can be erased by cascade): see the migration
  it('versions are immutable: a raw UPDATE (or a Prisma update) is refused by the database', async () => {
    const w = await world();
    await expect(
      h.db.$executeRaw`UPDATE "DraftVersion" SET "contentHash" = 'x' WHERE "draftId" = ${w.draft.id}::uuid`,
    ).rejects.toThrow();
    await expect(
      h.db.draftVersion.updateMany({ where: { draftId: w.draft.id }, data: { note: 'tampered' } }),
    ).rejects.toThrow(/immutable/);
    expect((await detail(w.org.id, w.t.DISPATCHER, w.draft.id)).versions[0]!.contentHash).toBe(
      w.draft.versions[0]!.contentHash,
    );
  });
});
