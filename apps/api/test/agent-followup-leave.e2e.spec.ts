import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from './support/world.js';
import { at, followUpRun, followUpWorld, localDay, type FollowUpWorld } from './support/followup-world.js';

/**
 * Issue 25 §3: a leave said after a draft exists ("赵刚周三请假") re-plans that person's items on
 * those days as a new version of the same draft: another operator, the machine and hours kept,
 * through the same validation; a leave on a day they have no work changes nothing.
 */
const h = appForFile();
const run = (w: FollowUpWorld, goal: string, conversationId?: string) => followUpRun(h, w, goal, conversationId);

describe('leave said in a follow-up', () => {
  let w: FollowUpWorld;
  beforeAll(async () => {
    w = await followUpWorld(h);
  });

  it('"<operator>周三请假" → version 2: Wednesday\'s item goes to another operator, machine and hours kept', async () => {
    const first = await run(w, `安排下周${w.field}的收获，优先用收割机甲`);
    expect(first.status).toBe('COMPLETED');
    const v1 = first.draft!.items[0]!;
    expect(localDay(v1.startsAt)).toBe(localDay(at(2, 12)));
    const name = v1.operatorName!;

    // a day without his work: nothing to change, the draft stays at version 1
    const friday = await run(w, `${name}周五请假`, first.conversationId!);
    expect(friday.status, `${name}: ${friday.question}`).toBe('COMPLETED');
    expect(friday.intent).toBe('EDIT_DRAFT');
    expect(friday.message).toContain(`记下了：${name}`);
    expect(friday.message).toContain('不用改动');
    expect(friday.draft).toBeNull();

    const second = await run(w, `${name}周三请假`, first.conversationId!);
    expect(second.status).toBe('COMPLETED');
    expect(second.intent).toBe('EDIT_DRAFT');
    expect(second.draftId).toBe(first.draftId);
    expect(second.draft!.version).toBe(2);
    const v2 = second.draft!.items[0]!;
    expect(v2.operatorMembershipId).not.toBe(v1.operatorMembershipId);
    expect(v2.primaryAssetId).toBe(v1.primaryAssetId);
    expect([v2.startsAt, v2.endsAt]).toEqual([v1.startsAt, v1.endsAt]);
    expect(second.edit!.violations).toBe(0);
    expect(second.message).toContain(`记下了：${name} ${localDay(at(2, 12))} 请假`);
    expect(second.message).toContain('校验通过');
  });

  it('a leave said with a new goal stays a new goal (a new draft, not an edit)', async () => {
    const first = await run(w, `安排下周${w.field}的收获`);
    const name = first.draft!.items[0]!.operatorName!;
    const next = await run(w, `安排下周${w.field}的收获，${name}周三请假`, first.conversationId!);
    expect(next.intent).toBe('SCHEDULE_JOBS');
    expect(next.draftId).not.toBe(first.draftId);
  });
});
