import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZDraftDetail, type TAgentRun, type TDraftItem } from '@amms/contracts/drafts';
import { createOrg } from './harness.js';
import { assetRow, combineModel, machineModel, tag } from './support/world.js';
import { expectStatus, loginAll } from './assertions.js';
import { nextWeek } from './draft-fixtures.js';
import { executionsApi } from './support/executions.js';
import { followUpRun } from './support/followup-world.js';
import { workerEnvForFile } from './support/worker-env.js';
import { AssignPartsService } from '../src/jobs/assign-parts.service.js';
import { memberContext } from '../src/tenancy/member-context.js';
import { loadMember } from '../src/tenancy/memberships.repository.js';

/**
 * Split jobs (issue 25: "a large job may be split across machines and days and is shown as parts"),
 * real API, worker, Postgres and Redis: a follow-up "X让两台一起收" / "let two combines do X
 * together" makes version 2 with the job in two parts on two machines, areas summing to the field;
 * executing it writes one assignment per part with its hectares, once, under a double execute; the
 * edit path refuses parts that do not cover the field or overlap on one machine; the scheduler
 * splits a job one machine cannot finish in its window when the operation may be split (harvest),
 * never a transport job.
 */
const env = workerEnvForFile({ suffix: 'split' });
const { get, post, confirm, execute, finished, liveBookings } = executionsApi(env);
const at = nextWeek();

interface World {
  org: Awaited<ReturnType<typeof createOrg>>;
  t: Awaited<ReturnType<typeof loginAll>>;
  combines: string[];
  operators: string[];
  field: string;
  fieldId: string;
}

/** An org with three combines, two more operators and a field of `areaHa`. */
async function world(name: string, areaHa = 30): Promise<World> {
  const db = env.db;
  const org = await createOrg(db, 'split');
  const t = await loginAll(env.h.base, org);
  const model = await combineModel(db, org.id);
  const combines = [];
  for (const n of ['甲', '乙', '丙']) combines.push(await assetRow(db, org.id, model.id, `收割机${n}-${tag()}`));
  const operators = [];
  for (const who of ['孙强', '周立']) {
    const u = await db.user.create({ data: { email: `${tag()}@split.test`, name: who, passwordHash: 'x' } });
    const m = await db.membership.create({
      data: { organizationId: org.id, userId: u.id, role: 'OPERATOR', dataScope: 'ASSIGNED' },
    });
    operators.push(m.id);
  }
  const field = `${name}${tag()}`;
  const f = await post(t.OWNER, org.id, '/fields', { name: field, areaHa });
  expectStatus(f, 201);
  return { org, t, combines, operators, field, fieldId: f.body.id };
}

async function job(w: World, body: Record<string, unknown>): Promise<string> {
  const r = await post(w.t.DISPATCHER, w.org.id, '/jobs', {
    fieldId: w.fieldId,
    operationType: 'HARVESTING',
    estimatedHours: 6,
    windowStart: at(1, 0),
    windowEnd: at(5, 0),
    ...body,
  });
  expectStatus(r, 201);
  return r.body.id;
}

const run = (w: World, goal: string, conversationId?: string): Promise<TAgentRun> =>
  followUpRun(env.h, w, goal, conversationId);

const areaSum = (items: readonly TDraftItem[]) => Math.round(items.reduce((a, i) => a + i.part!.areaHa, 0) * 100) / 100;

/** the job's two parts: numbered 1/2 and 2/2, on two machines and two people, covering the field */
function expectTwoParts(items: readonly TDraftItem[], jobId: string, areaHa: number) {
  const parts = items.filter((i) => i.jobId === jobId);
  expect(parts.map((i) => [i.part?.index, i.part?.of])).toEqual([
    [1, 2],
    [2, 2],
  ]);
  expect(new Set(parts.map((i) => i.primaryAssetId)).size).toBe(2);
  expect(new Set(parts.map((i) => i.operatorMembershipId)).size).toBe(2);
  expect(Math.abs(areaSum(parts) - areaHa)).toBeLessThanOrEqual(0.05);
  return parts;
}

