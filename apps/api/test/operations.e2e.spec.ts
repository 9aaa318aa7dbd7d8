// Cross-module rules: jobs and maintenance share the machine booking table; analytics (cached)
// follows writes of every module; a machine under repair cannot be booked until accepted.
import { describe, expect, it } from 'vitest';
import { ZJob } from '@amms/contracts/jobs';
import { ZAnalyticsOverview } from '@amms/contracts/analytics';
import { appForFile, fieldWorld, orgApi, tag, type FieldWorld } from './support/world.js';
import { expectError, expectStatus } from './assertions.js';

const h = appForFile();

const { get, post, del } = orgApi(() => h);

type World = FieldWorld;
const world = () => fieldWorld(h, 'ops', { areaHa: 40, crop: 'wheat' });

async function plannedJob(w: World, windowStart: string, windowEnd: string) {
  const r = await post(w.t.DISPATCHER, w.org.id, '/jobs', {
    fieldId: w.fieldId,
    operationType: 'TILLAGE',
    estimatedHours: 4,
    windowStart,
    windowEnd,
  });
  expectStatus(r, 201);
  return ZJob.parse(r.body);
}

async function extraOperator(orgId: string) {
  const u = await h.db.user.create({ data: { email: `op-${tag()}@x.test`, name: `Op ${tag()}`, passwordHash: 'x' } });
  return (
    await h.db.membership.create({
      data: { organizationId: orgId, userId: u.id, role: 'OPERATOR', dataScope: 'ASSIGNED' },
    })
  ).id;
}

describe('jobs and work orders share one machine calendar', () => {
  it('10 job assignments and 10 work-order windows racing for one machine in overlapping slots → exactly one wins', async () => {
    const w = await world();
    const day = '2027-09-14';
    const jobs = await Promise.all(
      Array.from({ length: 10 }, () => plannedJob(w, `${day}T00:00:00.000Z`, `${day}T23:00:00.000Z`)),
    );
    const operators = await Promise.all(jobs.map(() => extraOperator(w.org.id)));
    const requests = [
      ...jobs.map((j, i) =>
        post(w.t.DISPATCHER, w.org.id, `/jobs/${j.id}/assign`, {
          primaryAssetId: w.tractor,
          operatorMembershipId: operators[i],
          startsAt: `${day}T${String(6 + (i % 4)).padStart(2, '0')}:00:00.000Z`,
          endsAt: `${day}T14:00:00.000Z`,
        }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        post(w.t.DISPATCHER, w.org.id, '/work-orders', {
          type: 'PREVENTIVE',
          assetId: w.tractor,
          title: `250 h service ${i}`,
          plannedStart: `${day}T${String(7 + (i % 4)).padStart(2, '0')}:30:00.000Z`,
          plannedEnd: `${day}T16:00:00.000Z`,
        }),
      ),
    ];
    const results = await Promise.all(requests);
    const won = results.filter((r) => r.status === 200 || r.status === 201);
    const lost = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      expect((r.body as { error: { code: string } }).error.code).toBe('BOOKING_CONFLICT');
      expect(
        (r.body as { error: { details: { conflicts: unknown[] } } }).error.details.conflicts.length,
      ).toBeGreaterThan(0);
    }
    expect(
      await h.db.machineBooking.count({ where: { organizationId: w.org.id, assetId: w.tractor, releasedAt: null } }),
    ).toBe(1);
    // the losers left nothing behind: no half-created work order, no scheduled job without booking
    const scheduled = await h.db.job.count({ where: { organizationId: w.org.id, status: 'SCHEDULED' } });
    const bookedOrders = await h.db.workOrder.count({ where: { organizationId: w.org.id } });
    expect(scheduled + bookedOrders).toBe(1);
  });

  it('a reported breakdown takes the machine out of scheduling until the repair is accepted', async () => {
    const w = await world();
    const job = await plannedJob(w, '2027-10-01T00:00:00.000Z', '2027-10-03T00:00:00.000Z');
    const assignBody = {
      primaryAssetId: w.tractor,
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      startsAt: '2027-10-01T08:00:00.000Z',
      endsAt: '2027-10-01T12:00:00.000Z',
    };

    // a breakdown is reported (corrective, with downtime) and given to the mechanic
    const report = await post(w.t.DISPATCHER, w.org.id, '/work-orders', {
      type: 'CORRECTIVE',
      assetId: w.tractor,
      title: 'Hydraulic leak',
      assigneeMembershipId: w.org.users.MECHANIC.membershipId,
    });
    expectStatus(report, 201);
    const woId = (report.body as { id: string }).id;
    expect((await h.db.asset.findUniqueOrThrow({ where: { id: w.tractor } })).status).toBe('IN_MAINTENANCE');
    expectError(await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/assign`, assignBody), 409, 'ASSET_UNAVAILABLE');

    // the mechanic repairs and submits; someone else accepts
    expectStatus(await post(w.t.MECHANIC, w.org.id, `/work-orders/${woId}/start`), 200);
    expectStatus(await post(w.t.MECHANIC, w.org.id, `/work-orders/${woId}/submit`, {}), 200);
    expectStatus(await post(w.t.ADMIN, w.org.id, `/work-orders/${woId}/accept`), 200);
    expect((await h.db.asset.findUniqueOrThrow({ where: { id: w.tractor } })).status).toBe('ACTIVE');
    const assigned = await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/assign`, assignBody);
    expectStatus(assigned, 200);
    expect(ZJob.parse(assigned.body).status).toBe('SCHEDULED');
  });
});

