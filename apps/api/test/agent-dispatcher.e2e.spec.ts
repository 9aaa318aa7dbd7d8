import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZAgentRun, type TAgentRun } from '@amms/contracts/drafts';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, startApp, type Harness, type TestOrg } from './harness.js';
import { expectStatus, loginAll, orgPath } from './assertions.js';
import { assetRow, combineModel, machineModel, meterRow } from './support/world.js';

/**
 * What a dispatcher asks the agent besides a schedule: a diagnosis that names the machine's
 * open work order, business questions per machine and operator answered from the job data, and
 * maintenance drafts with mechanics and their hours.
 */
// each run plans through the real API; a loaded machine needs more than the default 30 s
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
let h: Harness;
let org: TestOrg;
let t: Record<TRole, string>;
const tag = () => randomUUID().slice(0, 8);
const post = (token: string, rest: string, body: unknown = {}) =>
  call(h.base, 'POST', orgPath(org.id, rest), { token, body });
async function ask(token: string, goal: string): Promise<TAgentRun> {
  const r = await post(token, '/agent/runs', { goal });
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}
const m = { gv1: '', gv2: '' };

beforeAll(async () => {
  h = await startApp();
  org = await createOrg(h.db, 'dispq');
  t = await loginAll(h.base, org);
  const model = await machineModel(h.db, org.id, {
    manufacturer: `Mfr-${tag()}`,
    name: 'GV-9',
    kind: 'SELF_PROPELLED',
    operationTypes: ['HARVESTING'],
  });
  m.gv1 = await assetRow(h.db, org.id, model.id, 'GV-9 #01');
  m.gv2 = await assetRow(h.db, org.id, model.id, 'GV-9 #02');
});
afterAll(() => h?.close());

/** a COMPLETED job of `asset` run by `operator`, done yesterday: `ha` hectares, `hours`, `fuel` litres (or none) */
async function doneJob(asset: string, operator: string, ha: number, hours: number, fuel: number | null) {
  const field = await h.db.field.create({ data: { organizationId: org.id, name: `田${tag()}`, areaM2: ha * 10_000 } });
  const done = new Date(Date.now() - 86_400_000);
  const job = await h.db.job.create({
    data: {
      organizationId: org.id,
      fieldId: field.id,
      operationType: 'HARVESTING',
      areaM2: ha * 10_000,
      windowStart: new Date(done.getTime() - 2 * 86_400_000),
      windowEnd: done,
      estimatedHours: hours,
      status: 'COMPLETED',
      startedAt: new Date(done.getTime() - hours * 3_600_000),
      completedAt: done,
      actualHours: hours,
      areaDoneM2: ha * 10_000,
      fuelLiters: fuel,
    },
  });
  const a = await h.db.assignment.create({
    data: {
      organizationId: org.id,
      jobId: job.id,
      operatorMembershipId: operator,
      startsAt: new Date(done.getTime() - hours * 3_600_000),
      endsAt: done,
    },
  });
  await h.db.assignmentMachine.create({
    data: { organizationId: org.id, assignmentId: a.id, assetId: asset, role: 'PRIMARY' },
  });
}

const rows = (r: TAgentRun, metric: string) =>
  r
    .answer!.figures.filter((f) => f.metric === metric && f.source.startsWith('GET /jobs'))
    .map((f) => [f.scope.label, f.value]);

describe('business questions per machine and operator, from the job records', () => {
  beforeAll(async () => {
    await doneJob(m.gv1, org.users.OPERATOR.membershipId, 10, 5, 40);
    await doneJob(m.gv1, org.users.OPERATOR.membershipId, 4, 3, null);
    await doneJob(m.gv2, org.users.OWNER.membershipId, 20, 6, 50);
    // an approved fuel bill of GV-9 #02 yesterday: ¥1,000
    const y = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    await h.db.costDocument.create({
      data: {
        organizationId: org.id,
        number: 1,
        category: 'FUEL',
        documentDate: new Date(`${y}T00:00:00Z`),
        assetId: m.gv2,
        totalMinor: 100_000n,
        status: 'APPROVED',
      },
    });
  });

  it('zh: one machine named → its hectares (not the fleet total)', async () => {
    const r = await ask(t.DISPATCHER, 'GV-9 #01 最近7天干了多少公顷？');
    expect(r.intent).toBe('BUSINESS_QUESTION');
    expect(rows(r, 'hectares')).toEqual([['GV-9 #01', 14]]);
    expect(r.answer!.text).toContain('GV-9 #01 · 作业面积: 14 公顷');
    expect(r.steps.filter((x) => x.kind === 'tool').map((x) => x.tool)).toContain('work_done');
  });

  it('en: who worked most hours → operators ranked by hours', async () => {
    const r = await ask(t.DISPATCHER, 'who worked the most hours in the past 7 days?');
    expect(r.intent).toBe('BUSINESS_QUESTION');
    const ranked = rows(r, 'hours');
    expect(ranked).toEqual([
      [expect.stringMatching(/^OPERATOR /), 8],
      [expect.stringMatching(/^OWNER /), 6],
    ]);
    expect(r.answer!.text).toContain('Operators by hours worked (top 5):');
  });

  it('zh: which combine did the most work, and its fuel per hectare → machines ranked by hectares with L/ha', async () => {
    const r = await ask(t.DISPATCHER, '最近7天哪台收割机干的活最多？每公顷油耗多少？');
    expect(r.intent).toBe('BUSINESS_QUESTION');
    expect(rows(r, 'hectares')).toEqual([
      ['GV-9 #02', 20],
      ['GV-9 #01', 14],
    ]);
    // fuel per ha over the jobs that recorded fuel: 50 / 20, 40 / 10
    expect(rows(r, 'fuelPerHectare')).toEqual([
      ['GV-9 #02', 2.5],
      ['GV-9 #01', 4],
    ]);
    expect(r.answer!.text).toContain('机器按作业面积排名（前 5）：');
  });

  it('en: cost per hectare of a machine = its approved costs ÷ its hectares (fen)', async () => {
    const r = await ask(t.DISPATCHER, 'what was the cost per hectare of GV-9 #02 in the past 7 days?');
    expect(r.intent).toBe('BUSINESS_QUESTION');
    expect(rows(r, 'costPerHectare')).toEqual([['GV-9 #02', '5000']]);
    expect(r.answer!.text).toContain('GV-9 #02 · Cost per hectare: ¥50.00/ha');
  });

  it('scoped by data access: without analytics.read a mechanic is refused, no figures', async () => {
    // a mechanic (agent.run, no analytics.read) of a team: their runs are theirs
    const team = await h.db.team.create({ data: { organizationId: org.id, name: `Shop ${tag()}` } });
    await h.db.teamMember.create({
      data: { organizationId: org.id, teamId: team.id, membershipId: org.users.MECHANIC.membershipId },
    });
    const r = await ask(t.MECHANIC, 'who worked the most hours in the past 7 days?');
    expect(r.intent).toBe('BUSINESS_QUESTION');
    expect(r.answer!.refused).toBe(true);
    expect(r.answer!.figures).toEqual([]);
    expect(r.answer!.text).toContain('analytics.read');
  });
});

