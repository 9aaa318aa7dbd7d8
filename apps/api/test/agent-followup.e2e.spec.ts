import { beforeAll, describe, expect, it } from 'vitest';
import { ZAgentRun, ZDraftDetail, type TAgentRun } from '@amms/contracts/drafts';
import { call, createOrg } from './harness.js';
import { appForFile, tag, type OrgWorld } from './support/world.js';
import { expectStatus, loginAll, orgPath } from './assertions.js';
import { HOUR, localDay, nextWeek } from './draft-fixtures.js';

/**
 * Follow-ups that edit the conversation's current draft (real API, Postgres, Redis): "那把周三的
 * 改到周四" / "换成那台S780" / "把…的换给李明" / "move Wednesday's to Thursday" / "use the S780
 * instead" make version 2 of the same draft through the edit path (validated, diff in the run and
 * the audit), keep the operator when only the machine changes, ask one precise question when the
 * command names nothing in the draft, and a new goal in the same conversation is still a new draft.
 */
const h = appForFile();

/** next week's day/hour in Asia/Shanghai, as an instant */
const at = nextWeek();

interface World extends OrgWorld {
  claas: string;
  deere: string;
  field: string;
  liMing: string;
}

/** A CLAAS combine "克拉斯1号" and a John Deere S780 "迪尔2号", a field, and a second operator 李明. */
async function world(): Promise<World> {
  const org = await createOrg(h.db, 'followup');
  const t = await loginAll(h.base, org);
  const model = async (manufacturer: string, name: string) =>
    (
      await h.db.machineModel.create({
        data: { organizationId: org.id, manufacturer, name, kind: 'SELF_PROPELLED', operationTypes: ['HARVESTING'] },
      })
    ).id;
  const asset = async (modelId: string, name: string) =>
    (await h.db.asset.create({ data: { organizationId: org.id, modelId, name, serialNumber: `SN-${tag()}` } })).id;
  const claas = await asset(await model(`CLAAS-${tag()}`, 'Lexion 760'), '克拉斯1号');
  const deere = await asset(await model(`John Deere-${tag()}`, 'S780'), '迪尔2号');
  const field = `东岗${tag()}号地`;
  const f = await call(h.base, 'POST', orgPath(org.id, '/fields'), {
    token: t.OWNER,
    body: { name: field, areaHa: 20 },
  });
  expectStatus(f, 201);
  const u = await h.db.user.create({
    data: { email: `liming-${tag()}@followup.test`, name: '李明', passwordHash: 'x' },
  });
  const m = await h.db.membership.create({
    data: { organizationId: org.id, userId: u.id, role: 'OPERATOR', dataScope: 'ASSIGNED' },
  });
  // a Wednesday-to-Friday job: the scheduler places it on Wednesday
  const j = await call(h.base, 'POST', orgPath(org.id, '/jobs'), {
    token: t.DISPATCHER,
    body: {
      fieldId: f.body.id,
      operationType: 'HARVESTING',
      estimatedHours: 3,
      windowStart: at(2, 7),
      windowEnd: at(4, 19),
    },
  });
  expectStatus(j, 201);
  return { org, t, claas, deere, field, liMing: m.id };
}

async function run(w: World, goal: string, conversationId?: string, token = w.t.DISPATCHER): Promise<TAgentRun> {
  const r = await call(h.base, 'POST', orgPath(w.org.id, '/agent/runs'), {
    token,
    body: { goal, ...(conversationId ? { conversationId } : {}) },
  });
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}

const draftOf = async (w: World, id: string) => {
  const r = await call(h.base, 'GET', orgPath(w.org.id, `/drafts/${id}`), { token: w.t.DISPATCHER });
  expectStatus(r, 200);
  return ZDraftDetail.parse(r.body);
};

