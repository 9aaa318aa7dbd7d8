import { beforeAll, describe, expect, it } from 'vitest';
import { ZAgentRun, type TAgentRun } from '@amms/contracts/drafts';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, type TestOrg } from './harness.js';
import { appForFile, tag } from './support/world.js';
import { expectStatus, loginAll, orgPath } from './assertions.js';
import { HOUR, nextWeek } from './draft-fixtures.js';

/**
 * Follow-up edits made whole (issue 25 §3, real API, Postgres, Redis): the dispatcher's words fix
 * one thing and the rest gives way only when it must. "把周三的改到周四" onto a Thursday where the
 * combine is already booked keeps Thursday and takes the free combine (version 2 valid, the reason
 * said); "不要用<operator>" replaces the operator, machine and hours kept; "换一台" takes another
 * machine for the same hours; nothing free → the draft is unchanged and the run says so.
 */
const h = appForFile();
const at = nextWeek();
const localDay = (iso: string) => new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 10);

interface World {
  org: TestOrg;
  t: Record<TRole, string>;
  a: string;
  b: string;
  field: string;
  other: string;
  liMing: string;
}

/** two combines 甲 and 乙, a field with a 3 h harvest Wed–Fri, another field's job, and operator 李明 */
async function world(): Promise<World> {
  const org = await createOrg(h.db, 'repair');
  const t = await loginAll(h.base, org);
  const model = (
    await h.db.machineModel.create({
      data: {
        organizationId: org.id,
        manufacturer: `Maker-${tag()}`,
        name: 'C1',
        kind: 'SELF_PROPELLED',
        operationTypes: ['HARVESTING'],
      },
    })
  ).id;
  const asset = async (name: string) =>
    (await h.db.asset.create({ data: { organizationId: org.id, modelId: model, name, serialNumber: `SN-${tag()}` } }))
      .id;
  const a = await asset('收割机甲');
  const b = await asset('收割机乙');
  const mkField = async (name: string) => {
    const f = await call(h.base, 'POST', orgPath(org.id, '/fields'), { token: t.OWNER, body: { name, areaHa: 20 } });
    expectStatus(f, 201);
    return f.body.id as string;
  };
  const field = `西岗${tag()}号地`;
  const fieldId = await mkField(field);
  const otherField = await mkField(`北岗${tag()}号地`);
  const u = await h.db.user.create({ data: { email: `liming-${tag()}@repair.test`, name: '李明', passwordHash: 'x' } });
  const m = await h.db.membership.create({
    data: { organizationId: org.id, userId: u.id, role: 'OPERATOR', dataScope: 'ASSIGNED' },
  });
  const job = async (fid: string, from: string, to: string) => {
    const j = await call(h.base, 'POST', orgPath(org.id, '/jobs'), {
      token: t.DISPATCHER,
      body: { fieldId: fid, operationType: 'HARVESTING', estimatedHours: 3, windowStart: from, windowEnd: to },
    });
    expectStatus(j, 201);
    return j.body.id as string;
  };
  await job(fieldId, at(2, 0), at(5, 0));
  const other = await job(otherField, at(3, 0), at(4, 0));
  return { org, t, a, b, field, other, liMing: m.id };
}

async function run(w: World, goal: string, conversationId?: string): Promise<TAgentRun> {
  const r = await call(h.base, 'POST', orgPath(w.org.id, '/agent/runs'), {
    token: w.t.DISPATCHER,
    body: { goal, ...(conversationId ? { conversationId } : {}) },
  });
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}

/** books the other field's job on `assetId` all Thursday, with `operator` */
async function bookThursday(w: World, assetId: string, operator: string) {
  const r = await call(h.base, 'POST', orgPath(w.org.id, `/jobs/${w.other}/assign`), {
    token: w.t.DISPATCHER,
    headers: { 'idempotency-key': `k-${tag()}` },
    body: { primaryAssetId: assetId, operatorMembershipId: operator, startsAt: at(3, 6), endsAt: at(3, 20) },
  });
  expectStatus(r, 200);
}

describe('a follow-up edit keeps what was said and repairs the rest', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
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