describe('analytics follows writes through the cache', () => {
  it('a cached overview shows a completed job and an approved cost on the next read', async () => {
    const w = await world();
    const overviewPath = '/analytics/overview';
    const firstRes = await get(w.t.OWNER, w.org.id, overviewPath);
    expectStatus(firstRes, 200);
    const first = ZAnalyticsOverview.parse(firstRes.body);
    expect(first.costs.totalMinor).toBe('0');
    expect(first.hectares).toBe(0);
    // second read is served from the cache (same answer)
    expect(ZAnalyticsOverview.parse((await get(w.t.OWNER, w.org.id, overviewPath)).body)).toEqual(first);
    const metrics = await (await fetch(`${h.base}/metrics`)).text();
    expect(metrics).toMatch(/amms_cache_requests_total\{resource="analytics",result="hit"\} [1-9]/);

    // a job worked today: 12.5 ha in 5 h
    const now = Date.now();
    const job = await plannedJob(
      w,
      new Date(now - 6 * 3_600_000).toISOString(),
      new Date(now + 6 * 3_600_000).toISOString(),
    );
    expectStatus(
      await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/assign`, {
        primaryAssetId: w.tractor,
        operatorMembershipId: w.org.users.OPERATOR.membershipId,
        startsAt: new Date(now - 5 * 3_600_000).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
      }),
      200,
    );
    expectStatus(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, {
        startedAt: new Date(now - 5 * 3_600_000).toISOString(),
      }),
      200,
    );
    expectStatus(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, { actualHours: 5, areaDoneHa: 12.5 }),
      200,
    );
    const afterJob = ZAnalyticsOverview.parse((await get(w.t.OWNER, w.org.id, overviewPath)).body);
    expect(afterJob.hectares).toBe(12.5);
    expect(afterJob.productiveHours).toBe(5);
    // hectares and hours but no approved cost yet: the cost per hectare is unknown, not ¥0.00
    expect(afterJob.costs).toMatchObject({ totalMinor: '0', costPerHectareMinor: null, costPerEngineHourMinor: null });

    // a cost document approved today by a second person
    const today = new Date().toISOString().slice(0, 10);
    const doc = await post(w.t.ACCOUNTANT, w.org.id, '/cost-documents', {
      category: 'FUEL',
      documentDate: today,
      assetId: w.tractor,
      lines: [{ description: 'Diesel', quantity: 100, unit: 'L', unitPriceMinor: '789' }],
    });
    expectStatus(doc, 201);
    const docId = (doc.body as { id: string }).id;
    expectStatus(await post(w.t.ACCOUNTANT, w.org.id, `/cost-documents/${docId}/submit`), 200);
    expectStatus(await post(w.t.OWNER, w.org.id, `/cost-documents/${docId}/approve`), 200);
    const afterCost = ZAnalyticsOverview.parse((await get(w.t.OWNER, w.org.id, overviewPath)).body);
    expect(afterCost.costs.totalMinor).toBe('78900');
    // 78900 fen / 12.5 ha = 6312 fen per hectare
    expect(afterCost.costs.costPerHectareMinor).toBe('6312');
  });
});

describe('deleting a team', () => {
  it('keeps its machines, fields and jobs (without a team) and the cached asset reads show it at once', async () => {
    const w = await world();
    const team = await post(w.t.OWNER, w.org.id, '/teams', { name: `Crew ${tag()}` });
    expectStatus(team, 201);
    const teamId = (team.body as { id: string }).id;
    await h.db.asset.update({ where: { id: w.tractor }, data: { teamId } });
    const f = await post(w.t.OWNER, w.org.id, '/fields', { name: `Team field ${tag()}`, areaHa: 10, teamId });
    expectStatus(f, 201);
    const j = await post(w.t.DISPATCHER, w.org.id, '/jobs', {
      fieldId: (f.body as { id: string }).id,
      operationType: 'TILLAGE',
      estimatedHours: 3,
      windowStart: '2027-11-01T00:00:00.000Z',
      windowEnd: '2027-11-02T00:00:00.000Z',
    });
    expectStatus(j, 201);
    expect((j.body as { teamId: string | null }).teamId).toBe(teamId);
    // warm the cache with the team in place
    const before = await get(w.t.OWNER, w.org.id, `/assets/${w.tractor}`);
    expect((before.body as { teamId: string | null }).teamId).toBe(teamId);
    expect(
      ((await get(w.t.OWNER, w.org.id, `/assets?teamId=${teamId}`)).body as { items: unknown[] }).items,
    ).toHaveLength(1);

    expectStatus(await del(w.t.OWNER, w.org.id, `/teams/${teamId}`), 204);

    expect(
      ((await get(w.t.OWNER, w.org.id, `/assets/${w.tractor}`)).body as { teamId: string | null }).teamId,
    ).toBeNull();
    expect(
      ((await get(w.t.OWNER, w.org.id, `/assets?teamId=${teamId}`)).body as { items: unknown[] }).items,
    ).toHaveLength(0);
    expect(
      ((await get(w.t.OWNER, w.org.id, `/fields/${(f.body as { id: string }).id}`)).body as { teamId: string | null })
        .teamId,
    ).toBeNull();
    expect(
      (
        (await get(w.t.DISPATCHER, w.org.id, `/jobs/${(j.body as { id: string }).id}`)).body as {
          teamId: string | null;
        }
      ).teamId,
    ).toBeNull();
  });
});

describe('cost documents link only what the writer can see', () => {
  it('a TEAM-scoped accountant cannot file a cost against another team’s machine (404), but can against their own', async () => {
    const w = await world();
    const [mine, theirs] = await Promise.all([
      h.db.team.create({ data: { organizationId: w.org.id, name: `Mine ${tag()}` } }),
      h.db.team.create({ data: { organizationId: w.org.id, name: `Theirs ${tag()}` } }),
    ]);
    const acc = w.org.users.ACCOUNTANT.membershipId;
    await h.db.membership.update({ where: { id: acc }, data: { dataScope: 'TEAM' } });
    await h.db.teamMember.create({ data: { organizationId: w.org.id, teamId: mine.id, membershipId: acc } });
    const model = await h.db.asset.findUniqueOrThrow({ where: { id: w.tractor } });
    const other = await h.db.asset.create({
      data: {
        organizationId: w.org.id,
        modelId: model.modelId,
        name: 'Other',
        serialNumber: `SN-${tag()}`,
        teamId: theirs.id,
      },
    });
    const own = await h.db.asset.create({
      data: {
        organizationId: w.org.id,
        modelId: model.modelId,
        name: 'Own',
        serialNumber: `SN-${tag()}`,
        teamId: mine.id,
      },
    });
    const body = (assetId: string) => ({
      category: 'PARTS',
      documentDate: '2026-11-30',
      assetId,
      lines: [{ description: 'Filter', quantity: 1, unitPriceMinor: '4500' }],
    });
    const refused = await post(w.t.ACCOUNTANT, w.org.id, '/cost-documents', body(other.id));
    expectError(refused, 404, 'NOT_FOUND');
    expect(await h.db.costDocument.count({ where: { organizationId: w.org.id } })).toBe(0);
    expectStatus(await post(w.t.ACCOUNTANT, w.org.id, '/cost-documents', body(own.id)), 201);
  });
});
