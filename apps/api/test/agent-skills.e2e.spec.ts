import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAgentRun, ZDraftDetail, ZExecution, type TAgentRun, type TExecution } from '@amms/contracts/drafts';
import { ZDocumentPage } from '@amms/contracts/knowledge';
import type { TAgentFigure } from '@amms/contracts/agent';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { assetRow, machineModel, meterRow, tag } from './support/world.js';
import { expectError, expectStatus, loginAll, orgPath } from './assertions.js';
import { combineManual } from './knowledge/fixtures.js';
import { eventually, knowledgeEnv, uploadReadManual, type KnowledgeEnv } from './knowledge/env.js';

/**
 * The agent's skills beyond scheduling (issue 14 §1) on the real API + worker + Postgres + Redis:
 * diagnose → MAINTENANCE draft with a CORRECTIVE work order citing the manual of THAT machine's
 * model → confirm → execute in the worker → the work order exists once; ask the manual → a cited
 * answer; business questions → figures equal to the analytics endpoints, in the caller's scope;
 * no analytics.read → a refusal. Own database (knowledgeEnv: the worker ingests the manual).
 */
let env: KnowledgeEnv;
let org: TestOrg;
let t: Record<TRole, string>;
let teamDispatcher: string;
const m = { gv1: '', gv2: '', tractor: '' };
let inspectionId = '';

const base = () => env.h.base;
const get = (token: string, rest: string) => call(base(), 'GET', orgPath(org.id, rest), { token });
const post = (token: string, rest: string, body: unknown = {}, key?: string | null) =>
  call(base(), 'POST', orgPath(org.id, rest), {
    token,
    body,
    headers: key === null ? {} : { 'idempotency-key': key ?? randomUUID() },
  });
async function ask(token: string, goal: string): Promise<TAgentRun> {
  const r = await post(token, '/agent/runs', { goal });
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}
const tools = (r: TAgentRun) => r.steps.filter((s) => s.kind === 'tool').map((s) => s.tool);

async function finished(token: string, id: string): Promise<TExecution> {
  const e = await eventually(
    async () => ZExecution.parse((await get(token, `/executions/${id}`)).body),
    (x) => !['PENDING', 'RUNNING'].includes(x.status),
    env.log,
    60_000,
    150,
  );
  return e;
}

beforeAll(async () => {
  env = await knowledgeEnv('diag');
  org = await createOrg(env.db, 'diag');
  t = await loginAll(base(), org);
  const db = env.db;
  const model = await machineModel(db, org.id, {
    manufacturer: `Mfr-${tag()}`,
    name: 'GV-9',
    kind: 'SELF_PROPELLED',
    operationTypes: ['HARVESTING'],
  });
  const other = await machineModel(db, org.id, { manufacturer: `Plain-${tag()}`, name: 'TX-1' });
  const north = await db.team.create({ data: { organizationId: org.id, name: `North ${tag()}` } });
  // the mechanic (TEAM scope) is in North, which has GV-9 #01 only
  await db.teamMember.create({
    data: { organizationId: org.id, teamId: north.id, membershipId: org.users.MECHANIC.membershipId },
  });
  m.gv1 = await assetRow(db, org.id, model.id, 'GV-9 #01', { teamId: north.id });
  m.gv2 = await assetRow(db, org.id, model.id, 'GV-9 #02');
  m.tractor = await assetRow(db, org.id, other.id, 'TX-1 #01');
  await meterRow(db, org.id, m.gv1, 812.5);

  // GV-9 #01's history: an inspection whose coolant check FAILED
  const insp = await post(t.OWNER, '/work-orders', {
    type: 'INSPECTION',
    assetId: m.gv1,
    title: '季度检查',
    checklist: [{ label: '冷却液液位' }, { label: '皮带' }],
  });
  expectStatus(insp, 201);
  inspectionId = insp.body.id;
  await db.workOrderChecklistItem.updateMany({
    where: { workOrderId: inspectionId, label: '冷却液液位' },
    data: { result: 'FAIL', note: '偏低' },
  });
  // two breakdowns of GV-9 #02 (outside North): org-wide and North-only figures differ
  for (const title of ['割台卡死', '输送带断裂'])
    expectStatus(await post(t.OWNER, '/work-orders', { type: 'CORRECTIVE', assetId: m.gv2, title }), 201);

  // a dispatcher with TEAM scope in North (analytics.read, agent.run)
  const email = `disp-${tag()}@diag.test`;
  const like = await db.user.findUniqueOrThrow({ where: { id: org.users.DISPATCHER.id } });
  const u = await db.user.create({ data: { email, name: 'North dispatcher', passwordHash: like.passwordHash } });
  const mm = await db.membership.create({
    data: { organizationId: org.id, userId: u.id, role: 'DISPATCHER', dataScope: 'TEAM' },
  });
  await db.teamMember.create({ data: { organizationId: org.id, teamId: north.id, membershipId: mm.id } });
  teamDispatcher = (await login(base(), email)).accessToken;

  // the GV-9 manual (org library, linked to the model), read by the real worker
  await uploadReadManual(env, t.ADMIN, org.id, combineManual(), {
    title: 'GV-9 联合收割机 使用说明书',
    language: 'zh',
    machineModelIds: [model.id],
  });
}, 180_000);

