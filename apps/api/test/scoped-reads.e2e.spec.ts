import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZListAuditEventsResponse } from '@amms/contracts/audit';
import { AgentTools, type BusyFacts } from '../src/planning/tools/agent-tools.js';
import { memberContext } from '../src/tenancy/member-context.js';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { appForFile, machineModel, orgApi, tag } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';

/** Reads that must follow the caller's data scope: the audit list and the agent's bookings tool. */
const h = appForFile();

const { get } = orgApi(() => h);

/** Two teams, a machine in each (created by the owner), the DISPATCHER made TEAM-scoped to the north team. */
async function world() {
  const org: TestOrg = await createOrg(h.db, 'scoped');
  const [north, south] = [
    await h.db.team.create({ data: { organizationId: org.id, name: `North ${tag()}` } }),
    await h.db.team.create({ data: { organizationId: org.id, name: `South ${tag()}` } }),
  ];
  const d = org.users.DISPATCHER.membershipId;
  await h.db.membership.update({ where: { id: d }, data: { dataScope: 'TEAM' } });
  await h.db.teamMember.create({ data: { organizationId: org.id, teamId: north.id, membershipId: d } });
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  const dispatcher = (await login(h.base, org.users.DISPATCHER.email)).accessToken;
  const model = await machineModel(h.db, null);
  const asset = async (teamId: string) => {
    const r = await call(h.base, 'POST', orgPath(org.id, '/assets'), {
      token: owner,
      body: { modelId: model.id, name: `T ${tag()}`, serialNumber: `SN-${tag()}`, teamId },
    });
    expectStatus(r, 201);
    return r.body.id as string;
  };
  return {
    org,
    north: north.id,
    south: south.id,
    owner,
    dispatcher,
    assets: { north: await asset(north.id), south: await asset(south.id) },
  };
}

describe('audit events under a data scope', () => {
  it('a malformed entity id is a 400, not a 500', async () => {
    const org = await createOrg(h.db, 'scoped');
    const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
    expectError(await get(owner, org.id, '/audit-events?entityType=draft&entityId=abc'), 400, 'VALIDATION_FAILED');
    expectError(await get(owner, org.id, '/audit-events?entityType=asset&entityId=abc'), 400, 'VALIDATION_FAILED');
    expectError(await get(owner, org.id, '/audit-events?entityId=abc'), 400, 'VALIDATION_FAILED');
  });

  it('a TEAM-scoped reader sees their own events and the trail of rows they can read; an ORG reader sees everything', async () => {
    const w = await world();
    const list = async (token: string, query = '') =>
      ZListAuditEventsResponse.parse((await get(token, w.org.id, `/audit-events?limit=500${query}`)).body).items;

    const all = await list(w.owner);
    expect(
      all
        .filter((e) => e.action === 'asset.created')
        .map((e) => e.entityId)
        .sort(),
    ).toEqual([w.assets.north, w.assets.south].sort());

    // the org-wide stream: only what the dispatcher did themselves (nothing yet)
    expect(await list(w.dispatcher)).toEqual([]);
    // one row's trail: readable for their team's machine, empty for the other team's
    expect((await list(w.dispatcher, `&entityType=asset&entityId=${w.assets.north}`)).map((e) => e.action)).toEqual([
      'asset.created',
    ]);
    expect(await list(w.dispatcher, `&entityType=asset&entityId=${w.assets.south}`)).toEqual([]);
    expect(await list(w.dispatcher, `&entityId=${w.assets.north}`)).toEqual([]);

    // something they did themselves shows up in their stream
    const field = await call(h.base, 'POST', orgPath(w.org.id, '/fields'), {
      token: w.dispatcher,
      body: { name: `F ${tag()}`, areaHa: 1, teamId: w.north },
    });
    expectStatus(field, 201);
    const mine = await list(w.dispatcher);
    expect(mine.map((e) => e.action)).toEqual(['field.created']);
    expect(mine.every((e) => e.actorUserId === w.org.users.DISPATCHER.id)).toBe(true);
  });
});

describe("the agent's bookings tool under a data scope", () => {
  it('returns only bookings of machines and people the caller can see', async () => {
    const w = await world();
    const day = (h0: number) => new Date(Date.UTC(2031, 4, 5, h0)).toISOString();
    for (const assetId of [w.assets.north, w.assets.south]) {
      const r = await call(h.base, 'POST', orgPath(w.org.id, '/work-orders'), {
        token: w.owner,
        body: { type: 'INSPECTION', assetId, title: 'Check', plannedStart: day(8), plannedEnd: day(12) },
      });
      expectStatus(r, 201);
    }
    // operator bookings: the OPERATOR in the north team, the MECHANIC in the south team
    await h.db.teamMember.create({
      data: { organizationId: w.org.id, teamId: w.north, membershipId: w.org.users.OPERATOR.membershipId },
    });
    await h.db.teamMember.create({
      data: { organizationId: w.org.id, teamId: w.south, membershipId: w.org.users.MECHANIC.membershipId },
    });
    const field = await h.db.field.create({ data: { organizationId: w.org.id, name: `F-${tag()}`, areaM2: 10_000 } });
    for (const m of [w.org.users.OPERATOR.membershipId, w.org.users.MECHANIC.membershipId]) {
      const job = await h.db.job.create({
        data: {
          organizationId: w.org.id,
          fieldId: field.id,
          operationType: 'TILLAGE',
          areaM2: 10_000,
          windowStart: new Date(day(0)),
          windowEnd: new Date(day(23)),
          estimatedHours: '4',
        },
      });
      const a = await h.db.assignment.create({
        data: {
          organizationId: w.org.id,
          jobId: job.id,
          operatorMembershipId: m,
          startsAt: new Date(day(13)),
          endsAt: new Date(day(15)),
        },
      });
      await h.db.operatorBooking.create({
        data: {
          organizationId: w.org.id,
          membershipId: m,
          assignmentId: a.id,
          startsAt: new Date(day(13)),
          endsAt: new Date(day(15)),
        },
      });
    }

    const tool = h.app.get(AgentTools).all.get('bookings')!;
    const principal = (userId: string) => ({
      kind: 'USER' as const,
      userId,
      sessionId: randomUUID(),
      isPlatformAdmin: false,
    });
    const ctxOf = (role: 'OWNER' | 'DISPATCHER', dataScope: 'ORG' | 'TEAM', teamIds: string[]) =>
      memberContext(
        w.org.id,
        principal(w.org.users[role].id),
        { id: w.org.users[role].membershipId, role, dataScope, status: 'ACTIVE', teamIds },
        'test',
      );
    const range = { from: day(0), to: day(23) };

    const team = (await tool.run(ctxOf('DISPATCHER', 'TEAM', [w.north]), range)) as BusyFacts;
    expect(team.machines.map((b) => b.assetId)).toEqual([w.assets.north]);
    expect(team.operators.map((b) => b.membershipId)).toEqual([w.org.users.OPERATOR.membershipId]);

    const all = (await tool.run(ctxOf('OWNER', 'ORG', []), range)) as BusyFacts;
    expect(all.machines.map((b) => b.assetId).sort()).toEqual([w.assets.north, w.assets.south].sort());
    expect(all.operators.map((b) => b.membershipId).sort()).toEqual(
      [w.org.users.OPERATOR.membershipId, w.org.users.MECHANIC.membershipId].sort(),
    );
  });
});
