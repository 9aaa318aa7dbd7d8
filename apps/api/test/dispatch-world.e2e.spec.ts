import { describe, expect, it } from 'vitest';
import { ZAgentRun, ZDraftDetail, editedItem, type TAgentRun, type TDraftDetail } from '@amms/contracts/drafts';
import { ZJob } from '@amms/contracts/jobs';
import type { TRole } from '@amms/contracts/permissions';
import { createOrg, type TestOrg } from './harness.js';
import { appForFile, assetRow, combineModel, orgApi, tag } from './support/world.js';
import { expectError, expectStatus, loginAll } from './assertions.js';
import { HOUR, nextWeek } from './draft-fixtures.js';

/**
 * The world a dispatcher plans in: who runs machines, how long a day is (daylight at the
 * fields, the break, the day limit), and which job must wait for which. Each case goes
 * through POST /agent/runs (and the draft edit where a person could break the rule).
 */
const h = appForFile();

const { get, post } = orgApi(() => h);
/** local (UTC+8) hour of day, with minutes as a fraction */
const localHour = (iso: string) => {
  const d = new Date(Date.parse(iso) + 8 * HOUR);
  return d.getUTCHours() + d.getUTCMinutes() / 60;
};

interface World {
  org: TestOrg;
  t: Record<TRole, string>;
  combines: string[];
  field: string;
  job: (
    windowStart: string,
    windowEnd: string,
    hours: number,
    op?: string,
    extra?: Record<string, unknown>,
  ) => Promise<string>;
}

async function world(
  combines = 2,
  field: { latitude?: number; longitude?: number } = {},
  ops: string[] = ['HARVESTING'],
): Promise<World> {
  const org = await createOrg(h.db, 'dspworld');
  const t = await loginAll(h.base, org);
  const model = await combineModel(h.db, org.id, ops as never);
  const ids: string[] = [];
  for (let i = 0; i < combines; i++) ids.push(await assetRow(h.db, org.id, model.id, `收割机${i + 1}`));
  const f = await post(t.OWNER, org.id, '/fields', { name: `北岗${tag()}`, areaHa: 20, ...field });
  expectStatus(f, 201);
  const job = async (
    windowStart: string,
    windowEnd: string,
    hours: number,
    op = 'HARVESTING',
    extra: Record<string, unknown> = {},
  ) => {
    const r = await post(t.DISPATCHER, org.id, '/jobs', {
      fieldId: f.body.id,
      operationType: op,
      estimatedHours: hours,
      windowStart,
      windowEnd,
      ...extra,
    });
    expectStatus(r, 201);
    return ZJob.parse(r.body).id;
  };
  return { org, t, combines: ids, field: f.body.id as string, job };
}

async function run(w: World, goal: string): Promise<TAgentRun> {
  const r = await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal });
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}

async function detail(w: World, id: string): Promise<TDraftDetail> {
  const r = await get(w.t.DISPATCHER, w.org.id, `/drafts/${id}`);
  expectStatus(r, 200);
  return ZDraftDetail.parse(r.body);
}

describe('who runs machines', () => {
  it('only operators are given a machine: two parallel jobs and one operator → one placed, one unplaced (the dispatcher is never assigned); an edit giving the dispatcher a combine is refused', async () => {
    const w = await world(2);
    const at = nextWeek();
    const a = await w.job(at(1, 7), at(1, 12), 4);
    const b = await w.job(at(1, 7), at(1, 12), 4);
    const r = await run(w, '安排下周的收获作业');
    expect(r.status).toBe('COMPLETED');
    const items = r.draft!.items;
    expect(items).toHaveLength(1);
    expect(items[0]!.operatorMembershipId).toBe(w.org.users.OPERATOR.membershipId);
    expect(r.draft!.unplaced.map((u) => u.jobId).sort()).toEqual([a, b].filter((j) => j !== items[0]!.jobId));
    expect(r.draft!.unplaced[0]!.reason).toBe('NO_OPERATOR_AVAILABLE');

    // a person puts the dispatcher on the other combine: the version records the violation, confirm 422
    const d = await detail(w, r.draftId!);
    const other = r.draft!.unplaced[0]!.jobId;
    const edit = [
      ...items.map(editedItem),
      {
        jobId: other,
        primaryAssetId: w.combines.find((c) => c !== items[0]!.primaryAssetId)!,
        implementAssetIds: [],
        operatorMembershipId: w.org.users.DISPATCHER.membershipId,
        startsAt: items[0]!.startsAt,
        endsAt: items[0]!.endsAt,
      },
    ];
    const e = await post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/versions`, { basedOnVersion: 1, items: edit });
    expectStatus(e, 201);
    const v2 = ZDraftDetail.parse(e.body).versions[0]!;
    expect(v2.validation.ok).toBe(false);
    expect(v2.validation.violations.map((v) => v.code)).toContain('UNKNOWN_OPERATOR');
    const c = await post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/confirm`, {
      version: 2,
      contentHash: v2.contentHash,
    });
    expectError(c, 422, 'DRAFT_INVALID');
  }, 90_000);

  it('a member flagged as running machines (a dispatcher who drives) is planned like an operator', async () => {
    const w = await world(2);
    await h.db.membership.update({
      where: { id: w.org.users.DISPATCHER.membershipId },
      data: { operatesMachines: true },
    });
    const at = nextWeek();
    await w.job(at(1, 7), at(1, 12), 4);
    await w.job(at(1, 7), at(1, 12), 4);
    const r = await run(w, '安排下周的收获作业');
    expect(r.draft!.items.map((i) => i.operatorMembershipId).sort()).toEqual(
      [w.org.users.OPERATOR.membershipId, w.org.users.DISPATCHER.membershipId].sort(),
    );
  });
});

