import { describe, expect, it } from 'vitest';
import { ZCreateApiKeyResponse } from '@amms/contracts/api-keys';
import { ZCostDocumentDetail } from '@amms/contracts/costs';
import { ZWorkOrderDetail } from '@amms/contracts/maintenance';
import type { TPermission } from '@amms/contracts/permissions';
import { call, createOrg } from './harness.js';
import { appForFile, machineModel, tag } from './support/world.js';
import { expectError, expectStatus, loginAll, orgPath } from './assertions.js';

/**
 * Four eyes with API keys: a key acts for the member who created it, so a key cannot approve
 * or accept what its creator did, and the creator cannot approve what their key did.
 */
const h = appForFile();

const as = (auth: { token?: string; apiKey?: string }) => ({
  post: (org: string, rest: string, body?: unknown) => call(h.base, 'POST', orgPath(org, rest), { ...auth, body }),
});

async function mintKey(token: string, orgId: string, scopes: TPermission[]) {
  const r = await call(h.base, 'POST', orgPath(orgId, '/api-keys'), { token, body: { name: `k-${tag()}`, scopes } });
  expectStatus(r, 201);
  return ZCreateApiKeyResponse.parse(r.body);
}

const costDoc = {
  category: 'FUEL',
  documentDate: '2026-03-01',
  lines: [{ description: 'Diesel', quantity: 10, unit: 'L', unitPriceMinor: '800' }],
};

describe('API keys and four-eyes rules', () => {
  it('a key cannot approve a cost document its creator submitted (403 SELF_APPROVAL), nor the creator one the key submitted', async () => {
    const org = await createOrg(h.db, 'sod');
    const t = await loginAll(h.base, org);
    const admin = as({ token: t.ADMIN });

    const d = ZCostDocumentDetail.parse((await admin.post(org.id, '/cost-documents', costDoc)).body);
    expectStatus(await admin.post(org.id, `/cost-documents/${d.id}/submit`), 200);
    const { key } = await mintKey(t.ADMIN, org.id, ['cost.read', 'cost.write', 'cost.approve']);
    const viaKey = as({ apiKey: key });
    expectError(await viaKey.post(org.id, `/cost-documents/${d.id}/approve`), 403, 'SELF_APPROVAL');
    expectError(await viaKey.post(org.id, `/cost-documents/${d.id}/reject`, { reason: 'mine' }), 403, 'SELF_APPROVAL');
    expect((await h.db.costDocument.findUniqueOrThrow({ where: { id: d.id } })).status).toBe('SUBMITTED');

    // the other way round: written and submitted by the admin's key, decided by the admin
    const k = await viaKey.post(org.id, '/cost-documents', costDoc);
    expectStatus(k, 201);
    expect(k.body).toMatchObject({ createdByUserId: org.users.ADMIN.id });
    expectStatus(await viaKey.post(org.id, `/cost-documents/${k.body.id}/submit`), 200);
    expectError(await admin.post(org.id, `/cost-documents/${k.body.id}/approve`), 403, 'SELF_APPROVAL');
    // someone else decides both
    expectStatus(await as({ token: t.ACCOUNTANT }).post(org.id, `/cost-documents/${d.id}/approve`), 200);
    expectStatus(await as({ token: t.ACCOUNTANT }).post(org.id, `/cost-documents/${k.body.id}/approve`), 200);
    // the audit trail still names the key as the actor
    const ev = await h.db.auditEvent.findFirstOrThrow({
      where: { organizationId: org.id, entityId: k.body.id, action: 'cost.created' },
    });
    expect(ev).toMatchObject({ actorType: 'API_KEY', actorUserId: null });
  });

  it('a key cannot accept a work order its creator worked on (403 SELF_ACCEPTANCE)', async () => {
    const org = await createOrg(h.db, 'sod');
    const t = await loginAll(h.base, org);
    const owner = as({ token: t.OWNER });
    const model = await machineModel(h.db, null);
    const asset = await owner.post(org.id, '/assets', {
      modelId: model.id,
      name: `T ${tag()}`,
      serialNumber: `SN-${tag()}`,
    });
    expectStatus(asset, 201);
    const wo = await owner.post(org.id, '/work-orders', {
      type: 'CORRECTIVE',
      assetId: asset.body.id,
      title: 'Brakes',
    });
    expectStatus(wo, 201);
    // the admin starts (becomes the assignee) and submits
    expectStatus(await as({ token: t.ADMIN }).post(org.id, `/work-orders/${wo.body.id}/start`), 200);
    expectStatus(await as({ token: t.ADMIN }).post(org.id, `/work-orders/${wo.body.id}/submit`, {}), 200);

    const { key } = await mintKey(t.ADMIN, org.id, ['maintenance.read', 'workorder.accept']);
    expectError(await as({ apiKey: key }).post(org.id, `/work-orders/${wo.body.id}/accept`), 403, 'SELF_ACCEPTANCE');
    expect((await h.db.workOrder.findUniqueOrThrow({ where: { id: wo.body.id } })).status).toBe('AWAITING_ACCEPTANCE');

    // the owner's key may accept: it acts for the owner, who did not do the work
    const ownerKey = await mintKey(t.OWNER, org.id, ['maintenance.read', 'workorder.accept']);
    const ok = await as({ apiKey: ownerKey.key }).post(org.id, `/work-orders/${wo.body.id}/accept`);
    expectStatus(ok, 200);
    expect(ZWorkOrderDetail.parse(ok.body)).toMatchObject({
      status: 'CLOSED',
      acceptedByMembershipId: org.users.OWNER.membershipId,
    });
  });

  it('a key whose creator is no longer an active member stops working (401)', async () => {
    const org = await createOrg(h.db, 'sod');
    const t = await loginAll(h.base, org);
    const { key } = await mintKey(t.ADMIN, org.id, ['asset.read']);
    expectStatus(await call(h.base, 'GET', orgPath(org.id, '/assets'), { apiKey: key }), 200);
    await h.db.membership.update({ where: { id: org.users.ADMIN.membershipId }, data: { status: 'SUSPENDED' } });
    expectError(await call(h.base, 'GET', orgPath(org.id, '/assets'), { apiKey: key }), 401, 'TOKEN_INVALID');
  });

  it("a key never holds more than its creator's current role", async () => {
    const org = await createOrg(h.db, 'sod');
    const t = await loginAll(h.base, org);
    const { key } = await mintKey(t.ADMIN, org.id, ['asset.read', 'cost.read']);
    expectStatus(await call(h.base, 'GET', orgPath(org.id, '/cost-documents'), { apiKey: key }), 200);
    // the creator becomes a mechanic (no cost.read): the key loses it too
    await h.db.membership.update({
      where: { id: org.users.ADMIN.membershipId },
      data: { role: 'MECHANIC', dataScope: 'ORG' },
    });
    expectError(await call(h.base, 'GET', orgPath(org.id, '/cost-documents'), { apiKey: key }), 403, 'FORBIDDEN');
    expectStatus(await call(h.base, 'GET', orgPath(org.id, '/assets'), { apiKey: key }), 200);
  });
});
