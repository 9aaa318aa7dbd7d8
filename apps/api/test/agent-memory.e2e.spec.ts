import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZAgentFeedback, ZAgentPreferenceList } from '@amms/contracts/agent-memory';
import { ZAgentRun, type TAgentRun } from '@amms/contracts/drafts';
import { call, createOrg, login, PASSWORD, type TestOrg } from './harness.js';
import { appForFile, assetRow, combineModel, tag } from './support/world.js';
import { expectError, expectStatus, loginAll, orgPath } from './assertions.js';
import type { TRole } from '@amms/contracts/permissions';

/**
 * Issue 14 §2 on the real API, Postgres and Redis: entity references across three turns of a
 * conversation, preferences saved / applied (named in the draft's notes) / deleted, a preference
 * outside the caller's current scope not applied, feedback stored, agent metrics on /metrics.
 */
const h = appForFile();

const HOUR = 3_600_000;
/** next week's Monday 00:00 Asia/Shanghai + day/hour, as an instant */
function at(day: number, hour: number): string {
  const local = new Date(Date.now() + 8 * HOUR);
  const dow = (local.getUTCDay() + 6) % 7;
  const mon = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 7 - dow) - 8 * HOUR;
  return new Date(mon + day * 86_400_000 + hour * HOUR).toISOString();
}
/** the local (UTC+8) calendar date of an instant */
const localDate = (iso: string) => new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 10);

interface World {
  org: TestOrg;
  t: Record<TRole, string>;
  teams: { one: string; two: string; twoName: string };
  combines: { a: string; b: string };
  field: { id: string; name: string };
}

/** Two teams with one combine each (收割机A in 一队, 收割机B in 二队) and a field. */
async function world(): Promise<World> {
  const org = await createOrg(h.db, 'memory');
  const t = await loginAll(h.base, org);
  const suffix = tag();
  const one = (await h.db.team.create({ data: { organizationId: org.id, name: `一队${suffix}` } })).id;
  const twoName = `二队${suffix}`;
  const two = (await h.db.team.create({ data: { organizationId: org.id, name: twoName } })).id;
  const model = await combineModel(h.db, org.id);
  const combine = async (name: string, teamId: string) => await assetRow(h.db, org.id, model.id, name, { teamId });
  const combines = { a: await combine('收割机A', one), b: await combine('收割机B', two) };
  const fieldName = `东岗${suffix}号地`;
  const f = await call(h.base, 'POST', orgPath(org.id, '/fields'), {
    token: t.OWNER,
    body: { name: fieldName, areaHa: 20 },
  });
  expectStatus(f, 201);
  return { org, t, teams: { one, two, twoName }, combines, field: { id: f.body.id, name: fieldName } };
}

async function job(w: World, windowStart: string, windowEnd: string, hours = 4): Promise<string> {
  const r = await call(h.base, 'POST', orgPath(w.org.id, '/jobs'), {
    token: w.t.DISPATCHER,
    body: { fieldId: w.field.id, operationType: 'HARVESTING', estimatedHours: hours, windowStart, windowEnd },
  });
  expectStatus(r, 201);
  return r.body.id;
}

async function run(w: World, goal: string, token: string, conversationId?: string): Promise<TAgentRun> {
  const r = await call(h.base, 'POST', orgPath(w.org.id, '/agent/runs'), {
    token,
    body: { goal, ...(conversationId ? { conversationId } : {}) },
  });
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}

const preferences = async (w: World, token: string) => {
  const r = await call(h.base, 'GET', orgPath(w.org.id, '/agent/preferences'), { token });
  expectStatus(r, 200);
  return ZAgentPreferenceList.parse(r.body).items;
};