afterAll(async () => {
  await env?.close();
});

describe('DIAGNOSE', () => {
  it('a mechanic describes a fault → a MAINTENANCE draft with one CORRECTIVE work order citing the manual and the machine history; nothing written until a dispatcher confirms and executes it, then exactly once', async () => {
    const corrective = () =>
      env.db.workOrder.count({ where: { organizationId: org.id, assetId: m.gv1, type: 'CORRECTIVE' } });
    const r = await ask(t.MECHANIC, 'GV-9 #01 发动机水温过高，帮我安排检修');
    expect(r.status, JSON.stringify(r.steps)).toBe('COMPLETED');
    expect(r.intent).toBe('DIAGNOSE');
    expect(r.constraints).toBeNull();
    expect(tools(r)).toEqual(['machines', 'search_manuals', 'machine_history', 'bookings']);
    expect(r.steps.every((s) => s.kind !== 'tool' || s.ok)).toBe(true);
    const draft = r.draft!;
    expect(draft.workOrderItems).toEqual([]);
    expect(draft.validation.ok).toBe(true);
    expect(draft.correctiveItems).toHaveLength(1);
    const item = draft.correctiveItems[0]!;
    expect(item).toMatchObject({
      kind: 'CORRECTIVE_WORK_ORDER',
      assetId: m.gv1,
      assetName: 'GV-9 #01',
      symptom: '发动机水温过高',
      faultCode: null,
      manualEvidence: true,
    });
    // the troubleshooting section of the GV-9 manual: physical pages 4–5 (printed 2–3)
    expect(item.citations.length).toBeGreaterThan(0);
    expect(item.citations.every((c) => c.title === 'GV-9 联合收割机 使用说明书')).toBe(true);
    expect(item.checklist.some((s) => s.label.includes('散热器') && s.citation !== null)).toBe(true);
    expect(item.checklist.some((s) => s.label.includes('冷却液液位'))).toBe(true);
    // the failed coolant check of its history is a cause, ranked after what the manual says
    expect(item.causes.at(-1)!.cause).toContain('冷却液液位');
    // parts: what a cited manual sentence says to replace
    expect(item.parts.every((p) => p.citation !== null)).toBe(true);
    expect(Date.parse(item.plannedEnd) - Date.parse(item.plannedStart)).toBe(item.estimatedHours * 3_600_000);
    // every citation's snippet is on the page it cites
    for (const c of item.citations) {
      const p = ZDocumentPage.parse(
        (await get(t.MECHANIC, `/documents/${c.documentId}/versions/${c.versionId}/pages/${c.page}`)).body,
      );
      expect(p.text.replace(/\s+/g, '')).toContain(c.snippet.replace(/\s+/g, '').slice(0, 20));
    }
    expect(r.answer).toMatchObject({ intent: 'DIAGNOSE', language: 'zh', found: true, refused: false });
    expect(r.answer!.citations).toEqual(item.citations);

    // the draft's evidence: the citations and the records looked at (the dispatcher reviews it)
    const d = ZDraftDetail.parse((await get(t.DISPATCHER, `/drafts/${draft.id}`)).body);
    expect(d).toMatchObject({ kind: 'MAINTENANCE', status: 'OPEN', currentVersion: 1 });
    const ev = d.versions[0]!.evidence[0]!;
    expect(ev.itemKey).toBe(item.itemKey);
    expect(ev.citations).toEqual(item.citations);
    expect(ev.history!.workOrders.map((w) => w.id)).toContain(inspectionId);
    expect(ev.history!.failedChecks).toMatchObject([{ workOrderId: inspectionId, label: '冷却液液位', note: '偏低' }]);
    expect(ev.history!.meterReadings).toMatchObject([{ readingHours: 812.5 }]);
    expect(Object.keys(ev.steps).sort()).toEqual(['bookings', 'history', 'machines', 'manuals']);
    // a diagnosis draft is confirmed as written, not edited
    const edit = await post(t.DISPATCHER, `/drafts/${draft.id}/versions`, { basedOnVersion: 1, workOrderItems: [] });
    expectError(edit, 422, 'DRAFT_EDIT_NOT_SUPPORTED');

    // nothing written before confirmation
    expect(await corrective()).toBe(0);
    expectStatus(
      await post(t.DISPATCHER, `/drafts/${draft.id}/confirm`, { version: 1, contentHash: draft.contentHash }, null),
      200,
    );
    const ex = await post(t.DISPATCHER, `/drafts/${draft.id}/execute`, { version: 1 });
    expectStatus(ex, 202);
    const done = await finished(t.DISPATCHER, ZExecution.parse(ex.body).id);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.receipts).toMatchObject([{ itemKey: item.itemKey, status: 'SUCCEEDED', recordType: 'work_order' }]);
    const wo = await env.db.workOrder.findFirstOrThrow({
      where: { organizationId: org.id, id: done.receipts[0]!.recordId! },
      include: { checklistItems: { orderBy: { position: 'asc' } } },
    });
    expect(wo).toMatchObject({
      type: 'CORRECTIVE',
      status: 'OPEN',
      assetId: m.gv1,
      title: item.title,
      itemKey: item.itemKey,
      priority: item.priority,
    });
    expect(wo.checklistItems.map((c) => c.label)).toEqual(item.checklist.map((s) => s.label));
    expect(wo.description).toContain('GV-9 联合收割机 使用说明书 p.');
    expect([wo.plannedStart?.toISOString(), wo.plannedEnd?.toISOString()]).toEqual([
      item.plannedStart,
      item.plannedEnd,
    ]);
    expect(await corrective()).toBe(1);

    // executing again → the same execution, still one work order
    const again = await post(t.DISPATCHER, `/drafts/${draft.id}/execute`, { version: 1 });
    expectStatus(again, 200);
    expect(ZExecution.parse(again.body).id).toBe(done.id);
    expect(await corrective()).toBe(1);
  }, 120_000);

  it('a fault code in English → the code table row of that model is the first cause', async () => {
    const r = await ask(t.DISPATCHER, 'GV-9 #02 shows E12');
    expect(r.status).toBe('COMPLETED');
    const item = r.draft!.correctiveItems[0]!;
    expect(item).toMatchObject({ assetId: m.gv2, faultCode: 'E12', manualEvidence: true });
    expect(item.causes[0]).toMatchObject({ rank: 1, cause: '水温传感器断路' });
    expect(item.causes[0]!.citation).not.toBeNull();
    expect(item.checklist[0]!.label).toBe('检查传感器插头和线束');
    expect(r.answer!.language).toBe('en');
    expect(r.answer!.text).toMatch(/^Drafted a corrective work order/);
  }, 60_000);

  it('several machines match, or none is named, or the machine is outside my scope → a question listing the candidates, no draft', async () => {
    const many = await ask(t.DISPATCHER, "the GV-9 won't start");
    expect(many.status).toBe('NEEDS_INPUT');
    expect(many.draftId).toBeNull();
    expect(many.question).toContain('GV-9 #01');
    expect(many.question).toContain('GV-9 #02');
    const none = await ask(t.DISPATCHER, '发动机水温过高');
    expect(none.status).toBe('NEEDS_INPUT');
    expect(none.question).toMatch(/^是哪台机器/);
    // the mechanic sees North's GV-9 #01 only
    const hidden = await ask(t.MECHANIC, 'GV-9 #02 发动机水温过高');
    expect(hidden.status).toBe('NEEDS_INPUT');
    expect(hidden.question).not.toContain('GV-9 #02');
    expect(
      await env.db.draft.count({ where: { organizationId: org.id, runId: { in: [many.id, none.id, hidden.id] } } }),
    ).toBe(0);
  }, 60_000);

  it('no manual for the model → says so and still offers the work order, with the history as evidence', async () => {
    const r = await ask(t.DISPATCHER, 'TX-1 #01 冒黑烟');
    expect(r.status).toBe('COMPLETED');
    const item = r.draft!.correctiveItems[0]!;
    expect(item).toMatchObject({ assetId: m.tractor, manualEvidence: false, citations: [] });
    expect(item.checklist).toHaveLength(1);
    expect(r.answer!.text).toContain('手册中没有找到');
    expect(r.answer!.found).toBe(false);
  }, 60_000);
});

