// Issue 25: a leave said on its own ("李明下周三请假", "Li Ming is off next Friday") → a LEAVE draft that
// records it on the member's calendar when executed (once), and a SCHEDULE draft re-planning exactly
// that person's bookings on those days, whose execution moves them to another operator. Real worker.
import { beforeAll, describe, expect, it } from 'vitest';
import { ZAgentRun, ZDraftDetail, type TAgentRun, type TDraftDetail } from '@amms/contracts/drafts';
import type { PrismaClient } from '@amms/db';
import { createOrg, type Harness } from './harness.js';
import { expectStatus } from './assertions.js';
import { executionsApi } from './support/executions.js';
import { at, followUpWorld, localDay, type FollowUpWorld } from './support/followup-world.js';
import { workerEnvForFile } from './support/worker-env.js';

const env = workerEnvForFile({ suffix: 'leave' });
let h: Harness;
let db: PrismaClient;
beforeAll(() => {
  h = env.h;
  db = env.db;
});
const { get, post, confirm, execute, finished } = executionsApi(env);

async function run(w: FollowUpWorld, goal: string, token = w.t.DISPATCHER): Promise<TAgentRun> {
  const r = await post(token, w.org.id, '/agent/runs', { goal }, null);
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}

async function draft(w: FollowUpWorld, id: string): Promise<TDraftDetail> {
  const r = await get(w.t.DISPATCHER, w.org.id, `/drafts/${id}`);
  expectStatus(r, 200);
  return ZDraftDetail.parse(r.body);
}

/** confirms the draft's current version and executes it; the finished execution */
async function confirmAndExecute(w: FollowUpWorld, d: TDraftDetail) {
  const v = d.versions.find((x) => x.version === d.currentVersion)!;
  await confirm(w.t.DISPATCHER, w.org.id, d.id, v.version, v.contentHash);
  const ex = await execute(w.t.DISPATCHER, w.org.id, d.id, v.version);
  expectStatus(ex, 202);
  const done = await finished(w.t.DISPATCHER, w.org.id, ex.body.id);
  return { ex: ex.body.id as string, done };
}

/** 李明 runs the field's harvest on 甲 next Wednesday 08–11 and the other field's on 乙 next Thursday 08–11 */
async function bookedWorld() {
  const w = await followUpWorld({ base: h.base, db });
  const jobs = await db.job.findMany({ where: { organizationId: w.org.id }, orderBy: { windowStart: 'asc' } });
  const wed = jobs.find((j) => j.id !== w.other)!.id;
  const assign = async (jobId: string, assetId: string, day: number) =>
    expectStatus(
      await post(w.t.DISPATCHER, w.org.id, `/jobs/${jobId}/assign`, {
        primaryAssetId: assetId,
        operatorMembershipId: w.liMing,
        startsAt: at(day, 8),
        endsAt: at(day, 11),
      }),
      200,
    );
  await assign(wed, w.a, 2);
  await assign(w.other, w.b, 3);
  return { w, wed };
}

const liveOf = (orgId: string, jobId: string) =>
  db.assignment.findMany({ where: { organizationId: orgId, jobId, releasedAt: null } });