describe('entity memory across three turns', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
    await job(w, at(0, 7), at(0, 19));
  });

  it('"同一块地" / "那台收割机" / "张师傅那台" resolve to the ids of earlier turns; nothing is guessed', async () => {
    // turn 1: names the field and a machine
    const t1 = await run(w, `安排下周${w.field.name}的收获作业，优先用收割机A`, w.t.DISPATCHER);
    expect(t1.status).toBe('COMPLETED');
    expect(t1.constraints!.fields.map((f) => f.id)).toEqual([w.field.id]);
    expect(t1.constraints!.prefer.assets.map((a) => a.id)).toEqual([w.combines.a]);
    expect(
      t1
        .entities!.filter((e) => e.via === 'goal')
        .map((e) => e.id)
        .sort(),
    ).toEqual([w.field.id, w.combines.a].sort());
    const conversationId = t1.conversationId!;

    // turn 2: "the same field", "that combine" → the field and 收割机A; the draft then uses B with 张三
    const t2 = await run(w, '同一块地下周的收获，那台收割机不要用', w.t.DISPATCHER, conversationId);
    expect(t2.status).toBe('COMPLETED');
    expect(t2.constraints!.fields.map((f) => f.id)).toEqual([w.field.id]);
    expect(t2.constraints!.avoid.assets.map((a) => a.id)).toEqual([w.combines.a]);
    expect(t2.constraints!.notes.join('\n')).toContain('“那台收割机”指上文提到的机器“收割机A”');
    expect(t2.draft!.items.map((i) => i.primaryAssetId)).toEqual([w.combines.b]);
    // whoever drove 收割机B in that draft is "张师傅" from now on (names are read afresh every run)
    const driver = await h.db.membership.findUniqueOrThrow({ where: { id: t2.draft!.items[0]!.operatorMembershipId } });
    await h.db.user.update({ where: { id: driver.userId }, data: { name: '张三' } });
    expect(t2.goal).toBe('同一块地下周的收获，那台收割机不要用'); // the goal is kept as said

    // turn 3: "张师傅那台" = the machine 张三 was given in turn 2's draft (收割机B)
    const t3 = await run(w, '张师傅那台下周也别用，安排下周收获', w.t.DISPATCHER, conversationId);
    expect(t3.status).toBe('COMPLETED');
    expect(t3.constraints!.avoid.assets.map((a) => a.id)).toEqual([w.combines.b]);
    expect(t3.draft!.items.map((i) => i.primaryAssetId)).toEqual([w.combines.a]);
    const stored = await h.db.agentRun.findUniqueOrThrow({ where: { id: t3.id } });
    // ids and names only: no status or availability in the memory
    expect(JSON.stringify(stored.entities)).not.toMatch(/ACTIVE|IN_MAINTENANCE|status|busy/i);
  });

  it('two candidates or none → a question, not a guess', async () => {
    const t1 = await run(w, '下周收获，优先用收割机A和收割机B', w.t.DISPATCHER);
    const t2 = await run(w, '那台收割机下周不要用', w.t.DISPATCHER, t1.conversationId!);
    expect(t2.status).toBe('NEEDS_INPUT');
    expect(t2.question).toContain('收割机A');
    expect(t2.question).toContain('收割机B');
    expect(t2.draft).toBeNull();
    const fresh = await run(w, 'schedule harvesting next week on the same field', w.t.DISPATCHER);
    expect(fresh.status).toBe('NEEDS_INPUT');
    expect(fresh.question).toMatch(/Which field/);
  });
});

