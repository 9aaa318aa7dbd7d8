import { describe, expect, it } from 'vitest';
import { call, createOrg, type TestOrg } from './harness.js';
import { appForFile, machineModel, tag } from './support/world.js';
import { expectError, expectStatus, loginAll, orgPath } from './assertions.js';

/** A work order that holds a machine decides its return to service; its money stays with maintenance.read. */
const h = appForFile();

const req = (token: string, method: string, org: string, rest: string, body?: unknown) =>
  call(h.base, method, orgPath(org, rest), { token, body });

async function setup(teamId?: string) {
  const org: TestOrg = await createOrg(h.db, 'wog');
  const t = await loginAll(h.base, org);
  const model = await machineModel(h.db, null);
  const team = teamId ?? (await h.db.team.create({ data: { organizationId: org.id, name: `T ${tag()}` } })).id;
  const a = await req(t.OWNER, 'POST', org.id, '/assets', {
    modelId: model.id,
    name: `Tractor ${tag()}`,
    serialNumber: `SN-${tag()}`,
    teamId: team,
  });
  expectStatus(a, 201);
  return { org, t, assetId: a.body.id as string, team };
}

const assetVersion = async (id: string) => (await h.db.asset.findUniqueOrThrow({ where: { id } })).version;

describe('a machine held by a work order', () => {
  it('cannot be put back to ACTIVE by PATCH /assets/:id (409 ASSET_HELD_BY_WORK_ORDER) while the order is open or awaiting acceptance', async () => {
    const { org, t, assetId } = await setup();
    const wo = await req(t.OWNER, 'POST', org.id, '/work-orders', {
      type: 'CORRECTIVE',
      assetId,
      title: 'Engine stalls',
    });
    expectStatus(wo, 201);
    expect((await h.db.asset.findUniqueOrThrow({ where: { id: assetId } })).status).toBe('IN_MAINTENANCE');

    const back = () => req(t.OWNER, 'PATCH', org.id, `/assets/${assetId}`, { version: 1, status: 'ACTIVE' });
    const patchBack = async () =>
      req(t.OWNER, 'PATCH', org.id, `/assets/${assetId}`, { version: await assetVersion(assetId), status: 'ACTIVE' });
    let r = await patchBack();
    expectError(r, 409, 'ASSET_HELD_BY_WORK_ORDER');
    expect(r.body.error.details).toMatchObject({ workOrderId: wo.body.id, number: wo.body.number, status: 'OPEN' });

    expectStatus(await req(t.ADMIN, 'POST', org.id, `/work-orders/${wo.body.id}/start`), 200);
    expectStatus(await req(t.ADMIN, 'POST', org.id, `/work-orders/${wo.body.id}/submit`, {}), 200);
    r = await patchBack();
    expectError(r, 409, 'ASSET_HELD_BY_WORK_ORDER');
    expect(r.body.error.details).toMatchObject({ workOrderId: wo.body.id, status: 'AWAITING_ACCEPTANCE' });
    expect((await h.db.asset.findUniqueOrThrow({ where: { id: assetId } })).status).toBe('IN_MAINTENANCE');
    // a stale version is still the version conflict (checked first)
    expectError(await back(), 409, 'VERSION_CONFLICT');

    // acceptance returns it to service; by hand it then goes down and up freely
    expectStatus(await req(t.OWNER, 'POST', org.id, `/work-orders/${wo.body.id}/accept`), 200);
    expect((await h.db.asset.findUniqueOrThrow({ where: { id: assetId } })).status).toBe('ACTIVE');
    expectStatus(
      await req(t.OWNER, 'PATCH', org.id, `/assets/${assetId}`, {
        version: await assetVersion(assetId),
        status: 'IN_MAINTENANCE',
      }),
      200,
    );
    expectStatus(await patchBack(), 200);
  });
});

describe('work-order money and callers without maintenance.read', () => {
  it('a 409 VERSION_CONFLICT shows them the order without costs, and they cannot write costs (403)', async () => {
    const { org, t, assetId, team } = await setup();
    // the operator reports a fault on a machine of their team
    expectStatus(
      await req(t.OWNER, 'PATCH', org.id, `/members/${org.users.OPERATOR.membershipId}`, {
        dataScope: 'TEAM',
        teamIds: [team],
      }),
      200,
    );
    const fault = await req(t.OPERATOR, 'POST', org.id, '/work-orders', {
      type: 'CORRECTIVE',
      assetId,
      title: 'Hydraulics leaking',
    });
    expectStatus(fault, 201);
    const id = fault.body.id as string;
    expectStatus(
      await req(t.OWNER, 'POST', org.id, `/work-orders/${id}/parts`, {
        name: 'Seal kit',
        quantity: 2,
        unitCostMinor: '12345',
      }),
      201,
    );
    const priced = await req(t.OWNER, 'PATCH', org.id, `/work-orders/${id}`, { version: 2, laborCostMinor: '50000' });
    expectStatus(priced, 200);
    expect(priced.body.totalCostMinor).toBe('74690');

    const costKeys = ['laborCostMinor', 'partsCostMinor', 'totalCostMinor'];
    const stale = await req(t.OPERATOR, 'PATCH', org.id, `/work-orders/${id}`, {
      version: 1,
      title: 'Hydraulics leaking badly',
    });
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(stale.body.error.details.current).toMatchObject({ id, title: 'Hydraulics leaking' });
    for (const k of costKeys) expect(stale.body.error.details.current).not.toHaveProperty(k);
    expect(JSON.stringify(stale.body)).not.toContain('74690');
    const staleCancel = await req(t.OPERATOR, 'POST', org.id, `/work-orders/${id}/cancel`, {
      version: 1,
      reason: 'fixed itself',
    });
    expectError(staleCancel, 409, 'VERSION_CONFLICT');
    for (const k of costKeys) expect(staleCancel.body.error.details.current).not.toHaveProperty(k);
    // those who read maintenance still get the full order
    const ownerStale = await req(t.OWNER, 'PATCH', org.id, `/work-orders/${id}`, { version: 1, title: 'x' });
    expectError(ownerStale, 409, 'VERSION_CONFLICT');
    expect(ownerStale.body.error.details.current).toMatchObject({ totalCostMinor: '74690' });

    // writing money they cannot read
    const version = (await h.db.workOrder.findUniqueOrThrow({ where: { id } })).version;
    const write = await req(t.OPERATOR, 'PATCH', org.id, `/work-orders/${id}`, { version, laborCostMinor: '1' });
    expectError(write, 403, 'FORBIDDEN');
    expect(write.body.error.details).toEqual({ fields: ['laborCostMinor'], permission: 'maintenance.read' });
    expect((await h.db.workOrder.findUniqueOrThrow({ where: { id } })).laborCostMinor).toBe(50000n);
    // what they may write still works
    expectStatus(
      await req(t.OPERATOR, 'PATCH', org.id, `/work-orders/${id}`, { version, title: 'Hydraulics leaking badly' }),
      200,
    );
  });
});