describe('diagnosis names the open work order', () => {
  it('zh: the same fault already has an open order → the answer and the warning name it (number, title, state); another open order is named too', async () => {
    const same = await post(t.OWNER, '/work-orders', {
      type: 'CORRECTIVE',
      assetId: m.gv1,
      title: '故障维修：发动机水温过高',
    });
    expectStatus(same, 201);
    const other = await post(t.OWNER, '/work-orders', { type: 'INSPECTION', assetId: m.gv1, title: '季度检查' });
    expectStatus(other, 201);
    const r = await ask(t.DISPATCHER, 'GV-9 #01 发动机水温过高，帮我安排检修');
    expect(r.intent).toBe('DIAGNOSE');
    const text = r.answer!.text;
    expect(text).toContain(`已有同一故障的未关闭工单 #${same.body.number}“故障维修：发动机水温过高”（待处理）`);
    expect(text).toContain(`#${other.body.number}“季度检查”`);
    const w = r.draft!.validation.warnings.find((x) => x.code === 'OPEN_CORRECTIVE_ORDER')!;
    expect(w.message).toBe(`这台机器已有未关闭的故障维修工单（#${same.body.number}）`);
    // the title is the symptom, not the whole question
    expect(r.draft!.correctiveItems[0]!.title).toBe('故障维修：发动机水温过高');
  });

  it('en: a machine without open orders says nothing about them', async () => {
    const r = await ask(t.DISPATCHER, 'GV-9 #02 is overheating');
    expect(r.intent).toBe('DIAGNOSE');
    expect(r.answer!.text).not.toMatch(/open work order/i);
    expect(r.draft!.validation.warnings.map((x) => x.code)).not.toContain('OPEN_CORRECTIVE_ORDER');
  });
});

describe('maintenance drafts: mechanics with their hours, staggered by the workshop', () => {
  it('three 4 h services due, one mechanic with an 8 h day → each order has the mechanic, none overlap, at most 8 h a day (the third moves to the next day)', async () => {
    const o = await createOrg(h.db, 'crew');
    const tk = await loginAll(h.base, o);
    const model = await combineModel(h.db, o.id);
    for (let i = 0; i < 3; i++) {
      const a = await assetRow(h.db, o.id, model.id, `收割机${i + 1}`);
      await meterRow(h.db, o.id, a, 300 + i);
    }
    const plan = await call(h.base, 'POST', orgPath(o.id, '/maintenance-plans'), {
      token: tk.OWNER,
      body: {
        modelId: model.id,
        name: '250小时保养',
        intervalHours: 250,
        estimatedHours: 4,
        checklist: [{ label: '更换机油' }],
      },
    });
    expectStatus(plan, 201);
    const r = await call(h.base, 'POST', orgPath(o.id, '/agent/runs'), {
      token: tk.DISPATCHER,
      body: { goal: '安排未来两周到期的保养' },
    });
    expectStatus(r, 201);
    const run = ZAgentRun.parse(r.body);
    const items = run.draft!.workOrderItems;
    expect(items).toHaveLength(3);
    for (const it of items) {
      expect(it.mechanicMembershipId).toBe(o.users.MECHANIC.membershipId);
      expect(it.mechanicName).toMatch(/^MECHANIC /);
    }
    const spans = items
      .map((i) => [Date.parse(i.plannedStart), Date.parse(i.plannedEnd)] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < spans.length; k++) expect(spans[k]![0]).toBeGreaterThanOrEqual(spans[k - 1]![1]);
    const perDay = new Map<string, number>();
    for (const [s, e] of spans) {
      const day = new Date(s + 8 * 3_600_000).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + (e - s) / 3_600_000);
    }
    for (const hours of perDay.values()) expect(hours).toBeLessThanOrEqual(8);
    expect(run.steps.filter((s) => s.kind === 'tool').map((s) => s.tool)).toEqual(
      expect.arrayContaining(['maintenance_due', 'mechanics', 'service_parts']),
    );
  });
});