describe('preferences: saved only when said, applied softly and named in the notes, deleted', () => {
  let w: World;
  let sundayJob: string;
  beforeAll(async () => {
    w = await world();
    // 4 h inside next week's Sunday 07:00 → the Monday after 19:00: the earliest start is Sunday
    sundayJob = await job(w, at(6, 7), at(7, 19));
  });

  it('a plain constraint is not saved; "记住…" is, with its source run and time', async () => {
    await run(w, '优先用二队的机器，安排下周的收获'.replace('二队', w.teams.twoName), w.t.DISPATCHER);
    expect(await preferences(w, w.t.DISPATCHER)).toEqual([]);
    const saved = await run(w, `记住：以后优先用${w.teams.twoName}的机器，周日不排作业`, w.t.DISPATCHER);
    expect(saved.status).toBe('COMPLETED');
    expect(saved.draft).toBeNull();
    expect(saved.message).toContain('已记住');
    const prefs = await preferences(w, w.t.DISPATCHER);
    expect(prefs.map((p) => [p.kind, p.target?.id ?? p.weekday]).sort()).toEqual(
      [
        ['AVOID_WEEKDAY', 7],
        ['PREFER_TEAM', w.teams.two],
      ].sort(),
    );
    for (const p of prefs) {
      expect(p.sourceRunId).toBe(saved.id);
      expect(Date.parse(p.createdAt)).toBeGreaterThan(Date.now() - 10 * 60_000);
    }
    // own only: the OWNER sees none of them
    expect(await preferences(w, w.t.OWNER)).toEqual([]);
  });

  it('applied as soft constraints and named in the draft notes; without them the plan differs', async () => {
    const goal = '安排未来三周的收获作业';
    const mine = await run(w, goal, w.t.DISPATCHER);
    const item = mine.draft!.items.find((i) => i.jobId === sundayJob)!;
    expect(item.primaryAssetId).toBe(w.combines.b); // 二队's machine
    expect(localDate(item.startsAt)).toBe(localDate(at(7, 12))); // Monday, not Sunday
    const notes = mine.constraints!.notes.join('\n');
    expect(notes).toContain(`已按你的偏好：优先用${w.teams.twoName}的机器`);
    expect(notes).toContain('已按你的偏好：周日不排作业');
    const draft = await call(h.base, 'GET', orgPath(w.org.id, `/drafts/${mine.draftId}`), { token: w.t.DISPATCHER });
    expectStatus(draft, 200);
    expect(JSON.stringify(draft.body)).toContain('周日不排作业');
    // the OWNER has no preferences: the same goal starts on Sunday
    const owners = await run(w, goal, w.t.OWNER);
    expect(localDate(owners.draft!.items.find((i) => i.jobId === sundayJob)!.startsAt)).toBe(localDate(at(6, 12)));
    expect(owners.constraints!.notes.join('\n')).not.toContain('偏好');
  });

  it('deleted: own only (another person → 404), gone from the next plan', async () => {
    const prefs = await preferences(w, w.t.DISPATCHER);
    const sunday = prefs.find((p) => p.kind === 'AVOID_WEEKDAY')!;
    expectError(
      await call(h.base, 'DELETE', orgPath(w.org.id, `/agent/preferences/${sunday.id}`), { token: w.t.OWNER }),
      404,
      'NOT_FOUND',
    );
    expectStatus(
      await call(h.base, 'DELETE', orgPath(w.org.id, `/agent/preferences/${sunday.id}`), { token: w.t.DISPATCHER }),
      204,
    );
    expectError(
      await call(h.base, 'DELETE', orgPath(w.org.id, `/agent/preferences/${sunday.id}`), { token: w.t.DISPATCHER }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(h.base, 'DELETE', orgPath(w.org.id, '/agent/preferences/not-a-uuid'), { token: w.t.DISPATCHER }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await preferences(w, w.t.DISPATCHER)).map((p) => p.kind)).toEqual(['PREFER_TEAM']);
    const next = await run(w, '安排未来三周的收获作业', w.t.DISPATCHER);
    expect(next.constraints!.notes.join('\n')).not.toContain('周日不排作业');
    expect(localDate(next.draft!.items.find((i) => i.jobId === sundayJob)!.startsAt)).toBe(localDate(at(6, 12)));
    const audit = await h.db.auditEvent.findFirst({
      where: { organizationId: w.org.id, action: 'agent.preference_deleted', entityId: sunday.id },
    });
    expect(audit).not.toBeNull();
  });

  it('a preference naming a team outside the caller’s current scope is not applied, and the notes say so', async () => {
    const like = await h.db.user.findUniqueOrThrow({ where: { id: w.org.users.OWNER.id } });
    const email = `team-${tag()}@memory.test`;
    const u = await h.db.user.create({ data: { email, name: 'Team dispatcher', passwordHash: like.passwordHash } });
    const m = await h.db.membership.create({
      data: { organizationId: w.org.id, userId: u.id, role: 'DISPATCHER', dataScope: 'TEAM' },
    });
    await h.db.teamMember.create({ data: { organizationId: w.org.id, teamId: w.teams.one, membershipId: m.id } });
    await h.db.teamMember.create({ data: { organizationId: w.org.id, teamId: w.teams.two, membershipId: m.id } });
    const token = (await login(h.base, email, PASSWORD)).accessToken;
    // a job of 一队, which this dispatcher can see
    const r0 = await call(h.base, 'POST', orgPath(w.org.id, '/jobs'), {
      token: w.t.DISPATCHER,
      body: {
        fieldId: w.field.id,
        teamId: w.teams.one,
        operationType: 'HARVESTING',
        estimatedHours: 4,
        windowStart: at(1, 7),
        windowEnd: at(1, 19),
      },
    });
    expectStatus(r0, 201);
    const saved = await run(w, `记住：优先用${w.teams.twoName}的机器`, token);
    expect(saved.message).toContain('已记住');
    // the dispatcher leaves 二队: the saved preference no longer fits their scope
    await h.db.teamMember.deleteMany({ where: { teamId: w.teams.two, membershipId: m.id } });
    const again = (await login(h.base, email, PASSWORD)).accessToken;
    const r = await run(w, '安排未来三周的收获作业', again);
    expect(r.draft).not.toBeNull();
    const notes = r.constraints!.notes.join('\n');
    expect(notes).toContain(`偏好“优先用${w.teams.twoName}的机器”未应用`);
    expect(notes).not.toContain(`已按你的偏好：优先用${w.teams.twoName}`);
  });
});

describe('feedback and metrics', () => {
  it('thumbs up / down stored (one per person and run), 404 for another org, counted on /metrics', async () => {
    const w = await world();
    await job(w, at(0, 7), at(0, 19));
    const r = await run(w, '安排下周的收获作业', w.t.DISPATCHER);
    const path = orgPath(w.org.id, `/agent/runs/${r.id}/feedback`);
    const up = await call(h.base, 'POST', path, {
      token: w.t.DISPATCHER,
      body: { rating: 'UP' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expectStatus(up, 200);
    expect(ZAgentFeedback.parse(up.body)).toMatchObject({ runId: r.id, rating: 'UP', comment: null });
    const down = await call(h.base, 'POST', path, {
      token: w.t.DISPATCHER,
      body: { rating: 'DOWN', comment: '收割机选错了' },
    });
    expectStatus(down, 200);
    const rows = await h.db.agentFeedback.findMany({ where: { organizationId: w.org.id, runId: r.id } });
    expect(rows.map((x) => [x.rating, x.comment, x.userId])).toEqual([
      ['DOWN', '收割机选错了', w.org.users.DISPATCHER.id],
    ]);
    expectError(
      await call(h.base, 'POST', path, { token: w.t.DISPATCHER, body: { rating: 'MAYBE' } }),
      400,
      'VALIDATION_FAILED',
    );
    const other = await world();
    expectError(
      await call(h.base, 'POST', orgPath(other.org.id, `/agent/runs/${r.id}/feedback`), {
        token: other.t.DISPATCHER,
        body: { rating: 'UP' },
      }),
      404,
      'NOT_FOUND',
    );
    // a VIEWER has no agent.run
    expectError(await call(h.base, 'POST', path, { token: w.t.VIEWER, body: { rating: 'UP' } }), 403, 'FORBIDDEN');

    const metrics = await call<string>(h.base, 'GET', '/metrics');
    expectStatus(metrics, 200);
    const text = String(metrics.body);
    const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? NaN);
    expect(value(/amms_agent_feedback_total\{rating="UP"\} (\d+)/)).toBeGreaterThanOrEqual(1);
    expect(value(/amms_agent_feedback_total\{rating="DOWN"\} (\d+)/)).toBeGreaterThanOrEqual(1);
    expect(value(/amms_agent_runs_total\{intent="SCHEDULE_JOBS",outcome="draft"\} (\d+)/)).toBeGreaterThanOrEqual(1);
    expect(value(/amms_agent_tool_calls_total\{tool="known_names",ok="true"\} (\d+)/)).toBeGreaterThanOrEqual(1);
    expect(value(/amms_agent_run_duration_seconds_count\{intent="SCHEDULE_JOBS"\} (\d+)/)).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE amms_agent_planner_fallbacks_total counter');
    expect(text).toContain('# TYPE amms_agent_tokens_total counter');
  });
});