describe('a leave said on its own', () => {
  it('"李明下周三请假" → a LEAVE draft (recorded once) and a re-plan of his Wednesday booking only', async () => {
    const { w, wed } = await bookedWorld();
    const r = await run(w, '李明下周三请假');
    expect(r.status, r.question ?? '').toBe('COMPLETED');
    expect(r.intent).toBe('RECORD_LEAVE');
    const wednesday = localDay(at(2, 12));
    expect(r.draft!.leaveItems).toEqual([
      expect.objectContaining({ kind: 'LEAVE', membershipId: w.liMing, from: wednesday, to: wednesday }),
    ]);
    expect(r.draft!.leaveItems[0]!.startsAt).toBe(at(2, 0));
    expect(r.draft!.leaveItems[0]!.endsAt).toBe(at(3, 0));
    expect(r.leave!.bookings).toBe(1);
    expect(r.leave!.moved).toBe(1);
    // the message says both, in the goal's language, local times
    expect(r.message).toContain('已生成请假草案：李明');
    expect(r.message).toContain('改派草案');
    expect(r.message).toContain('08:00');

    // the re-plan: exactly the Wednesday booking, same machine and hours, another operator
    const replan = await draft(w, r.leave!.replanDraftId!);
    expect(replan.kind).toBe('SCHEDULE');
    const v1 = replan.versions[0]!;
    expect(v1.validation.violations).toEqual([]);
    expect(v1.items.map((i) => [i.jobId, i.primaryAssetId, i.startsAt, i.endsAt])).toEqual([
      [wed, w.a, at(2, 8), at(2, 11)],
    ]);
    expect(v1.items[0]!.operatorMembershipId).toBe(w.org.users.OPERATOR.membershipId);

    // executing the LEAVE draft writes the leave once; executing again changes nothing
    const leaveDraft = await draft(w, r.draftId!);
    expect(leaveDraft.kind).toBe('LEAVE');
    const first = await confirmAndExecute(w, leaveDraft);
    expect(first.done.status, JSON.stringify(first.done.receipts)).toBe('SUCCEEDED');
    expect(first.done.receipts.map((x) => [x.status, x.recordType])).toEqual([['SUCCEEDED', 'member_leave']]);
    const again = await execute(w.t.DISPATCHER, w.org.id, leaveDraft.id, 1);
    expectStatus(again, 200);
    expect(again.body.id).toBe(first.ex);
    const rows = await db.memberLeave.findMany({ where: { organizationId: w.org.id, membershipId: w.liMing } });
    expect(rows.map((l) => [l.startsAt.toISOString(), l.endsAt.toISOString()])).toEqual([[at(2, 0), at(3, 0)]]);
    expect(first.done.receipts[0]!.recordId).toBe(rows[0]!.id);

    // said again: already on the calendar, not drafted twice (the re-plan is offered again)
    const twice = await run(w, '李明下周三请假');
    expect(twice.draft?.leaveItems ?? []).toEqual([]);
    expect(twice.message).toContain('已有这段请假');

    // executing the re-plan moves Wednesday's job to the other operator, in one step; Thursday stays his
    const moved = await confirmAndExecute(w, replan);
    expect(moved.done.status, JSON.stringify(moved.done.receipts)).toBe('SUCCEEDED');
    const live = await liveOf(w.org.id, wed);
    expect(live.map((a) => a.operatorMembershipId)).toEqual([w.org.users.OPERATOR.membershipId]);
    expect(await db.assignment.count({ where: { organizationId: w.org.id, jobId: wed } })).toBe(2);
    const his = await db.operatorBooking.findMany({
      where: { organizationId: w.org.id, membershipId: w.liMing, releasedAt: null },
    });
    expect(his.filter((b) => b.startsAt < new Date(at(3, 0)) && b.endsAt > new Date(at(2, 0)))).toEqual([]);
    expect(his.map((b) => b.startsAt.toISOString())).toEqual([at(3, 8)]);
    expect((await liveOf(w.org.id, w.other)).map((a) => a.operatorMembershipId)).toEqual([w.liMing]);
    // the machine kept one live booking for the job (the old one released with the old assignment)
    expect(await db.machineBooking.count({ where: { organizationId: w.org.id, assetId: w.a, releasedAt: null } })).toBe(
      1,
    );
  });

  it('"Li Ming is off next Friday" with nothing booked → only the leave draft, said in English', async () => {
    const { w } = await bookedWorld();
    const r = await run(w, 'Li Ming is off next Friday');
    expect(r.status, r.question ?? '').toBe('COMPLETED');
    expect(r.intent).toBe('RECORD_LEAVE');
    const friday = localDay(at(4, 12));
    expect(r.draft!.leaveItems.map((i) => [i.membershipId, i.from, i.to])).toEqual([[w.liMing, friday, friday]]);
    expect(r.leave!.replanDraftId).toBeNull();
    expect(r.message).toContain('Leave draft made: 李明 off');
    expect(r.message).toContain('nothing needs re-planning');
    expect(await db.draft.count({ where: { organizationId: w.org.id } })).toBe(1);
  });

  it('leave that overlaps the calendar by the time it is executed is refused, saying so', async () => {
    const { w } = await bookedWorld();
    const r = await run(w, '李明下周四请假');
    expect(r.leave!.bookings).toBe(1);
    const rest = await post(w.t.DISPATCHER, w.org.id, `/members/${w.liMing}/leave`, {
      startsAt: at(3, 10),
      endsAt: at(3, 12),
    });
    expectStatus(rest, 201);
    const { done } = await confirmAndExecute(w, await draft(w, r.draftId!));
    expect(done.receipts.map((x) => [x.status, (x.detail as { code?: string }).code])).toEqual([
      ['CONFLICT', 'LEAVE_OVERLAPS'],
    ]);
    expect(await db.memberLeave.count({ where: { organizationId: w.org.id, membershipId: w.liMing } })).toBe(1);
  });

  it('an unknown name, or another org member’s, is asked about; a role that may not gets the refusal', async () => {
    const { w } = await bookedWorld();
    const q = await run(w, '吴斌周四请假');
    expect(q.status).toBe('NEEDS_INPUT');
    expect(q.question).toContain('吴斌');
    expect(q.draftId).toBeNull();
    // another org's operator 周涛
    const other = await createOrg(db, 'leave-other');
    const u = await db.user.create({
      data: { email: `zhoutao-${other.id}@leave.test`, name: '周涛', passwordHash: 'x' },
    });
    await db.membership.create({
      data: { organizationId: other.id, userId: u.id, role: 'OPERATOR', dataScope: 'ASSIGNED' },
    });
    const foreign = await run(w, '周涛下周二请假');
    expect(foreign.status).toBe('NEEDS_INPUT');
    expect(foreign.question).toContain('周涛');
    expect(await db.draft.count({ where: { organizationId: w.org.id } })).toBe(0);
    // a mechanic may run the agent but not record leave; a viewer may not run it at all
    // (a mechanic in no team reads no run back: the run row says it)
    await post(w.t.MECHANIC, w.org.id, '/agent/runs', { goal: '李明下周三请假' }, null);
    const mech = await db.agentRun.findFirstOrThrow({
      where: { organizationId: w.org.id, initiatorUserId: w.org.users.MECHANIC.id },
    });
    expect(mech.draftId).toBeNull();
    expect(JSON.stringify(mech.steps)).toContain('不能登记请假');
    const viewer = await post(w.t.VIEWER, w.org.id, '/agent/runs', { goal: '李明下周三请假' }, null);
    expect(viewer.status).toBe(403);
    expect(await db.memberLeave.count({ where: { organizationId: w.org.id } })).toBe(0);
  });
});