describe('ASK_MANUAL', () => {
  it("a question about a machine → a cited answer from its model's manual, no draft", async () => {
    const r = await ask(t.DISPATCHER, 'GV-9 液压油多久更换一次？');
    expect(r.status).toBe('COMPLETED');
    expect(r.intent).toBe('ASK_MANUAL');
    expect(r.draftId).toBeNull();
    expect(tools(r)).toEqual(['machines', 'ask_manual']);
    // several GV-9s: filtered to their model
    expect(r.steps.find((s) => s.tool === 'ask_manual')!.args).toMatchObject({ machineModelId: expect.any(String) });
    const a = r.answer!;
    expect(a).toMatchObject({ intent: 'ASK_MANUAL', found: true, refused: false });
    expect(a.text).toContain('1000');
    expect(a.citations.length).toBeGreaterThan(0);
    for (const c of a.citations) {
      const p = ZDocumentPage.parse(
        (await get(t.DISPATCHER, `/documents/${c.documentId}/versions/${c.versionId}/pages/${c.page}`)).body,
      );
      expect(p.text).toContain(c.snippet);
    }
  }, 60_000);
});

describe('BUSINESS_QUESTION', () => {
  /** The value the endpoint returns for a figure, read the way the figure says (`source`, `metric`, machine). */
  async function endpointValue(token: string, f: TAgentFigure): Promise<unknown> {
    const [, path] = /^GET \/analytics\/(.*)$/.exec(f.source)!;
    const report = path!.split('?')[0]!;
    const res = await get(
      token,
      `/analytics/${path}${report === 'utilization' || report === 'maintenance' ? '&limit=200' : ''}`,
    );
    expectStatus(res, 200);
    const b = res.body;
    if (f.scope.machine)
      return (b.items as { assetId: string; [k: string]: unknown }[]).find((x) => x.assetId === f.scope.machine!.id)?.[
        f.metric
      ];
    switch (f.metric) {
      case 'costPerHectareMinor':
      case 'costPerEngineHourMinor':
      case 'totalMinor':
        return b[f.metric];
      case 'hectares':
        return b.totals.hectares;
      case 'pmCompliance':
        return b.pmCompliance.ratio;
      case 'jobsCompleted':
        return b.jobs.COMPLETED;
      default:
        return b.fleet[f.metric];
    }
  }

  const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const lastMonth = () => {
    const [y, mo] = shanghaiToday().split('-').map(Number) as [number, number];
    const first = new Date(Date.UTC(y, mo - 2, 1));
    const last = new Date(Date.UTC(y, mo - 1, 0));
    return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
  };

  it.each([
    ['上个月每公顷成本是多少？', 'zh', ['costPerHectareMinor']],
    ['which machines broke down most this year?', 'en', ['failures']],
    ['这周利用率', 'zh', ['utilization']],
    ['MTBF and MTTR this year', 'en', ['mtbfHours', 'mttrHours']],
    ['本月停机时间', 'zh', ['downtimeHours']],
    ['how many hectares did we do last week', 'en', ['hectares']],
    ['total spend this month', 'en', ['totalMinor']],
  ])(
    '%s → figures equal to the analytics endpoint (%s)',
    async (goal, language, metrics) => {
      const r = await ask(t.DISPATCHER, goal);
      expect(r.status).toBe('COMPLETED');
      expect(r.intent).toBe('BUSINESS_QUESTION');
      expect(r.draftId).toBeNull();
      const a = r.answer!;
      expect(a.language).toBe(language);
      expect(a.refused).toBe(false);
      expect(a.figures.map((f) => f.metric).filter((x, i, all) => all.indexOf(x) === i)).toEqual(metrics);
      for (const f of a.figures) {
        expect(f.value, `${f.metric} ${f.source}`).toEqual(await endpointValue(t.DISPATCHER, f));
        expect(f.scope).toMatchObject({ dataScope: 'ORG', teamIds: [] });
        expect(f.definition.length).toBeGreaterThan(5);
        expect(f.from <= f.to && f.to <= shanghaiToday()).toBe(true);
      }
      expect(
        a.sources.every(
          (s) => s.kind === 'analytics' && r.steps.some((x) => x.step === s.step && x.tool === 'analytics' && x.ok),
        ),
      ).toBe(true);
      if (goal.startsWith('上个月')) expect([a.figures[0]!.from, a.figures[0]!.to]).toEqual(lastMonth());
    },
    60_000,
  );

  it('"which machines broke down most" ranks the per-machine rows of the endpoint', async () => {
    const r = await ask(t.DISPATCHER, 'which machines broke down most this year?');
    const rows = r.answer!.figures.filter((f) => f.scope.machine);
    expect(rows[0]).toMatchObject({ metric: 'failures', scope: { machine: { id: m.gv2, name: 'GV-9 #02' } } });
    expect(rows[0]!.value).toBeGreaterThanOrEqual(2);
    const values = rows.map((f) => f.value as number);
    expect([...values].sort((x, y) => y - x)).toEqual(values);
  }, 60_000);

  it('a TEAM-scoped caller gets the figures of their scope (as the endpoint gives them to them), not the org’s', async () => {
    const team = await ask(teamDispatcher, 'which machines broke down most this year?');
    const org = await ask(t.DISPATCHER, 'which machines broke down most this year?');
    const fleet = (r: TAgentRun) => r.answer!.figures.find((f) => !f.scope.machine)!;
    expect(fleet(team).scope).toMatchObject({ dataScope: 'TEAM', teamIds: [expect.any(String)] });
    expect(fleet(team).value).toEqual(await endpointValue(teamDispatcher, fleet(team)));
    expect(fleet(org).value).toEqual(await endpointValue(t.DISPATCHER, fleet(org)));
    expect(fleet(team).value as number).toBeLessThan(fleet(org).value as number);
    // GV-9 #02 is outside North: never in a North answer
    expect(team.answer!.figures.some((f) => f.scope.machine?.id === m.gv2)).toBe(false);
  }, 60_000);

  it('a caller without analytics.read gets a refusal, not a number', async () => {
    const r = await ask(t.MECHANIC, '上个月每公顷成本是多少？');
    expect(r.status).toBe('COMPLETED');
    expect(r.answer).toMatchObject({ intent: 'BUSINESS_QUESTION', refused: true, figures: [] });
    expect(r.answer!.text).toContain('analytics.read');
    expect(r.answer!.text).not.toMatch(/\d+\.\d{2}/);
    expect(r.steps.filter((s) => s.kind === 'tool')).toMatchObject([
      { tool: 'analytics', ok: false, error: 'missing permission analytics.read' },
    ]);
  }, 60_000);
});
