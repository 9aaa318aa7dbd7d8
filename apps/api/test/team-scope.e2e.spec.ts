import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZAgentRun } from '@amms/contracts/drafts';
import { call, createOrg, login, PASSWORD, type TestOrg } from './harness.js';
import { appForFile, tag } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';

/** Jobs under TEAM scope (read and write), and the "own only" rule of drafts, runs and conversations. */
const h = appForFile();

const req = (token: string, method: string, org: string, rest: string, body?: unknown) =>
  call(h.base, method, orgPath(org, rest), { token, body });

/** A TEAM-scoped dispatcher of `teamId` (an extra member: the test org has one per role). */
async function teamDispatcher(org: TestOrg, teamId: string) {
  const like = await h.db.user.findUniqueOrThrow({ where: { id: org.users.OWNER.id } });
  const email = `disp-${tag()}@team.test`;
  const u = await h.db.user.create({ data: { email, name: 'Team dispatcher', passwordHash: like.passwordHash } });
  const m = await h.db.membership.create({
    data: { organizationId: org.id, userId: u.id, role: 'DISPATCHER', dataScope: 'TEAM' },
  });
  await h.db.teamMember.create({ data: { organizationId: org.id, teamId, membershipId: m.id } });
  return { userId: u.id, membershipId: m.id, token: (await login(h.base, email, PASSWORD)).accessToken };
}

async function world() {
  const org = await createOrg(h.db, 'team');
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  const [north, south] = [
    (await h.db.team.create({ data: { organizationId: org.id, name: `North ${tag()}` } })).id,
    (await h.db.team.create({ data: { organizationId: org.id, name: `South ${tag()}` } })).id,
  ];
  const field = async (teamId: string) => {
    const r = await req(owner, 'POST', org.id, '/fields', { name: `F ${tag()}`, areaHa: 10, teamId });
    expectStatus(r, 201);
    return r.body.id as string;
  };
  const fields = { north: await field(north), south: await field(south) };
  const job = async (fieldId: string) => {
    const r = await req(owner, 'POST', org.id, '/jobs', {
      fieldId,
      operationType: 'TILLAGE',
      estimatedHours: 4,
      windowStart: '2031-05-05T00:00:00Z',
      windowEnd: '2031-05-09T00:00:00Z',
    });
    expectStatus(r, 201);
    return r.body as { id: string; version: number; teamId: string };
  };
  return { org, owner, north, south, fields, jobs: { north: await job(fields.north), south: await job(fields.south) } };
}

describe('jobs under TEAM scope', () => {
  it("a TEAM dispatcher reads and writes their team's jobs only: others are 404, moving a job out of the team is 403", async () => {
    const w = await world();
    expect(w.jobs.north.teamId).toBe(w.north);
    const d = await teamDispatcher(w.org, w.north);

    const list = await req(d.token, 'GET', w.org.id, '/jobs');
    expectStatus(list, 200);
    expect((list.body.items as { id: string }[]).map((j) => j.id)).toEqual([w.jobs.north.id]);
    expectStatus(await req(d.token, 'GET', w.org.id, `/jobs/${w.jobs.north.id}`), 200);

    const south = w.jobs.south;
    expectError(await req(d.token, 'GET', w.org.id, `/jobs/${south.id}`), 404, 'NOT_FOUND');
    expectError(
      await req(d.token, 'PATCH', w.org.id, `/jobs/${south.id}`, { version: south.version, title: 'mine now' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await req(d.token, 'POST', w.org.id, `/jobs/${south.id}/cancel`, { reason: 'not needed' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await req(d.token, 'POST', w.org.id, `/jobs/${south.id}/assign`, {
        primaryAssetId: randomUUID(),
        operatorMembershipId: w.org.users.OPERATOR.membershipId,
        startsAt: '2031-05-05T08:00:00Z',
        endsAt: '2031-05-05T12:00:00Z',
      }),
      404,
      'NOT_FOUND',
    );
    // creating on the other team's field, or into the other team
    const body = {
      operationType: 'TILLAGE',
      estimatedHours: 2,
      windowStart: '2031-05-05T00:00:00Z',
      windowEnd: '2031-05-06T00:00:00Z',
    };
    expectError(await req(d.token, 'POST', w.org.id, '/jobs', { ...body, fieldId: w.fields.south }), 404, 'NOT_FOUND');
    expectError(
      await req(d.token, 'POST', w.org.id, '/jobs', { ...body, fieldId: w.fields.north, teamId: w.south }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await req(d.token, 'PATCH', w.org.id, `/jobs/${w.jobs.north.id}`, {
        version: w.jobs.north.version,
        teamId: w.south,
      }),
      403,
      'FORBIDDEN',
    );
    const after = await h.db.job.findUniqueOrThrow({ where: { id: south.id } });
    expect(after).toMatchObject({ status: 'PLANNED', version: south.version, title: null });

    // their own team's: allowed
    expectStatus(
      await req(d.token, 'PATCH', w.org.id, `/jobs/${w.jobs.north.id}`, {
        version: w.jobs.north.version,
        title: 'Spring tillage',
      }),
      200,
    );
    expectStatus(await req(d.token, 'POST', w.org.id, '/jobs', { ...body, fieldId: w.fields.north }), 201);
  });
});

describe('own only: drafts, runs and conversations', () => {
  it('a TEAM member sees only the runs, conversations and drafts they started; an ORG member sees them all', async () => {
    const w = await world();
    const a = await teamDispatcher(w.org, w.north);
    const b = await teamDispatcher(w.org, w.north);
    // a north harvest job next week (Asia/Shanghai), which the rules planner reads from "下周"
    const local = new Date(Date.now() + 8 * 3_600_000);
    const mon = Date.UTC(
      local.getUTCFullYear(),
      local.getUTCMonth(),
      local.getUTCDate() + 7 - ((local.getUTCDay() + 6) % 7),
    );
    const at = (day: number, hour: number) => new Date(mon + day * 86_400_000 + (hour - 8) * 3_600_000).toISOString();
    const job = await req(w.owner, 'POST', w.org.id, '/jobs', {
      fieldId: w.fields.north,
      operationType: 'HARVESTING',
      estimatedHours: 6,
      windowStart: at(0, 7),
      windowEnd: at(2, 19),
    });
    expectStatus(job, 201);
    const r = await req(a.token, 'POST', w.org.id, '/agent/runs', { goal: '安排下周的收获作业' });
    expectStatus(r, 201);
    const run = ZAgentRun.parse(r.body);
    expect(run.draftId, JSON.stringify(r.body)).toEqual(expect.any(String));

    for (const path of [
      `/agent/runs/${run.id}`,
      `/agent/conversations/${run.conversationId}`,
      `/drafts/${run.draftId}`,
    ]) {
      expectStatus(await req(a.token, 'GET', w.org.id, path), 200);
      expectStatus(await req(w.owner, 'GET', w.org.id, path), 200);
      expectError(await req(b.token, 'GET', w.org.id, path), 404, 'NOT_FOUND');
    }
    const ids = async (token: string) =>
      ((await req(token, 'GET', w.org.id, '/drafts')).body.items as { id: string }[]).map((d) => d.id);
    expect(await ids(a.token)).toEqual([run.draftId]);
    expect(await ids(w.owner)).toEqual([run.draftId]);
    expect(await ids(b.token)).toEqual([]);
    // b cannot continue a's conversation either
    expectError(
      await req(b.token, 'POST', w.org.id, '/agent/runs', { goal: '再排一次', conversationId: run.conversationId }),
      404,
      'NOT_FOUND',
    );
  });
});