describe('"让两台一起收" on a draft → version 2 in two parts → executed as two assignments', () => {
  it('zh follow-up, confirm, a double execute: two assignments with their hectares, once', async () => {
    const w = await world('前滩');
    const jobId = await job(w, {});
    const first = await run(w, `安排下周${w.field}的收获`);
    expect(first.status).toBe('COMPLETED');
    expect(first.draft!.items.filter((i) => i.jobId === jobId)).toHaveLength(1);

    const second = await run(w, `${w.field}让两台一起收`, first.conversationId!);
    expect(second.status, second.message ?? second.question ?? '').toBe('COMPLETED');
    expect(second.intent).toBe('EDIT_DRAFT');
    expect(second.draftId).toBe(first.draftId);
    const v2 = second.draft!;
    expect(v2.version).toBe(2);
    expect(v2.validation.violations).toEqual([]);
    const parts = expectTwoParts(v2.items, jobId, 30);
    expect(second.message).toContain('分成2块');
    expect(second.edit!.diff.changed).toEqual([jobId]);
    // each part says why the job is split and which share this machine does, in the goal's language
    const d = ZDraftDetail.parse((await get(w.t.DISPATCHER, w.org.id, `/drafts/${first.draftId}`)).body);
    const stored = d.versions.find((v) => v.version === 2)!;
    for (const p of parts) {
      const why = stored.evidence.find((e) => e.itemKey === p.itemKey)!.why ?? [];
      const text = why.find((x) => x.code === 'PART')?.text ?? '';
      expect(text).toContain(`第${p.part!.index}/2块`);
      expect(text).toContain('按要求由2台机器分块');
      // its hours are its share's: the job's 6 h estimate × 15 / 30 ha (no output figures in this world)
      expect(why.find((x) => x.code === 'OUTPUT')?.text ?? '').toContain(
        `按作业预估 ${(6 * p.part!.areaHa) / 30} 小时`,
      );
    }

    await confirm(w.t.DISPATCHER, w.org.id, v2.id, 2, v2.contentHash);
    const [a, b] = await Promise.all([
      execute(w.t.DISPATCHER, w.org.id, v2.id, 2, randomUUID()),
      execute(w.t.DISPATCHER, w.org.id, v2.id, 2, randomUUID()),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 202]);
    expect(a.body.id).toBe(b.body.id);
    const done = await finished(w.t.DISPATCHER, w.org.id, a.body.id);
    expect(done.status, JSON.stringify(done.receipts)).toBe('SUCCEEDED');
    expect(done.receipts.map((r) => r.status)).toEqual(v2.items.map(() => 'SUCCEEDED'));

    const live = await env.db.assignment.findMany({
      where: { organizationId: w.org.id, jobId, releasedAt: null },
      include: { machines: true },
      orderBy: { partIndex: 'asc' },
    });
    expect(
      live.map((x) => [x.partIndex, x.partOf, x.areaM2, x.machines.find((m) => m.role === 'PRIMARY')!.assetId]),
    ).toEqual(parts.map((p) => [p.part!.index, 2, Math.round(p.part!.areaHa * 10_000), p.primaryAssetId]));
    expect(live.reduce((s, x) => s + x.areaM2!, 0)).toBe(300_000);
    const j = await get(w.t.DISPATCHER, w.org.id, `/jobs/${jobId}`);
    expect(j.body.status).toBe('SCHEDULED');
    expect(j.body.parts.map((x: { part: unknown }) => x.part)).toEqual(
      parts.map((p) => ({ index: p.part!.index, of: 2, areaHa: p.part!.areaHa })),
    );
    // each part's receipt names its own assignment
    for (const p of parts)
      expect(done.receipts.find((r) => r.itemKey === p.itemKey)!.detail.assignmentId).toBe(
        live.find((x) => x.partIndex === p.part!.index)!.id,
      );
    const bookings = await liveBookings(w.org.id);
    expect(bookings.assignments).toBe(v2.items.length);
    // executing again: the same execution, nothing more written
    const again = await execute(w.t.DISPATCHER, w.org.id, v2.id, 2, randomUUID());
    expectStatus(again, 200);
    expect(await liveBookings(w.org.id)).toEqual(bookings);
  });

  it('English: "let two combines do <field> together" → version 2 with two parts', async () => {
    const w = await world('North');
    const jobId = await job(w, {});
    const first = await run(w, `plan next week's harvest of ${w.field}`);
    expect(first.draft!.items.filter((i) => i.jobId === jobId)).toHaveLength(1);
    const second = await run(w, `let two combines do ${w.field} together`, first.conversationId!);
    expect(second.intent).toBe('EDIT_DRAFT');
    expect(second.draft!.version).toBe(2);
    expect(second.draft!.validation.violations).toEqual([]);
    const parts = expectTwoParts(second.draft!.items, jobId, 30);
    expect(second.message).toContain('split in 2 parts');
    // two writers of the same parts at once (a re-delivered execution): one write, both see it
    const m = (await loadMember(env.db, w.org.id, w.org.users.DISPATCHER.membershipId))!;
    const ctx = memberContext(
      w.org.id,
      { kind: 'USER', userId: w.org.users.DISPATCHER.id, sessionId: randomUUID(), isPlatformAdmin: false },
      m,
      'test',
    );
    const input = parts.map((p) => ({ ...p, part: p.part! }));
    const svc = env.h.app.get(AssignPartsService);
    const both = await Promise.allSettled([
      svc.assignParts(ctx, jobId, input, 1),
      svc.assignParts(ctx, jobId, input, 1),
    ]);
    expect(both.map((x) => x.status)).toEqual(['fulfilled', 'fulfilled']);
    const live = await env.db.assignment.findMany({ where: { organizationId: w.org.id, jobId, releasedAt: null } });
    expect(live.map((x) => x.partIndex).sort()).toEqual([1, 2]);
    expect(live.map((x) => x.itemKey).sort()).toEqual(parts.map((p) => p.itemKey).sort());
  });
});

