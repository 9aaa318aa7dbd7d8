import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ZDraftDetail, type TAgentRun, type TDraftDetail } from '@amms/contracts/drafts';
import { appForFile } from './support/world.js';
import { at, followUpRun, licensedWorld, localDay, type FollowUpWorld } from './support/followup-world.js';
import { expectStatus, orgPath } from './assertions.js';
import { call } from './harness.js';

/**
 * Issue 25: a goal's own limits hold for every later edit of its draft. "每人每天别超过10小时",
 * "12月10日前收完…" and "赵刚周四请假" are kept with the run's constraints; an edit from the web
 * editor (POST /drafts/:id/versions) or a follow-up in the conversation that breaks one gets the
 * finding the planner's own validation gives (OUTSIDE_WORKING_DAY, OUTSIDE_WINDOW, ON_LEAVE).
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const h = appForFile();
const run = (w: FollowUpWorld, goal: string, conversationId?: string) => followUpRun(h, w, goal, conversationId);

/** the web editor's edit: the run's first item with new times, as the DISPATCHER */
async function editTimes(w: FollowUpWorld, r: TAgentRun, startsAt: string, endsAt: string): Promise<TDraftDetail> {
  const it = r.draft!.items[0]!;
  const res = await call(h.base, 'POST', orgPath(w.org.id, `/drafts/${r.draftId}/versions`), {
    token: w.t.DISPATCHER,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      basedOnVersion: r.draft!.version,
      items: [
        {
          jobId: it.jobId,
          primaryAssetId: it.primaryAssetId,
          implementAssetIds: it.implementAssetIds,
          operatorMembershipId: it.operatorMembershipId,
          startsAt,
          endsAt,
        },
      ],
    },
  });
  expectStatus(res, 201);
  return ZDraftDetail.parse(res.body);
}

const current = (d: TDraftDetail) => d.versions.find((v) => v.version === d.currentVersion)!;
/** "12月10日" of an instant, local */
const zhDate = (iso: string) => {
  const [, m, d] = localDay(iso).split('-').map(Number);
  return `${m}月${d}日`;
};

describe("a goal's limits hold for the edits of its draft", () => {
  let w: FollowUpWorld;
  beforeAll(async () => {
    w = await licensedWorld(h);
  });

  it('每人每天别超过10小时: a web edit to 07:00–19:00 is OUTSIDE_WORKING_DAY, said with the limit', async () => {
    const first = await run(w, `安排下周${w.field}的收获，每人每天别超过10小时`);
    expect(first.constraints?.limits?.maxHoursPerDay).toBe(10);
    expect(first.draft!.validation.ok).toBe(true);
    const d = await editTimes(w, first, at(2, 7), at(2, 19));
    const v = current(d).validation.violations.find((x) => x.code === 'OUTSIDE_WORKING_DAY');
    expect(v, JSON.stringify(current(d).validation)).toBeDefined();
    expect(v!.message).toContain('每人每天最多 10 小时');
    // within the limit (07:00–17:00) the same edit passes: the limit, not the edit, is what is refused
    const ok = await editTimes(w, { ...first, draft: { ...first.draft!, version: 2 } }, at(2, 7), at(2, 17));
    expect(current(ok).validation.violations.map((x) => x.code)).not.toContain('OUTSIDE_WORKING_DAY');
  });

  it('a deadline ("…前收完"): a web edit past it is OUTSIDE_WINDOW, the window ending on the deadline', async () => {
    const thursday = at(3, 12);
    const first = await run(w, `${zhDate(thursday)}前收完${w.field}`);
    expect(first.constraints?.deadline).toBe(localDay(thursday));
    expect(first.draft!.items.length).toBe(1);
    // Friday morning: inside the job's own window (Wed–Fri), after the goal's deadline
    const d = await editTimes(w, first, at(4, 7), at(4, 10));
    const v = current(d).validation.violations.find((x) => x.code === 'OUTSIDE_WINDOW');
    expect(v, JSON.stringify(current(d).validation)).toBeDefined();
    // the window said ends with the deadline's day (Friday 00:00), not the job's own end (Saturday)
    const [, m, day] = localDay(at(4, 12)).split('-').map(Number);
    expect(v!.message).toContain(`不在作业的时间窗内（`);
    expect(v!.message).toContain(`${m}/${day}周五 00:00）`);
  });

  it('leave said in the goal: a follow-up moving his item onto that day is ON_LEAVE', async () => {
    await h.db.user.update({ where: { id: w.org.users.OPERATOR.id }, data: { name: '赵刚' } });
    const first = await run(w, `安排下周${w.field}的收获，赵刚周四请假`);
    const item = first.draft!.items[0]!;
    expect(item.operatorName).toBe('赵刚');
    expect(localDay(item.startsAt)).toBe(localDay(at(2, 12))); // Wednesday
    const second = await run(w, '那把周三的改到周四', first.conversationId!);
    expect(second.intent).toBe('EDIT_DRAFT');
    expect(second.draft!.version).toBe(2);
    const moved = second.draft!.items[0]!;
    expect(localDay(moved.startsAt)).toBe(localDay(at(3, 12)));
    // nobody else holds the combine licence: he stays, and the version says he is on leave
    const v = second.draft!.validation.violations.find((x) => x.code === 'ON_LEAVE');
    expect(v, JSON.stringify(second.draft!.validation)).toBeDefined();
    expect(v!.message).toContain('赵刚 在');
    // the leave is time off, not hours worked: no day limit is claimed for it
    expect(second.draft!.validation.violations.map((x) => x.code)).not.toContain('OPERATOR_DAY_LIMIT');
    expect(second.message).toContain('请假');
  });

  it('rest days and the day start said in the goal (周三休息，每天9点以后开工): planned around them, and an edit onto the rest day is OUTSIDE_WORKING_DAY', async () => {
    const first = await run(w, `安排下周${w.field}的收获，周三休息，每天9点以后开工`);
    expect(first.constraints?.limits).toMatchObject({ restWeekdays: [3], dayStartHour: 9 });
    // the period is still next week: "周三" is a rest day here, not a day to plan
    expect(first.constraints?.period?.from).toBe(localDay(at(0, 12)));
    const item = first.draft!.items[0]!;
    expect(localDay(item.startsAt)).toBe(localDay(at(3, 12))); // Thursday, not the window's first day
    expect(new Date(Date.parse(item.startsAt) + 8 * 3_600_000).getUTCHours()).toBeGreaterThanOrEqual(9);
    const second = await run(w, '那把周四的改到周三', first.conversationId!);
    expect(second.intent).toBe('EDIT_DRAFT');
    const v = second.draft!.validation.violations.find((x) => x.code === 'OUTSIDE_WORKING_DAY');
    expect(v, JSON.stringify(second.draft!.validation)).toBeDefined();
  });
});