describe('the working day', () => {
  it('"每人每天别超过10小时": a 12 h job runs 10 h on Monday and 2 h on Tuesday, not 07:00–19:00', async () => {
    const w = await world(1);
    const at = nextWeek();
    await w.job(at(0, 0), at(3, 0), 12);
    const r = await run(w, '安排下周的收获作业，每人每天别超过10小时');
    expect(r.constraints!.limits).toEqual({ maxHoursPerDay: 10 });
    expect(r.draft!.items).toHaveLength(1);
    const it = r.draft!.items[0]!;
    expect(it.startsAt).toBe(at(0, 7));
    expect(it.endsAt).toBe(at(1, 9));
    expect(r.draft!.validation.ok).toBe(true);
  });

  it('the org calendar: daylight at the fields (December sunset), the midday break and a 10 h day; a hand edit to 07:00–19:00 is refused', async () => {
    // the demo region (Hongze, Jiangsu): in December the sun sets before 17:00 local
    const w = await world(1, { latitude: 33.52, longitude: 118.95 });
    await h.db.organization.update({
      where: { id: w.org.id },
      data: { maxDailyHours: 10, workBreak: '12:00-13:00' },
    });
    const at = nextWeek();
    const job = await w.job(at(0, 0), at(5, 0), 8);
    const r = await run(w, '安排下周的收获作业');
    const it = r.draft!.items.find((i) => i.jobId === job)!;
    // sunrise there is 06:55–07:05 in December, so the day starts at 07:00 or, once the sun rises after
    // 07:00 (mid-December on), the next half hour; 8 h of work around the 12–13 break end 9 h after the start
    const start = localHour(it.startsAt);
    expect([7, 7.5]).toContain(start);
    expect(Date.parse(it.endsAt) - Date.parse(it.startsAt)).toBe(9 * HOUR);
    expect(Date.parse(it.startsAt) - Date.parse(at(0, 0))).toBe(start * HOUR); // on the Monday
    expect(r.draft!.validation.ok).toBe(true);

    const d = await detail(w, r.draftId!);
    const e = await post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/versions`, {
      basedOnVersion: 1,
      items: [
        {
          jobId: it.jobId,
          primaryAssetId: it.primaryAssetId,
          implementAssetIds: [],
          operatorMembershipId: it.operatorMembershipId,
          startsAt: at(0, 7),
          endsAt: at(0, 19),
        },
      ],
    });
    expectStatus(e, 201);
    const v2 = ZDraftDetail.parse(e.body).versions[0]!;
    expect(v2.validation.violations.map((v) => v.code)).toContain('OUTSIDE_WORKING_DAY');
  });

  it('no scrap of a job on its last day: 12.5 h of work is not Monday 07:00–19:00 + Tuesday 07:00–07:30', async () => {
    const w = await world(1);
    const at = nextWeek();
    await w.job(at(0, 0), at(3, 0), 12.5);
    const r = await run(w, '安排下周的收获作业');
    const it = r.draft!.items[0]!;
    expect(it.endsAt).not.toBe(at(1, 7.5));
    // at least an hour of work on the last day
    expect(localHour(it.endsAt) - 7).toBeGreaterThanOrEqual(1);
    expect(r.draft!.validation.ok).toBe(true);
  });
});

describe('job order', () => {
  it('the transport of a field never starts before its harvest ends, even when the transport is more urgent; an edit moving it earlier is refused', async () => {
    const w = await world(2, {}, ['HARVESTING', 'TRANSPORT']);
    await h.db.membership.update({
      where: { id: w.org.users.ADMIN.membershipId },
      data: { operatesMachines: true },
    });
    const at = nextWeek();
    const harvest = await w.job(at(0, 0), at(5, 0), 6, 'HARVESTING', { priority: 2 });
    const transport = await w.job(at(0, 0), at(5, 0), 3, 'TRANSPORT', { priority: 5 });
    const r = await run(w, '安排下周的收获和运输作业');
    const byJob = new Map(r.draft!.items.map((i) => [i.jobId, i]));
    expect(byJob.size).toBe(2);
    expect(Date.parse(byJob.get(transport)!.startsAt)).toBeGreaterThanOrEqual(Date.parse(byJob.get(harvest)!.endsAt));
    expect(r.draft!.validation.ok).toBe(true);

    const d = await detail(w, r.draftId!);
    const items = r.draft!.items.map((i) => ({
      jobId: i.jobId,
      primaryAssetId: i.primaryAssetId,
      implementAssetIds: i.implementAssetIds,
      operatorMembershipId: i.operatorMembershipId,
      startsAt: i.jobId === transport ? byJob.get(harvest)!.startsAt : i.startsAt,
      endsAt:
        i.jobId === transport ? new Date(Date.parse(byJob.get(harvest)!.startsAt) + 3 * HOUR).toISOString() : i.endsAt,
    }));
    const e = await post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/versions`, { basedOnVersion: 1, items });
    expectStatus(e, 201);
    expect(ZDraftDetail.parse(e.body).versions[0]!.validation.violations.map((v) => v.code)).toContain(
      'ORDER_VIOLATED',
    );
  });
});