describe('a goal that asks for two machines on a field', () => {
  it.each([
    ['zh', (f: string) => `安排下周${f}的收获，两台一起收`, '按要求由2台机器分块'],
    [
      'en',
      (f: string) => `plan next week's harvest of ${f}, two combines together`,
      'split across 2 machines as asked',
    ],
  ])('%s: the first draft has the field in two parts', async (_lang, goal, said) => {
    const w = await world('西岗');
    const jobId = await job(w, {});
    const r = await run(w, goal(w.field));
    expect(r.status).toBe('COMPLETED');
    expect(r.draft!.validation.violations).toEqual([]);
    const parts = expectTwoParts(r.draft!.items, jobId, 30);
    const why = r.draft!.evidence.find((e) => e.itemKey === parts[0]!.itemKey)!.why ?? [];
    expect(why.find((x) => x.code === 'PART')?.text ?? '').toContain(said);
  });
});

describe('the edit path validates parts', () => {
  it('parts that do not cover the field → PARTS_AREA_MISMATCH; two parts at once on one machine → MACHINE_DOUBLE_BOOKED', async () => {
    const w = await world('东岗');
    const jobId = await job(w, {});
    const first = await run(w, `安排下周${w.field}的收获`);
    const it0 = first.draft!.items.find((i) => i.jobId === jobId)!;
    const base = {
      jobId,
      primaryAssetId: it0.primaryAssetId,
      implementAssetIds: [],
      operatorMembershipId: it0.operatorMembershipId,
      startsAt: at(2, 8),
      endsAt: at(2, 11),
    };
    const second = {
      ...base,
      primaryAssetId: w.combines.find((c) => c !== it0.primaryAssetId)!,
      operatorMembershipId: w.operators.find((o) => o !== it0.operatorMembershipId)!,
    };
    const version = async (basedOnVersion: number, items: unknown[]) => {
      const r = await post(w.t.DISPATCHER, w.org.id, `/drafts/${first.draftId}/versions`, { basedOnVersion, items });
      expectStatus(r, 201);
      return ZDraftDetail.parse(r.body).versions[0]!;
    };
    const short = await version(1, [
      { ...base, part: { index: 1, of: 2, areaHa: 10 } },
      { ...second, part: { index: 2, of: 2, areaHa: 10 } },
    ]);
    expect(short.validation.violations.map((v) => v.code)).toEqual(['PARTS_AREA_MISMATCH']);
    const same = await version(2, [
      { ...base, part: { index: 1, of: 2, areaHa: 15 } },
      { ...base, startsAt: at(2, 9), part: { index: 2, of: 2, areaHa: 15 } },
    ]);
    expect(same.validation.violations.map((v) => v.code)).toContain('MACHINE_DOUBLE_BOOKED');
    expect(same.validation.ok).toBe(false);
    // the same two parts one after the other on that machine: valid
    const seq = await version(3, [
      { ...base, part: { index: 1, of: 2, areaHa: 15 } },
      { ...base, startsAt: at(2, 11), endsAt: at(2, 14), part: { index: 2, of: 2, areaHa: 15 } },
    ]);
    expect(seq.validation.violations).toEqual([]);
  });
});

