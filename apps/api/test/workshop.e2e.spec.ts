import { describe, expect, it } from 'vitest';
import { ZAsset, type TAsset } from '@amms/contracts/assets';
import { ZAnalyticsCosts } from '@amms/contracts/analytics';
import { ZCostDocumentDetail } from '@amms/contracts/costs';
import { ZWorkOrderDetail, type TWorkOrderDetail } from '@amms/contracts/maintenance';
import type { TRole } from '@amms/contracts/permissions';
import { ZMaintenanceSettings } from '@amms/contracts/workshop';
import { createOrg, login, type TestOrg } from './harness.js';
import { appForFile, machineModel, orgApi, tag } from './support/world.js';
import { expectError, expectStatus, loginAll } from './assertions.js';

/** Issue #12 "costs tie to the workshop": labour rate, parts by the mechanic, the order's costs as a cost document. */
const h = appForFile();

const { get, patch, post } = orgApi(() => h);

interface Ctx {
  org: TestOrg;
  t: Record<TRole, string>;
}

async function setup(): Promise<Ctx> {
  const org = await createOrg(h.db, 'ws');
  // the mechanic sees the whole org: "not assigned to me" is then a 403, not a 404
  await h.db.membership.update({ where: { id: org.users.MECHANIC.membershipId }, data: { dataScope: 'ORG' } });
  return { org, t: await loginAll(h.base, org) };
}

/** The owner of another org (one sign-in, not seven). */
async function stranger(): Promise<{ orgId: string; token: string }> {
  const org = await createOrg(h.db, 'ws-other');
  return { orgId: org.id, token: (await login(h.base, org.users.OWNER.email)).accessToken };
}

async function asset(c: Ctx): Promise<TAsset> {
  const model = await machineModel(h.db, null);
  const r = await post(c.t.OWNER, c.org.id, '/assets', {
    modelId: model.id,
    name: `Tractor ${tag()}`,
    serialNumber: `SN-${tag()}`,
  });
  expectStatus(r, 201);
  return ZAsset.parse(r.body);
}

async function order(c: Ctx, assetId: string, assignee: string): Promise<TWorkOrderDetail> {
  const r = await post(c.t.DISPATCHER, c.org.id, '/work-orders', {
    type: 'CORRECTIVE',
    assetId,
    title: `Hydraulic leak ${tag()}`,
    assigneeMembershipId: assignee,
  });
  expectStatus(r, 201);
  return ZWorkOrderDetail.parse((await get(c.t.OWNER, c.org.id, `/work-orders/${(r.body as { id: string }).id}`)).body);
}

const act = async (c: Ctx, token: string, id: string, action: string, body: Record<string, unknown> = {}) => {
  const r = await post(token, c.org.id, `/work-orders/${id}/${action}`, body);
  expectStatus(r, 200);
  return ZWorkOrderDetail.parse(r.body);
};

const part = (c: Ctx, token: string, id: string, unitCostMinor = '2500', quantity = 2) =>
  post(token, c.org.id, `/work-orders/${id}/parts`, {
    name: 'Hydraulic hose',
    partNumber: 'HH-12',
    quantity,
    unitCostMinor,
  });