describe('a follow-up edits the current draft (zh)', () => {
  let w: World;
  let first: TAgentRun;
  beforeAll(async () => {
    w = await world();
    first = await run(w, `安排下周${w.field}的收获，优先用克拉斯1号`);
  });

  it('"那把周三的改到周四" → version 2 of the same draft, one day later, diff shown, confirmable', async () => {
    expect(first.status).toBe('COMPLETED');
    const v1 = first.draft!;
    expect(v1.version).toBe(1);
    expect(localDay(v1.items[0]!.startsAt)).toBe(localDay(at(2, 12)));
    const second = await run(w, '那把周三的改到周四', first.conversationId!);
    expect(second.status).toBe('COMPLETED');
    expect(second.intent).toBe('EDIT_DRAFT');
    expect(second.draftId).toBe(first.draftId);
    expect(second.draft!.version).toBe(2);
    const moved = second.draft!.items[0]!;
    expect(Date.parse(moved.startsAt) - Date.parse(v1.items[0]!.startsAt)).toBe(24 * HOUR);
    expect(moved.primaryAssetId).toBe(v1.items[0]!.primaryAssetId);
    expect(moved.operatorMembershipId).toBe(v1.items[0]!.operatorMembershipId);
    expect(second.edit).toMatchObject({ draftId: first.draftId, basedOnVersion: 1, version: 2, violations: 0 });
    expect(second.edit!.diff.changed).toEqual([v1.items[0]!.jobId]);
    expect(second.edit!.changes[0]!.before.startsAt).toBe(v1.items[0]!.startsAt);
    expect(second.edit!.changes[0]!.after.startsAt).toBe(moved.startsAt);
    expect(second.message).toContain('第2版');
    expect(second.constraints).toBeNull();

    const d = await draftOf(w, first.draftId!);
    expect(d.currentVersion).toBe(2);
    expect(d.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(d.versions[0]!.note).toBe('那把周三的改到周四');
    const audit = await h.db.auditEvent.findMany({
      where: {
        organizationId: w.org.id,
        entityType: 'draft',
        entityId: first.draftId!,
        action: 'draft.version_created',
      },
      orderBy: { createdAt: 'asc' },
    });
    expect((audit.at(-1)!.data as { diff: { changed: string[] } }).diff.changed).toEqual([v1.items[0]!.jobId]);
    const ok = await call(h.base, 'POST', orgPath(w.org.id, `/drafts/${first.draftId}/confirm`), {
      token: w.t.DISPATCHER,
      body: { version: 2, contentHash: second.draft!.contentHash },
    });
    expectStatus(ok, 200);
  });
});

describe('machine and operator follow-ups', () => {
  it('"换成那台S780" replaces the machine and keeps the operator; "把…的换给李明" changes only the operator', async () => {
    const w = await world();
    // 李明 kept out of the first plan, so that handing the job to him is a change
    const first = await run(w, `安排下周${w.field}的收获，优先用克拉斯1号，不要用李明`);
    expect(first.draft!.items[0]!.primaryAssetId).toBe(w.claas);
    const operator = first.draft!.items[0]!.operatorMembershipId;
    expect(operator).not.toBe(w.liMing);
    const second = await run(w, '换成那台S780', first.conversationId!);
    expect(second.intent).toBe('EDIT_DRAFT');
    expect(second.draft!.version).toBe(2);
    expect(second.draft!.items[0]!.primaryAssetId).toBe(w.deere);
    expect(second.draft!.items[0]!.operatorMembershipId).toBe(operator);
    expect(second.draft!.items[0]!.startsAt).toBe(first.draft!.items[0]!.startsAt);
    expect(second.edit!.changes[0]).toMatchObject({ before: { machine: '克拉斯1号' }, after: { machine: '迪尔2号' } });

    const third = await run(w, `把${w.field}的换给李明`, first.conversationId!);
    expect(third.draft!.version).toBe(3);
    expect(third.draft!.items[0]!.operatorMembershipId).toBe(w.liMing);
    expect(third.draft!.items[0]!.primaryAssetId).toBe(w.deere);
    expect(third.edit!.changes[0]!.after.operator).toBe('李明');
  });

  it('a command that names nothing in the draft → one precise question, the draft stays at its version', async () => {
    const w = await world();
    const first = await run(w, `安排下周${w.field}的收获`);
    const asked = await run(w, '把周六的改到周日', first.conversationId!);
    expect(asked.status).toBe('NEEDS_INPUT');
    expect(asked.question).toContain('周六');
    expect(asked.question).toMatch(/没有.*周六.*作业/);
    expect((await draftOf(w, first.draftId!)).currentVersion).toBe(1);
  });

  it('a new goal in the same conversation is still a new draft', async () => {
    const w = await world();
    const first = await run(w, `安排下周${w.field}的收获`);
    const again = await run(w, `安排下周${w.field}的收获，优先用迪尔2号`, first.conversationId!);
    expect(again.intent).toBe('SCHEDULE_JOBS');
    expect(again.draftId).not.toBe(first.draftId);
  });
});

describe('shifts by days and "<field>用<machine>收" (session 19, read on the demo as new goals before)', () => {
  it('"<field>往后推一天" moves its item a day; "<field>用S780收" swaps its machine; the same about a field outside the draft is a new goal', async () => {
    const w = await world();
    const first = await run(w, `安排下周${w.field}的收获，优先用克拉斯1号`);
    const v1 = first.draft!.items[0]!;
    expect(v1.primaryAssetId).toBe(w.claas);
    const later = await run(w, `${w.field}往后推一天`, first.conversationId!);
    expect(later.intent).toBe('EDIT_DRAFT');
    expect(later.draftId).toBe(first.draftId);
    expect(later.draft!.version).toBe(2);
    const moved = later.draft!.items[0]!;
    expect(Date.parse(moved.startsAt) - Date.parse(v1.startsAt)).toBe(24 * HOUR);
    expect(moved.primaryAssetId).toBe(v1.primaryAssetId);

    const swapped = await run(w, `${w.field}用S780收`, first.conversationId!);
    expect(swapped.intent).toBe('EDIT_DRAFT');
    expect(swapped.draft!.version).toBe(3);
    expect(swapped.draft!.items[0]!.primaryAssetId).toBe(w.deere);
    expect(swapped.draft!.items[0]!.startsAt).toBe(moved.startsAt);

    const other = `西岗${tag()}号地`;
    const f = await call(h.base, 'POST', orgPath(w.org.id, '/fields'), {
      token: w.t.OWNER,
      body: { name: other, areaHa: 5 },
    });
    expectStatus(f, 201);
    const fresh = await run(w, `${other}用S780收`, first.conversationId!);
    expect(fresh.intent).not.toBe('EDIT_DRAFT');
    expect((await draftOf(w, first.draftId!)).currentVersion).toBe(3);
  });
});

describe('follow-ups in English', () => {
  it('"move Wednesday\'s to Thursday", then "use the S780 instead"', async () => {
    const w = await world();
    const first = await run(w, `plan next week's harvest of ${w.field}, prefer 克拉斯1号`);
    expect(first.status).toBe('COMPLETED');
    const moved = await run(w, "move Wednesday's to Thursday", first.conversationId!);
    expect(moved.intent).toBe('EDIT_DRAFT');
    expect(moved.draft!.version).toBe(2);
    expect(localDay(moved.draft!.items[0]!.startsAt)).toBe(localDay(at(3, 12)));
    expect(moved.message).toMatch(/^Draft version 2 \(based on version 1\)/);
    const swapped = await run(w, 'use the S780 instead', first.conversationId!);
    expect(swapped.draft!.version).toBe(3);
    expect(swapped.draft!.items[0]!.primaryAssetId).toBe(w.deere);
    expect(swapped.draft!.items[0]!.operatorMembershipId).toBe(first.draft!.items[0]!.operatorMembershipId);
  });
});

describe('an answer to the agent’s own question continues the pending goal', () => {
  it('"安排收获作业" → asked for the period → "下周" plans the harvest of next week', async () => {
    const w = await world();
    const asked = await run(w, '安排收获作业');
    expect(asked.status).toBe('NEEDS_INPUT');
    const answered = await run(w, '下周', asked.conversationId!);
    expect(answered.status).toBe('COMPLETED');
    expect(answered.constraints!.operationTypes).toEqual(['HARVESTING']);
    expect(answered.constraints!.period!.from).toBe(localDay(at(0, 12)));
    expect(answered.constraints!.notes.join('\n')).toContain('接着上一个问题');
    expect(answered.draft!.items).toHaveLength(1);
    expect(answered.goal).toBe('下周'); // the goal is kept as said
  });

  it('"next week please" → asked what to plan → "the harvest ones"', async () => {
    const w = await world();
    const asked = await run(w, 'next week please');
    expect(asked.status).toBe('NEEDS_INPUT');
    const answered = await run(w, 'the harvest ones', asked.conversationId!);
    expect(answered.status).toBe('COMPLETED');
    expect(answered.constraints!.intent).toBe('SCHEDULE_JOBS');
    expect(answered.constraints!.operationTypes).toEqual(['HARVESTING']);
    expect(answered.constraints!.period!.from).toBe(localDay(at(0, 12)));
    expect(answered.draft!.items).toHaveLength(1);
  });

  it('a complete new goal after a question is planned on its own', async () => {
    const w = await world();
    const asked = await run(w, '安排植保作业');
    expect(asked.status).toBe('NEEDS_INPUT');
    const fresh = await run(w, `安排下周${w.field}的收获`, asked.conversationId!);
    expect(fresh.constraints!.operationTypes).toEqual(['HARVESTING']);
    expect(fresh.constraints!.notes.join('\n')).not.toContain('接着上一个问题');
  });
});

describe('possessives: the machine a person runs', () => {
  /** 钱勇 ran 克拉斯1号 three times last month (completed jobs with assignments) */
  async function qianYong(w: World) {
    const u = await h.db.user.create({ data: { email: `qy-${tag()}@followup.test`, name: '钱勇', passwordHash: 'x' } });
    const m = await h.db.membership.create({
      data: { organizationId: w.org.id, userId: u.id, role: 'OPERATOR', dataScope: 'ASSIGNED' },
    });
    const field = await h.db.field.findFirstOrThrow({ where: { organizationId: w.org.id, name: w.field } });
    for (const daysAgo of [30, 20, 10]) {
      const start = new Date(Date.now() - daysAgo * 86_400_000);
      const end = new Date(start.getTime() + 4 * HOUR);
      const job = await h.db.job.create({
        data: {
          organizationId: w.org.id,
          fieldId: field.id,
          operationType: 'HARVESTING',
          areaM2: 100_000,
          windowStart: start,
          windowEnd: end,
          estimatedHours: 4,
          status: 'COMPLETED',
        },
      });
      const a = await h.db.assignment.create({
        data: { organizationId: w.org.id, jobId: job.id, operatorMembershipId: m.id, startsAt: start, endsAt: end },
      });
      await h.db.assignmentMachine.create({
        data: { organizationId: w.org.id, assignmentId: a.id, assetId: w.claas, role: 'PRIMARY' },
      });
    }
    return m.id;
  }

  it('"用钱勇那台克拉斯" → 克拉斯1号, with 钱勇 kept as its operator', async () => {
    const w = await world();
    const qy = await qianYong(w);
    const r = await run(w, `下周${w.field}的收获，用钱勇那台克拉斯`);
    expect(r.status).toBe('COMPLETED');
    expect(r.constraints!.prefer.assets.map((a) => a.id)).toEqual([w.claas]);
    expect(r.constraints!.prefer.operators.map((o) => o.id)).toEqual([qy]);
    expect(r.constraints!.notes.join('\n')).toContain('钱勇常开的机器“克拉斯1号”');
    expect(r.draft!.items[0]).toMatchObject({ primaryAssetId: w.claas, operatorMembershipId: qy });
  });

  it('"用钱勇那台克拉斯收<field>" (no period) plans the next 14 days and says so, instead of asking', async () => {
    const w = await world();
    const qy = await qianYong(w);
    const r = await run(w, `用钱勇那台克拉斯收${w.field}`);
    expect(r.status).toBe('COMPLETED');
    expect(r.question).toBeNull();
    const today = localDay(new Date().toISOString());
    expect(r.constraints!.period).toEqual({
      from: today,
      to: localDay(new Date(Date.now() + 13 * 86_400_000).toISOString()),
    });
    expect(r.constraints!.notes[0]).toContain('没有说时间：按接下来 14 天');
    expect(r.draft!.items).toHaveLength(1);
    expect(r.draft!.items[0]).toMatchObject({ primaryAssetId: w.claas, operatorMembershipId: qy });
    const d = await draftOf(w, r.draft!.id);
    expect(JSON.stringify(d)).toContain('没有说时间');
  });

  it('"钱勇的那台不要用" avoids the machine only; an unknown habit → a question', async () => {
    const w = await world();
    await qianYong(w);
    const r = await run(w, `下周${w.field}的收获，钱勇的那台不要用`);
    expect(r.constraints!.avoid.assets.map((a) => a.id)).toEqual([w.claas]);
    expect(r.constraints!.avoid.operators).toEqual([]);
    expect(r.draft!.items[0]!.primaryAssetId).toBe(w.deere);
    const asked = await run(w, `下周${w.field}的收获，用李明那台`);
    expect(asked.status).toBe('NEEDS_INPUT');
    expect(asked.question).toContain('李明');
  });
});
