import { ZAgentRun, type TAgentRun } from '@amms/contracts/drafts';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, type Harness, type TestOrg } from '../harness.js';
import { tag } from './world.js';
import { expectStatus, loginAll, orgPath } from '../assertions.js';
import { HOUR, LICENCE_UNTIL, nextWeek } from '../draft-fixtures.js';

/** the follow-up worlds' days: next week's (day, hour) in Asia/Shanghai */
export const at = nextWeek();
export const localDay = (iso: string) => new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 10);

export interface FollowUpWorld {
  org: TestOrg;
  t: Record<TRole, string>;
  a: string;
  b: string;
  field: string;
  other: string;
  liMing: string;
}

/** two combines 甲 and 乙, a field with a 3 h harvest Wed–Fri, another field's job, and operator 李明 */
export async function followUpWorld(h: Pick<Harness, 'base' | 'db'>): Promise<FollowUpWorld> {
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

/** the DISPATCHER runs a goal (in the conversation, when given) */
export async function followUpRun(
  h: Pick<Harness, 'base'>,
  w: Pick<FollowUpWorld, 'org' | 't'>,
  goal: string,
  conversationId?: string,
): Promise<TAgentRun> {
  const r = await call(h.base, 'POST', orgPath(w.org.id, '/agent/runs'), {
    token: w.t.DISPATCHER,
    body: { goal, ...(conversationId ? { conversationId } : {}) },
  });
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}

/**
 * The follow-up world with licences: the combines' model does 5 ha/h and requires a combine
 * licence, which the OPERATOR holds (9 h a day at most) and 李明 does not.
 */
export async function licensedWorld(h: Pick<Harness, 'base' | 'db'>): Promise<FollowUpWorld> {
  const w = await followUpWorld(h);
  const asset = await h.db.asset.findUniqueOrThrow({ where: { id: w.a }, select: { modelId: true } });
  await h.db.machineModel.update({
    where: { id: asset.modelId },
    data: { workRateHaPerHour: '5.00', requiredQualifications: ['COMBINE'] },
  });
  const put = await call(h.base, 'PUT', orgPath(w.org.id, `/members/${w.org.users.OPERATOR.membershipId}/planning`), {
    token: w.t.OWNER,
    body: { maxDailyHours: 9, qualifications: [{ code: 'COMBINE', expiresOn: LICENCE_UNTIL }] },
  });
  expectStatus(put, 200);
  return w;
}