describe('labour rate', () => {
  it('the org default is set by a maintenance manager, copied onto new orders, and prices hours × rate (PATCH, submit)', async () => {
    const c = await setup();
    expectError(
      await patch(c.t.MECHANIC, c.org.id, '/maintenance-settings', { laborRateMinor: '1' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await patch(c.t.OWNER, c.org.id, '/maintenance-settings', { laborRateMinor: '8.5' }),
      400,
      'VALIDATION_FAILED',
    );
    expectStatus(await patch(c.t.OWNER, c.org.id, '/maintenance-settings', { laborRateMinor: '8000' }), 200);
    expect(ZMaintenanceSettings.parse((await get(c.t.MECHANIC, c.org.id, '/maintenance-settings')).body)).toEqual({
      laborRateMinor: '8000',
    });
    const audit = await h.db.auditEvent.findMany({
      where: { organizationId: c.org.id, action: 'org.labor_rate_updated' },
    });
    expect(audit).toHaveLength(1);

    const a = await asset(c);
    const mech = c.org.users.MECHANIC.membershipId;
    const wo = await order(c, a.id, mech);
    expect(wo.laborRateMinor).toBe('8000');
    // the default changes later: this order keeps the rate it was created with
    expectStatus(await patch(c.t.OWNER, c.org.id, '/maintenance-settings', { laborRateMinor: '9900' }), 200);

    const started = await act(c, c.t.MECHANIC, wo.id, 'start', { version: wo.version });
    const hours = await patch(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}`, {
      version: started.version,
      laborHours: 2.5,
    });
    expectStatus(hours, 200);
    expect(ZWorkOrderDetail.parse(hours.body)).toMatchObject({ laborRateMinor: '8000', laborCostMinor: '20000' });
    // with a rate the cost is derived: a hand-entered one is refused, naming the field
    const typed = await patch(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}`, {
      version: ZWorkOrderDetail.parse(hours.body).version,
      laborCostMinor: '1',
    });
    expectError(typed, 400, 'VALIDATION_FAILED');
    expect(typed.body.error.details[0].path).toBe('laborCostMinor');
    // the per-order override (rounded half up: 2.5 h × 33.33 ¥ = 83.325 → 83.33 ¥)
    const override = await patch(c.t.OWNER, c.org.id, `/work-orders/${wo.id}`, {
      version: ZWorkOrderDetail.parse(hours.body).version,
      laborRateMinor: '3333',
    });
    expectStatus(override, 200);
    expect(ZWorkOrderDetail.parse(override.body)).toMatchObject({ laborRateMinor: '3333', laborCostMinor: '8333' });
    // an operator (no maintenance.read) can neither read nor write the rate
    expectError(
      await patch(c.t.OPERATOR, c.org.id, `/work-orders/${wo.id}`, { version: 1, laborRateMinor: '1' }),
      403,
      'FORBIDDEN',
    );
    const submitted = await act(c, c.t.MECHANIC, wo.id, 'submit', { laborHours: 3, resolution: 'hose replaced' });
    expect(submitted).toMatchObject({ laborHours: 3, laborCostMinor: '9999', totalCostMinor: '9999' });

    // back to a hand-entered cost: rate null, then laborCostMinor is accepted (on an editable order)
    const other = await order(c, a.id, mech);
    expect(other.laborRateMinor).toBe('9900');
    const cleared = await patch(c.t.OWNER, c.org.id, `/work-orders/${other.id}`, {
      version: other.version,
      laborRateMinor: null,
    });
    expect(ZWorkOrderDetail.parse(cleared.body).laborRateMinor).toBeNull();
    const byHand = await patch(c.t.OWNER, c.org.id, `/work-orders/${other.id}`, {
      version: ZWorkOrderDetail.parse(cleared.body).version,
      laborCostMinor: '4200',
    });
    expect(ZWorkOrderDetail.parse(byHand.body).laborCostMinor).toBe('4200');
  }, 60_000);
});

describe('parts entered by the mechanic', () => {
  it('the assigned mechanic while IN_PROGRESS, a maintenance manager while OPEN / IN_PROGRESS; others 403; audited; totals', async () => {
    const c = await setup();
    const a = await asset(c);
    const mech = c.org.users.MECHANIC.membershipId;
    const mine = await order(c, a.id, mech);
    // OPEN: the mechanic starts first
    expectError(await part(c, c.t.MECHANIC, mine.id), 409, 'INVALID_TRANSITION');
    // a manager may prepare the parts list before the work starts
    const prepared = await part(c, c.t.OWNER, mine.id, '1000', 1);
    expectStatus(prepared, 201);
    await act(c, c.t.MECHANIC, mine.id, 'start', { version: ZWorkOrderDetail.parse(prepared.body).version });
    const added = await part(c, c.t.MECHANIC, mine.id, '333', 1.5);
    expectStatus(added, 201);
    const wo = ZWorkOrderDetail.parse(added.body);
    expect(wo.parts.map((p) => [p.quantity, p.unitCostMinor, p.lineCostMinor])).toEqual([
      [1, '1000', '1000'],
      [1.5, '333', '500'],
    ]);
    expect(wo).toMatchObject({ partsCostMinor: '1500', totalCostMinor: '1500' });
    const audit = await h.db.auditEvent.findMany({
      where: { organizationId: c.org.id, entityId: mine.id, action: 'workorder.part_added' },
    });
    expect(audit.map((e) => e.actorUserId).sort()).toEqual([c.org.users.OWNER.id, c.org.users.MECHANIC.id].sort());

    // someone else's order: the mechanic reads it (ORG scope) but may not add parts to it
    const theirs = await order(c, a.id, c.org.users.ADMIN.membershipId);
    await act(c, c.t.ADMIN, theirs.id, 'start', { version: theirs.version });
    expectError(await part(c, c.t.MECHANIC, theirs.id), 403, 'FORBIDDEN');
    // roles without workorder.work never get there; another org's order is 404
    expectError(await part(c, c.t.OPERATOR, mine.id), 403, 'FORBIDDEN');
    const other = await stranger();
    expectError(
      await post(other.token, other.orgId, `/work-orders/${mine.id}/parts`, {
        name: 'x',
        quantity: 1,
        unitCostMinor: '1',
      }),
      404,
      'NOT_FOUND',
    );
    // submitted: nobody adds parts any more
    await act(c, c.t.MECHANIC, mine.id, 'submit', {});
    expectError(await part(c, c.t.OWNER, mine.id), 409, 'INVALID_TRANSITION');
  }, 60_000);
});

describe('a work order’s costs as a cost document', () => {
  it('parts + labour become one DRAFT REPAIR document linked to the machine and order; once approved they count in the cost analytics by machine', async () => {
    const c = await setup();
    expectStatus(await patch(c.t.OWNER, c.org.id, '/maintenance-settings', { laborRateMinor: '12000' }), 200);
    const a = await asset(c);
    const wo = await order(c, a.id, c.org.users.MECHANIC.membershipId);
    await act(c, c.t.MECHANIC, wo.id, 'start', { version: wo.version });
    expectError(await post(c.t.ACCOUNTANT, c.org.id, `/work-orders/${wo.id}/cost-document`), 409, 'INVALID_TRANSITION');
    expectStatus(await part(c, c.t.MECHANIC, wo.id, '2500', 2), 201);
    const submitted = await act(c, c.t.MECHANIC, wo.id, 'submit', { laborHours: 1.5 });
    expect(submitted).toMatchObject({ partsCostMinor: '5000', laborCostMinor: '18000', totalCostMinor: '23000' });
    await act(c, c.t.OWNER, wo.id, 'accept', {});

    // the mechanic has no cost.write
    expectError(await post(c.t.MECHANIC, c.org.id, `/work-orders/${wo.id}/cost-document`), 403, 'FORBIDDEN');
    // two clicks at once: one document
    const both = await Promise.all([
      post(c.t.ACCOUNTANT, c.org.id, `/work-orders/${wo.id}/cost-document`, { locale: 'en' }),
      post(c.t.ACCOUNTANT, c.org.id, `/work-orders/${wo.id}/cost-document`, { locale: 'en' }),
    ]);
    const created = both.find((r) => r.status === 201)!;
    const loser = both.find((r) => r !== created)!;
    expect(created, both.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join('\n')).toBeDefined();
    expectError(loser, 409, 'CONFLICT');
    const doc = ZCostDocumentDetail.parse(created.body);
    expect(loser.body.error.details.costDocumentId).toBe(doc.id);
    expect(doc).toMatchObject({
      status: 'DRAFT',
      category: 'REPAIR',
      assetId: a.id,
      workOrderId: wo.id,
      totalMinor: '23000',
    });
    expect(doc.lines.map((l) => [l.description, l.quantity, l.unit, l.unitPriceMinor, l.amountMinor])).toEqual([
      ['Hydraulic hose (HH-12)', 2, 'pcs', '2500', '5000'],
      ['Repair labour', 1.5, 'h', '12000', '18000'],
    ]);

    // through approval like any document (the accountant created it, the owner approves), then it counts
    expectStatus(await post(c.t.ACCOUNTANT, c.org.id, `/cost-documents/${doc.id}/submit`), 200);
    expectStatus(await post(c.t.OWNER, c.org.id, `/cost-documents/${doc.id}/approve`), 200);
    const day = doc.documentDate;
    const costs = ZAnalyticsCosts.parse(
      (await get(c.t.VIEWER, c.org.id, `/analytics/costs?from=${day}&to=${day}&groupBy=machine`)).body,
    );
    expect(costs.items).toEqual([{ key: a.id, label: a.name, documents: 1, totalMinor: '23000' }]);

    // another org never reaches the order
    const other = await stranger();
    expectError(await post(other.token, other.orgId, `/work-orders/${wo.id}/cost-document`), 404, 'NOT_FOUND');
    // the order's rate is part of its money: a reporter without maintenance.read does not get it
    await h.db.membership.update({ where: { id: c.org.users.OPERATOR.membershipId }, data: { dataScope: 'ORG' } });
    const reported = await post(c.t.OPERATOR, c.org.id, '/work-orders', {
      type: 'CORRECTIVE',
      assetId: a.id,
      title: 'Noise',
    });
    expectStatus(reported, 201);
    expect(reported.body).not.toHaveProperty('laborRateMinor');
    expect(reported.body).not.toHaveProperty('laborCostMinor');
  }, 60_000);
});
