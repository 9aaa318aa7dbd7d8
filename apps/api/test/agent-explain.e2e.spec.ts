import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZAgentRun, type TAgentRun } from '@amms/contracts/drafts';
import { ZJob } from '@amms/contracts/jobs';
import { DEFAULT_SCOPE, type TRole } from '@amms/contracts/permissions';
import { call, createOrg, startApp, type Harness, type TestOrg } from './harness.js';
import { expectStatus, loginAll, orgPath } from './assertions.js';
import { HOUR, LICENCE_UNTIL, nextWeek } from './draft-fixtures.js';

/**
 * A draft a dispatcher reads: every item says why this machine, operator and time (reason codes
 * rendered in the goal's language), and unplaced jobs and warnings are in that language with
 * times in the org's zone (Asia/Shanghai here), never UTC.
 */
// each run plans through the real API; a loaded machine needs more than the default 30 s
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
let h: Harness;
beforeAll(async () => {
  h = await startApp();
});
afterAll(() => h?.close());

const post = (token: string, org: string, rest: string, body: unknown = {}) =>
  call(h.base, 'POST', orgPath(org, rest), { token, body });
const tag = () => randomUUID().slice(0, 8);
/** "07:00" of an instant in UTC+8 */
const clock8 = (iso: string) => new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(11, 16);
const clockUtc = (iso: string) => new Date(iso).toISOString().slice(11, 16);
/** "12/14周一 08:00–12:00" in UTC+8, as the reasons write a span within one day */
const localSpanOf = (from: string, to: string) => {
  const d = new Date(Date.parse(from) + 8 * HOUR);
  const wd = '日一二三四五六'[d.getUTCDay()];
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}周${wd} ${clock8(from)}–${clock8(to)}`;
};

interface World {
  org: TestOrg;
  t: Record<TRole, string>;
  combines: { id: string; name: string }[];
  jobs: string[];
}

/** two combines (one of them avoided by the goal), one operator, two jobs at the same hours on one day */
async function world(): Promise<World> {
  const org = await createOrg(h.db, 'explain');
  const t = await loginAll(h.base, org);
  const model = await h.db.machineModel.create({
    data: {
      organizationId: org.id,
      manufacturer: `Mfr-${tag()}`,
      name: 'S780',
      kind: 'SELF_PROPELLED',
      operationTypes: ['HARVESTING'],
    },
  });
  const combines = [];
  for (const name of ['收割机甲', '收割机乙', '收割机丙'])
    combines.push(
      await h.db.asset.create({
        data: { organizationId: org.id, modelId: model.id, name, serialNumber: `SN-${tag()}` },
        select: { id: true, name: true },
      }),
    );
  const f = await post(t.OWNER, org.id, '/fields', { name: `东岗${tag()}`, areaHa: 20 });
  expectStatus(f, 201);
  const at = nextWeek();
  const jobs: string[] = [];
  for (let i = 0; i < 2; i++) {
    const r = await post(t.DISPATCHER, org.id, '/jobs', {
      fieldId: f.body.id,
      operationType: 'HARVESTING',
      estimatedHours: 4,
      windowStart: at(1, 8),
      windowEnd: at(1, 13),
    });
    expectStatus(r, 201);
    jobs.push(ZJob.parse(r.body).id);
  }
  return { org, t, combines, jobs };
}

async function run(w: World, goal: string): Promise<TAgentRun> {
  const r = await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal });
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}

describe('explanations in the goal language and the org time zone', () => {
  it('zh: each item says why (machine, time, operator, what was avoided, what else was free); the unplaced job says why in Chinese with local times', async () => {
    const w = await world();
    const r = await run(w, '安排下周的收获作业，不要用收割机丙');
    expect(r.status).toBe('COMPLETED');
    const d = r.draft!;
    expect(d.items).toHaveLength(1);
    const item = d.items[0]!;
    const why = d.evidence.find((e) => e.itemKey === item.itemKey)!.why!;
    expect(why.map((x) => x.code)).toEqual(expect.arrayContaining(['FITS', 'STARTS', 'AVOIDED', 'CLOSE', 'OPERATOR']));
    const text = (code: string) => why.find((x) => x.code === code)!.text;
    expect(text('FITS')).toContain(`${item.primaryAssetName} 能做收获`);
    // the time in Asia/Shanghai (08:00 local = 00:00 UTC): the local clock, never the UTC one
    expect(text('STARTS')).toContain(clock8(item.startsAt));
    expect(text('STARTS')).not.toContain(clockUtc(item.startsAt));
    expect(text('STARTS')).toContain('作业时间窗一开就开工');
    expect(text('AVOIDED')).toContain('收割机丙（按要求避开）');
    const other = w.combines.find((c) => c.name !== '收割机丙' && c.id !== item.primaryAssetId)!;
    expect(text('CLOSE')).toContain(other.name);
    expect(text('OPERATOR')).toContain(item.operatorName!);
    for (const x of why) expect(x.text).toMatch(/[\u4e00-\u9fff]/);

    expect(d.unplaced).toHaveLength(1);
    const u = d.unplaced[0]!;
    expect(u.reason).toBe('NO_OPERATOR_AVAILABLE');
    expect(u.detail).toMatch(/机手/);
    expect(u.detail).toContain('08:00');
    expect(u.detail).not.toMatch(/Z\b|T\d\d:/);
  });

  it('zh: the item names the figures: output × area → hours, the working day, the licence held', async () => {
    const w = await world();
    // the combines' model: 5 ha/h and a combine licence, which only the operator holds
    const asset = await h.db.asset.findUniqueOrThrow({ where: { id: w.combines[0]!.id }, select: { modelId: true } });
    await h.db.machineModel.update({
      where: { id: asset.modelId },
      data: { workRateHaPerHour: '5.00', requiredQualifications: ['COMBINE'] },
    });
    await h.db.memberQualification.create({
      data: {
        organizationId: w.org.id,
        membershipId: w.org.users.OPERATOR.membershipId,
        code: 'COMBINE',
        expiresAt: new Date(LICENCE_UNTIL),
      },
    });
    const r = await run(w, '安排下周的收获作业');
    const d = r.draft!;
    expect(d.items.length).toBeGreaterThan(0);
    const why = d.evidence[0]!.why!;
    const text = (code: string) => why.find((x) => x.code === code)?.text;
    expect(text('OUTPUT')).toBe(`产量：${d.items[0]!.primaryAssetName} 收获 5 公顷/小时 × 20 公顷 ≈ 4 小时作业`);
    expect(text('WORKING_HOURS')).toMatch(/每天 \d\d:\d\d–\d\d:\d\d.*共 4 小时作业/);
    expect(text('LICENCE')).toBe(`资质：${d.items[0]!.operatorName} 持有联合收割机驾驶证（有效至 ${LICENCE_UNTIL}）`);
  });

  it('en: the same draft explained in English, local times', async () => {
    const w = await world();
    const r = await run(w, "plan next week's harvesting");
    const d = r.draft!;
    const why = d.evidence[0]!.why!;
    expect(why.find((x) => x.code === 'FITS')!.text).toContain('does Harvesting');
    expect(why.find((x) => x.code === 'STARTS')!.text).toContain(clock8(d.items[0]!.startsAt));
    expect(d.unplaced[0]!.detail).toMatch(/^A machine is free in .* none of the 1 operators considered/);
    expect(d.unplaced[0]!.detail).toContain('08:00');
    expect(d.unplaced[0]!.detail).not.toMatch(/T\d\d:\d\d/);
  });
  it('zh: a machine the goal asked for that another job holds: the item says so and names that job', async () => {
    const w = await world();
    const at = nextWeek();
    // 收割机甲 is booked at those hours by another job, driven by a second operator
    const u = await h.db.user.create({
      data: { email: `op2-${tag()}@explain.test`, name: `机手二${tag()}`, passwordHash: 'x' },
    });
    const op2 = await h.db.membership.create({
      data: { organizationId: w.org.id, userId: u.id, role: 'OPERATOR', dataScope: DEFAULT_SCOPE.OPERATOR },
    });
    const f = await post(w.t.OWNER, w.org.id, '/fields', { name: `南坡${tag()}`, areaHa: 5 });
    expectStatus(f, 201);
    const title = `早稻抢收${tag()}`;
    const other = await post(w.t.DISPATCHER, w.org.id, '/jobs', {
      fieldId: f.body.id,
      title,
      operationType: 'HARVESTING',
      estimatedHours: 4,
      windowStart: at(1, 8),
      windowEnd: at(1, 13),
    });
    expectStatus(other, 201);
    const jia = w.combines.find((c) => c.name === '收割机甲')!;
    expectStatus(
      await call(h.base, 'POST', orgPath(w.org.id, `/jobs/${other.body.id}/assign`), {
        token: w.t.DISPATCHER,
        body: { primaryAssetId: jia.id, operatorMembershipId: op2.id, startsAt: at(1, 8), endsAt: at(1, 12) },
        headers: { 'idempotency-key': randomUUID() },
      }),
      200,
    );
    const r = await run(w, '安排下周的收获作业，用收割机甲');
    expect(r.status).toBe('COMPLETED');
    const d = r.draft!;
    expect(d.items.length).toBeGreaterThan(0);
    for (const item of d.items) {
      expect(item.primaryAssetId).not.toBe(jia.id);
      const why = d.evidence.find((e) => e.itemKey === item.itemKey)!.why!;
      const asked = why.find((x) => x.code === 'ASKED_NOT_USED')?.text;
      expect(asked).toBe(`没用您要的机器：收割机甲 在 ${localSpanOf(at(1, 8), at(1, 12))} 已有安排（${title}）`);
    }
  });
});
