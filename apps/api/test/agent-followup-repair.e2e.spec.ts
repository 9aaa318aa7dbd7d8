import { beforeAll, describe, expect, it } from 'vitest';
import type { TAgentRun } from '@amms/contracts/drafts';
import { call } from './harness.js';
import { appForFile, tag } from './support/world.js';
import { expectStatus, orgPath } from './assertions.js';
import { at, followUpRun, followUpWorld, localDay, type FollowUpWorld } from './support/followup-world.js';

/**
 * Follow-up edits made whole (issue 25 §3, real API, Postgres, Redis): the dispatcher's words fix
 * one thing and the rest gives way only when it must. "把周三的改到周四" onto a Thursday where the
 * combine is already booked keeps Thursday and takes the free combine (version 2 valid, the reason
 * said); "不要用<operator>" replaces the operator, machine and hours kept; "换一台" takes another
 * machine for the same hours; nothing free → the draft is unchanged and the run says so.
 */
const h = appForFile();
type World = FollowUpWorld;
const run = (w: World, goal: string, conversationId?: string): Promise<TAgentRun> =>
  followUpRun(h, w, goal, conversationId);

/** books the other field's job on `assetId` all Thursday, with `operator` */
async function bookThursday(w: FollowUpWorld, assetId: string, operator: string) {
  const r = await call(h.base, 'POST', orgPath(w.org.id, `/jobs/${w.other}/assign`), {
    token: w.t.DISPATCHER,
    headers: { 'idempotency-key': `k-${tag()}` },
    body: { primaryAssetId: assetId, operatorMembershipId: operator, startsAt: at(3, 6), endsAt: at(3, 20) },
  });
  expectStatus(r, 200);
}

describe('a follow-up edit keeps what was said and repairs the rest', () => {
  let w: FollowUpWorld;
  beforeAll(async () => {
    w = await followUpWorld(h);
  });

  it('"把周三的改到周四" onto a day where the combine is booked → Thursday on the free combine, valid, the reason said', async () => {
    const first = await run(w, `安排下周${w.field}的收获，优先用收割机甲`);
    expect(first.status).toBe('COMPLETED');
    const v1 = first.draft!.items[0]!;
    expect(v1.primaryAssetId).toBe(w.a);
    expect(localDay(v1.startsAt)).toBe(localDay(at(2, 12)));
    await bookThursday(w, w.a, w.org.users.OWNER.membershipId);
    const second = await run(w, '把周三的改到周四', first.conversationId!);
    expect(second.status).toBe('COMPLETED');
    expect(second.draft!.version).toBe(2);
    const moved = second.draft!.items[0]!;
    expect(localDay(moved.startsAt)).toBe(localDay(at(3, 12)));
    expect(moved.startsAt.slice(11)).toBe(v1.startsAt.slice(11));
    expect(moved.primaryAssetId).toBe(w.b);
    expect(moved.operatorMembershipId).toBe(v1.operatorMembershipId);
    expect(second.edit!.violations).toBe(0);
    expect(second.message).toContain('所以也调整了机器');
    expect(second.message).toContain('机器那时已有安排');
    expect(second.message).toContain('校验通过');
  });

  it('"不要用<operator>" replaces the operator, keeps machine and hours; "换一台" takes another machine', async () => {
    const first = await run(w, `安排下周${w.field}的收获，优先用收割机乙`);
    const v1 = first.draft!.items[0]!;
    const name = v1.operatorName!;
    const avoid = await run(w, `不要用${name}`, first.conversationId!);
    expect(avoid.status).toBe('COMPLETED');
    expect(avoid.draft!.version).toBe(2);
    const v2 = avoid.draft!.items[0]!;
    expect(v2.operatorMembershipId).not.toBe(v1.operatorMembershipId);
    expect([v2.primaryAssetId, v2.startsAt]).toEqual([v1.primaryAssetId, v1.startsAt]);
    expect(avoid.edit!.violations).toBe(0);
    const swap = await run(w, '换一台', first.conversationId!);
    expect(swap.draft!.version).toBe(3);
    const v3 = swap.draft!.items[0]!;
    expect(v3.primaryAssetId).not.toBe(v2.primaryAssetId);
    expect([v3.operatorMembershipId, v3.startsAt]).toEqual([v2.operatorMembershipId, v2.startsAt]);
  });

  it('English: "don\'t use" a machine when nothing else is free that day → the draft is unchanged and the run says so', async () => {
    const first = await run(w, `plan next week's harvest of ${w.field}, prefer 收割机乙`);
    const v1 = first.draft!.items[0]!;
    // the only other combine goes to the workshop
    await h.db.asset.update({ where: { id: w.a }, data: { status: 'IN_MAINTENANCE' } });
    const r = await run(w, "don't use 收割机乙", first.conversationId!);
    expect(r.status).toBe('COMPLETED');
    expect(r.message).toMatch(/no replacement/);
    const d = await call(h.base, 'GET', orgPath(w.org.id, `/drafts/${first.draftId}`), { token: w.t.DISPATCHER });
    expect(d.body.currentVersion).toBe(1);
    expect(v1.primaryAssetId).toBe(w.b);
  });
});