describe('the scheduler splits a job one machine cannot finish in its window', () => {
  it('a 16 h harvest in a one-day window → two parts; a 16 h transport job is never split', async () => {
    const w = await world('大田', 40);
    const harvest = await job(w, { estimatedHours: 16, windowStart: at(1, 0), windowEnd: at(2, 0) });
    const trucks = await machineModel(env.db, w.org.id, { kind: 'SELF_PROPELLED', operationTypes: ['TRANSPORT'] });
    for (const n of [1, 2]) await assetRow(env.db, w.org.id, trucks.id, `运粮车${n}-${tag()}`);
    const f2 = await post(w.t.OWNER, w.org.id, '/fields', { name: `仓库路${tag()}`, areaHa: 40 });
    const haul = await post(w.t.DISPATCHER, w.org.id, '/jobs', {
      fieldId: f2.body.id,
      operationType: 'TRANSPORT',
      estimatedHours: 16,
      windowStart: at(1, 0),
      windowEnd: at(2, 0),
    });
    expectStatus(haul, 201);
    const r = await run(w, '安排下周的收获和运输作业');
    expect(r.status).toBe('COMPLETED');
    const d = r.draft!;
    const parts = d.items.filter((i) => i.jobId === harvest);
    expect(parts.map((i) => [i.part?.index, i.part?.of])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(areaSum(parts)).toBe(40);
    expect(d.validation.violations).toEqual([]);
    expect(d.unplaced.map((u) => u.jobId)).not.toContain(harvest);
    // transport is not split: unplaced, no part
    expect(d.items.filter((i) => i.jobId === haul.body.id)).toEqual([]);
    expect(d.unplaced.map((u) => u.jobId)).toContain(haul.body.id);
    const why = d.evidence.find((e) => e.itemKey === parts[0]!.itemKey)!.why ?? [];
    expect(why.find((x) => x.code === 'PART')?.text ?? '').toContain('一台机器在作业时间窗内');
  });
});

describe('shares by what each machine can do', () => {
  it('90 ha in a one-day window on a 6 and a 3 ha/h combine → 60 / 30 ha, both done in 10 h; executed, the parts cover the field', async () => {
    const w = await world('南洼', 90);
    // the world's combines (output unknown) are in the workshop; two rated ones do the work
    await env.db.asset.updateMany({ where: { id: { in: w.combines } }, data: { status: 'IN_MAINTENANCE' } });
    const rated = async (name: string, rate: number) => {
      const m = await machineModel(env.db, w.org.id, {
        kind: 'SELF_PROPELLED',
        operationTypes: ['HARVESTING'],
        workRateHaPerHour: rate,
      });
      return assetRow(env.db, w.org.id, m.id, `${name}-${tag()}`);
    };
    const big = await rated('大收割机', 6);
    const small = await rated('小收割机', 3);
    const jobId = await job(w, { estimatedHours: 20, windowStart: at(1, 0), windowEnd: at(2, 0) });
    const r = await run(w, '安排下周的收获作业');
    expect(r.status).toBe('COMPLETED');
    const d = r.draft!;
    expect(d.validation.violations).toEqual([]);
    expect(d.unplaced).toEqual([]);
    // 12 h × 6 = 72 ha and 12 h × 3 = 36 ha: 90 ha shared 72 : 36
    const parts = d.items.filter((i) => i.jobId === jobId);
    expect(parts.map((i) => [i.part?.index, i.part?.of, i.part?.areaHa, i.primaryAssetId])).toEqual([
      [1, 2, 60, big],
      [2, 2, 30, small],
    ]);
    expect(parts.map((i) => (Date.parse(i.endsAt) - Date.parse(i.startsAt)) / 3_600_000)).toEqual([10, 10]);
    const why = d.evidence.find((e) => e.itemKey === parts[0]!.itemKey)!.why ?? [];
    const text = why.find((x) => x.code === 'PART')?.text ?? '';
    expect(text).toContain('60.0 公顷（约 10.0 小时）由 大收割机');
    // its hours free until the field is done (the split's finish), not the whole window's
    expect(text).toMatch(/每小时约 6 公顷，到全块收完（[^）]+）可用约 10\.0 小时（最多 60\.0 公顷）/);
    expect(text).toContain('第2块 30.0 公顷（约 10.0 小时）由 小收割机');

    await confirm(w.t.DISPATCHER, w.org.id, d.id, 1, d.contentHash);
    const e = await execute(w.t.DISPATCHER, w.org.id, d.id, 1, randomUUID());
    const done = await finished(w.t.DISPATCHER, w.org.id, e.body.id);
    expect(done.status, JSON.stringify(done.receipts)).toBe('SUCCEEDED');
    const live = await env.db.assignment.findMany({
      where: { organizationId: w.org.id, jobId, releasedAt: null },
      orderBy: { partIndex: 'asc' },
    });
    expect(live.map((x) => [x.partIndex, x.areaM2])).toEqual([
      [1, 600_000],
      [2, 300_000],
    ]);
    expect(live.reduce((s, x) => s + x.areaM2!, 0)).toBe(900_000);
  });
});
