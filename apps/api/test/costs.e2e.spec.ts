import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZCostDocumentDetail, ZListCostDocumentsResponse, type TCostDocumentDetail } from '@amms/contracts/costs';
import { ZAsset } from '@amms/contracts/assets';
import { ZTeam } from '@amms/contracts/teams';
import type { TDataScope } from '@amms/contracts/permissions';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { appForFile, machineModel, orgApi, tag } from './support/world.js';
import { expectError, expectOneRan, expectReplayOf, expectStatus, orgPath } from './assertions.js';

const h = appForFile();

const { get, patch, del } = orgApi(() => h);
const post = (token: string, org: string, rest: string, body?: unknown, headers?: Record<string, string>) =>
  call(h.base, 'POST', orgPath(org, rest), { token, body, headers });
const tokenOf = async (org: TestOrg, role: keyof TestOrg['users']) =>
  (await login(h.base, org.users[role].email)).accessToken;

const diesel = { description: 'Diesel', quantity: 12.345, unit: 'L', unitPriceMinor: '789' };
const docBody = (over: Record<string, unknown> = {}) => ({
  category: 'FUEL',
  documentDate: '2026-03-01',
  supplier: 'Sinopec',
  lines: [diesel],
  ...over,
});

async function createDoc(
  token: string,
  orgId: string,
  over: Record<string, unknown> = {},
): Promise<TCostDocumentDetail> {
  const r = await post(token, orgId, '/cost-documents', docBody(over));
  expectStatus(r, 201);
  return ZCostDocumentDetail.parse(r.body);
}

async function act(
  token: string,
  orgId: string,
  id: string,
  action: 'submit' | 'approve' | 'reject' | 'reopen',
  body?: unknown,
) {
  return post(token, orgId, `/cost-documents/${id}/${action}`, body);
}

/** A second member with this role (and scope): the test org has one user per role. */
async function extraMember(org: TestOrg, role: 'ACCOUNTANT', dataScope: TDataScope = 'ORG', teamIds: string[] = []) {
  const like = await h.db.user.findUniqueOrThrow({ where: { id: org.users.ACCOUNTANT.id } });
  const email = `acc2-${tag()}@costs.test`;
  const u = await h.db.user.create({ data: { email, name: 'Second accountant', passwordHash: like.passwordHash } });
  const m = await h.db.membership.create({ data: { organizationId: org.id, userId: u.id, role, dataScope } });
  if (teamIds.length)
    await h.db.teamMember.createMany({
      data: teamIds.map((teamId) => ({ organizationId: org.id, teamId, membershipId: m.id })),
    });
  return { userId: u.id, membershipId: m.id, token: (await login(h.base, email)).accessToken };
}

/** An asset (through the API), a job and a work order (written directly: their modules are elsewhere). */
async function fixtures(owner: string, orgId: string, teamId: string | null = null) {
  const model = await machineModel(h.db, null, { name: 'T' });
  const r = await post(owner, orgId, '/assets', {
    modelId: model.id,
    name: `Tractor ${tag()}`,
    serialNumber: `SN-${tag()}`,
    teamId,
  });
  expectStatus(r, 201);
  const asset = ZAsset.parse(r.body);
  const field = await h.db.field.create({ data: { organizationId: orgId, name: `F-${tag()}`, areaM2: 10_000 } });
  const job = await h.db.job.create({
    data: {
      organizationId: orgId,
      fieldId: field.id,
      operationType: 'TILLAGE',
      areaM2: 10_000,
      windowStart: new Date('2026-04-01T00:00:00Z'),
      windowEnd: new Date('2026-04-02T00:00:00Z'),
      estimatedHours: '4',
    },
  });
  const number =
    ((await h.db.workOrder.aggregate({ where: { organizationId: orgId }, _max: { number: true } }))._max.number ?? 0) +
    1;
  const workOrder = await h.db.workOrder.create({
    data: { organizationId: orgId, number, assetId: asset.id, type: 'CORRECTIVE', title: 'Fix' },
  });
  return { asset, job, workOrder };
}

const events = (orgId: string, entityId: string) =>
  h.db.auditEvent.findMany({ where: { organizationId: orgId, entityId }, orderBy: { seq: 'asc' } });

describe('money', () => {
  it('line amounts round half up exactly, the total is their sum, big amounts survive as strings', async () => {
    const org = await createOrg(h.db, 'co');
    const acc = await tokenOf(org, 'ACCOUNTANT');
    const d = await createDoc(acc, org.id, { lines: [diesel, diesel, diesel] });
    // 12.345 × 789 = 9740.205 → 9740 per line
    expect(d.lines.map((l) => [l.position, l.quantity, l.unit, l.unitPriceMinor, l.amountMinor])).toEqual([
      [1, 12.345, 'L', '789', '9740'],
      [2, 12.345, 'L', '789', '9740'],
      [3, 12.345, 'L', '789', '9740'],
    ]);
    expect(d).toMatchObject({
      totalMinor: '29220',
      status: 'DRAFT',
      version: 1,
      number: 1,
      currency: 'CNY',
      createdByUserId: org.users.ACCOUNTANT.id,
    });

    const big = await createDoc(acc, org.id, {
      category: 'RENTAL',
      lines: [
        { description: 'Combine, season', quantity: 1, unitPriceMinor: '900719925474099300' }, // ≈ 100 × 2^53
        { description: 'Half', quantity: 0.5, unitPriceMinor: '9007199254740993' }, // 4503599627370496.5 → …497
        { description: 'Half fen', quantity: 0.005, unitPriceMinor: '100' }, // 0.5 → 1
      ],
    });
    expect(big.lines.map((l) => l.amountMinor)).toEqual(['900719925474099300', '4503599627370497', '1']);
    expect(big.totalMinor).toBe('905223525101469798');
    expect(big.number).toBe(2);
    const again = ZCostDocumentDetail.parse((await get(acc, org.id, `/cost-documents/${big.id}`)).body);
    expect(again).toEqual(big);
    const row = await h.db.costDocument.findUniqueOrThrow({ where: { id: big.id } });
    expect(row.totalMinor).toBe(905223525101469798n);
  });

  it('bad input is 400 with field paths and writes nothing', async () => {
    const org = await createOrg(h.db, 'co');
    const acc = await tokenOf(org, 'ACCOUNTANT');
    const bad = await post(acc, org.id, '/cost-documents', {
      category: 'SNACKS',
      documentDate: '2026-02-30',
      lines: [
        { description: 'neg', quantity: -1, unitPriceMinor: '100' },
        { description: 'float money', quantity: 1, unitPriceMinor: 12.5 },
        { description: 'four decimals', quantity: 1.2345, unitPriceMinor: '100' },
        { description: 'fractional fen', quantity: 1, unitPriceMinor: '12.5' },
        { description: '', quantity: 1, unitPriceMinor: '-5' },
      ],
      extra: true,
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    const paths = (bad.body.error.details as { path: string }[]).map((x) => x.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'category',
        'documentDate',
        'lines.0.quantity',
        'lines.1.unitPriceMinor',
        'lines.2.quantity',
        'lines.3.unitPriceMinor',
        'lines.4.description',
        'lines.4.unitPriceMinor',
      ]),
    );
    const tooMany = await post(
      acc,
      org.id,
      '/cost-documents',
      docBody({ lines: Array.from({ length: 201 }, () => diesel) }),
    );
    expectError(tooMany, 400, 'VALIDATION_FAILED');
    const overflow = await post(
      acc,
      org.id,
      '/cost-documents',
      docBody({ lines: [{ description: 'x', quantity: 10, unitPriceMinor: '999999999999999999' }] }),
    );
    expectError(overflow, 400, 'VALIDATION_FAILED');
    expect(overflow.body.error.details[0].path).toBe('lines.0.unitPriceMinor');
    expect(await h.db.costDocument.count({ where: { organizationId: org.id } })).toBe(0);

    const d = await createDoc(acc, org.id);
    expectError(await patch(acc, org.id, `/cost-documents/${d.id}`, { version: 1 }), 400, 'VALIDATION_FAILED');
    expectError(
      await patch(acc, org.id, `/cost-documents/${d.id}`, { version: 1, lines: [{ ...diesel, quantity: 0 }] }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await act(acc, org.id, d.id, 'submit', { version: 'one' }), 400, 'VALIDATION_FAILED');
    expectError(await get(acc, org.id, '/cost-documents/not-a-uuid'), 400, 'VALIDATION_FAILED');
  });

  it('concurrent creates get distinct running numbers', async () => {
    const org = await createOrg(h.db, 'co');
    const acc = await tokenOf(org, 'ACCOUNTANT');
    const rs = await Promise.all(Array.from({ length: 6 }, () => post(acc, org.id, '/cost-documents', docBody())));
    for (const r of rs) expectStatus(r, 201);
    expect(rs.map((r) => r.body.number as number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('lifecycle', () => {
  it('DRAFT → SUBMITTED → APPROVED; edits only while DRAFT; every step audited with before/after', async () => {
    const org = await createOrg(h.db, 'co');
    const [acc, admin] = await Promise.all([tokenOf(org, 'ACCOUNTANT'), tokenOf(org, 'ADMIN')]);
    const d = await createDoc(acc, org.id);

    const u = await patch(acc, org.id, `/cost-documents/${d.id}`, {
      version: 1,
      supplier: 'PetroChina',
      lines: [diesel, { description: 'AdBlue', quantity: 2, unit: 'L', unitPriceMinor: '450' }],
    });
    expectStatus(u, 200);
    const edited = ZCostDocumentDetail.parse(u.body);
    expect(edited).toMatchObject({ supplier: 'PetroChina', totalMinor: '10640', version: 2 });
    expect(edited.lines.map((l) => l.description)).toEqual(['Diesel', 'AdBlue']);
    expect(await h.db.costLine.count({ where: { documentId: d.id } })).toBe(2);

    const stale = await patch(acc, org.id, `/cost-documents/${d.id}`, { version: 1, supplier: 'late' });
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(stale.body.error.details.current).toMatchObject({ id: d.id, version: 2, supplier: 'PetroChina' });
    expectError(await act(acc, org.id, d.id, 'submit', { version: 1 }), 409, 'VERSION_CONFLICT');
    expectError(await act(admin, org.id, d.id, 'approve'), 409, 'INVALID_TRANSITION');

    const s = await act(acc, org.id, d.id, 'submit', { version: 2 });
    expectStatus(s, 200);
    expect(ZCostDocumentDetail.parse(s.body)).toMatchObject({
      status: 'SUBMITTED',
      submittedByUserId: org.users.ACCOUNTANT.id,
      version: 3,
    });

    expectError(await patch(acc, org.id, `/cost-documents/${d.id}`, { version: 3, supplier: 'x' }), 409, 'CONFLICT');
    expectError(await del(acc, org.id, `/cost-documents/${d.id}`), 409, 'CONFLICT');
    const twice = await act(acc, org.id, d.id, 'submit');
    expectError(twice, 409, 'INVALID_TRANSITION');
    expect(twice.body.error.details).toEqual({ from: 'SUBMITTED', to: 'SUBMITTED' });

    const a = await act(admin, org.id, d.id, 'approve', { version: 3 });
    expectStatus(a, 200);
    const approved = ZCostDocumentDetail.parse(a.body);
    expect(approved).toMatchObject({
      status: 'APPROVED',
      decidedByUserId: org.users.ADMIN.id,
      version: 4,
      totalMinor: '10640',
    });
    expect(approved.decidedAt).not.toBeNull();
    const reopen = await act(acc, org.id, d.id, 'reopen');
    expectError(reopen, 409, 'INVALID_TRANSITION');
    expect(reopen.body.error.details).toEqual({ from: 'APPROVED', to: 'DRAFT' });
    expectError(await act(admin, org.id, d.id, 'reject', { reason: 'late' }), 409, 'INVALID_TRANSITION');

    const ev = await events(org.id, d.id);
    expect(ev.map((e) => e.action)).toEqual(['cost.created', 'cost.updated', 'cost.submitted', 'cost.approved']);
    expect(ev.every((e) => e.entityType === 'cost_document')).toBe(true);
    const [created, updated, submitted, approvedEv] = ev.map(
      (e) => e.data as { before?: Record<string, unknown>; after: Record<string, unknown> },
    );
    expect(created!.after).toMatchObject({
      status: 'DRAFT',
      totalMinor: '9740',
      supplier: 'Sinopec',
      lines: [{ description: 'Diesel', quantity: 12.345, amountMinor: '9740' }],
    });
    expect(updated!.before).toMatchObject({ supplier: 'Sinopec', totalMinor: '9740' });
    expect(updated!.after).toMatchObject({ supplier: 'PetroChina', totalMinor: '10640' });
    expect((updated!.after.lines as unknown[]).length).toBe(2);
    expect(submitted!.before).toMatchObject({ status: 'DRAFT', submittedByUserId: null, totalMinor: '10640' });
    expect(submitted!.after).toMatchObject({
      status: 'SUBMITTED',
      submittedByUserId: org.users.ACCOUNTANT.id,
      totalMinor: '10640',
    });
    expect(approvedEv!.before).toMatchObject({ status: 'SUBMITTED', decidedByUserId: null });
    expect(approvedEv!.after).toMatchObject({
      status: 'APPROVED',
      decidedByUserId: org.users.ADMIN.id,
      totalMinor: '10640',
    });
    expect(ev[3]!.actorUserId).toBe(org.users.ADMIN.id);
  });

  it('SUBMITTED → REJECTED (reason required) → reopen → DRAFT → fixed and resubmitted', async () => {
    const org = await createOrg(h.db, 'co');
    const [acc, owner] = await Promise.all([tokenOf(org, 'ACCOUNTANT'), tokenOf(org, 'OWNER')]);
    const d = await createDoc(acc, org.id);
    expectStatus(await act(acc, org.id, d.id, 'submit'), 200);

    expectError(await act(owner, org.id, d.id, 'reject'), 400, 'VALIDATION_FAILED');
    expectError(await act(owner, org.id, d.id, 'reject', { reason: '   ' }), 400, 'VALIDATION_FAILED');
    const r = await act(owner, org.id, d.id, 'reject', { reason: 'Receipt is illegible' });
    expectStatus(r, 200);
    expect(ZCostDocumentDetail.parse(r.body)).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Receipt is illegible',
      decidedByUserId: org.users.OWNER.id,
    });
    expectError(await patch(acc, org.id, `/cost-documents/${d.id}`, { version: 3, supplier: 'x' }), 409, 'CONFLICT');
    expectError(await act(acc, org.id, d.id, 'submit'), 409, 'INVALID_TRANSITION');

    const o = await act(acc, org.id, d.id, 'reopen', { version: 3 });
    expectStatus(o, 200);
    // the reason stays visible while the draft is fixed
    expect(ZCostDocumentDetail.parse(o.body)).toMatchObject({
      status: 'DRAFT',
      rejectionReason: 'Receipt is illegible',
      version: 4,
    });
    expectStatus(await patch(acc, org.id, `/cost-documents/${d.id}`, { version: 4, supplier: 'Sinopec #12' }), 200);
    const s = ZCostDocumentDetail.parse((await act(acc, org.id, d.id, 'submit')).body);
    expect(s).toMatchObject({ status: 'SUBMITTED', rejectionReason: null, decidedByUserId: null, decidedAt: null });

    const ev = await events(org.id, d.id);
    expect(ev.map((e) => e.action)).toEqual([
      'cost.created',
      'cost.submitted',
      'cost.rejected',
      'cost.reopened',
      'cost.updated',
      'cost.submitted',
    ]);
    expect(ev[2]!.data).toMatchObject({
      before: { status: 'SUBMITTED', rejectionReason: null, decidedByUserId: null },
      after: { status: 'REJECTED', rejectionReason: 'Receipt is illegible', decidedByUserId: org.users.OWNER.id },
    });
    expect(ev[3]!.data).toMatchObject({
      before: { status: 'REJECTED', totalMinor: '9740' },
      after: { status: 'DRAFT', totalMinor: '9740' },
    });
  });

  it('an empty document cannot be submitted (422); a draft can be soft-deleted', async () => {
    const org = await createOrg(h.db, 'co');
    const acc = await tokenOf(org, 'ACCOUNTANT');
    const d = await createDoc(acc, org.id, { lines: [] });
    expect(d.totalMinor).toBe('0');
    expectError(await act(acc, org.id, d.id, 'submit'), 422, 'EMPTY_DOCUMENT');
    // emptied by a PATCH: same answer
    const full = await createDoc(acc, org.id);
    expectStatus(await patch(acc, org.id, `/cost-documents/${full.id}`, { version: 1, lines: [] }), 200);
    expectError(await act(acc, org.id, full.id, 'submit'), 422, 'EMPTY_DOCUMENT');
    expect((await h.db.costDocument.findUniqueOrThrow({ where: { id: full.id } })).totalMinor).toBe(0n);

    expectStatus(await del(acc, org.id, `/cost-documents/${d.id}`), 204);
    expectError(await get(acc, org.id, `/cost-documents/${d.id}`), 404, 'NOT_FOUND');
    expectError(await del(acc, org.id, `/cost-documents/${d.id}`), 404, 'NOT_FOUND');
    expectError(await act(acc, org.id, d.id, 'submit'), 404, 'NOT_FOUND');
    const list = ZListCostDocumentsResponse.parse((await get(acc, org.id, '/cost-documents')).body);
    expect(list.items.map((x) => x.id)).toEqual([full.id]);
    expect((await h.db.costDocument.findUniqueOrThrow({ where: { id: d.id } })).deletedAt).not.toBeNull();
    const ev = await events(org.id, d.id);
    expect(ev.map((e) => e.action)).toEqual(['cost.created', 'cost.deleted']);
    expect(ev[1]!.data).toEqual({
      before: { deleted: false, number: d.number, status: 'DRAFT', totalMinor: '0' },
      after: { deleted: true },
    });
  });
});

describe('approval rules', () => {
  it('the submitter and the creator cannot decide (403 SELF_APPROVAL); another accountant can', async () => {
    const org = await createOrg(h.db, 'co');
    const [accA, admin] = await Promise.all([tokenOf(org, 'ACCOUNTANT'), tokenOf(org, 'ADMIN')]);
    const accB = await extraMember(org, 'ACCOUNTANT');

    const d = await createDoc(accA, org.id);
    expectStatus(await act(accA, org.id, d.id, 'submit'), 200);
    expectError(await act(accA, org.id, d.id, 'approve'), 403, 'SELF_APPROVAL');
    expectError(await act(accA, org.id, d.id, 'reject', { reason: 'mine' }), 403, 'SELF_APPROVAL');
    expectError(await act(accB.token, org.id, d.id, 'approve', { comment: 'x'.repeat(501) }), 400, 'VALIDATION_FAILED');
    const ok = await act(accB.token, org.id, d.id, 'approve', { comment: '  与发票核对无误  ' });
    expectStatus(ok, 200);
    expect(ok.body.decisionComment).toBe('与发票核对无误');
    const approval = (await events(org.id, d.id)).find((e) => e.action === 'cost.approved')!;
    expect(approval.data).toMatchObject({ after: { decisionComment: '与发票核对无误' } });
    expect(ok.body).toMatchObject({
      status: 'APPROVED',
      decidedByUserId: accB.userId,
      submittedByUserId: org.users.ACCOUNTANT.id,
    });
    // the answer names its people (issue #12)
    const nameOf = async (userId: string) => (await h.db.user.findUniqueOrThrow({ where: { id: userId } })).name;
    const accAName = await nameOf(org.users.ACCOUNTANT.id);
    expect(ok.body.people).toEqual({
      createdBy: { name: accAName, role: 'ACCOUNTANT' },
      submittedBy: { name: accAName, role: 'ACCOUNTANT' },
      decidedBy: { name: await nameOf(accB.userId), role: 'ACCOUNTANT' },
    });

    // created by the admin, submitted by accountant A: the admin (creator) may not approve either
    const e = await createDoc(admin, org.id);
    expectStatus(await act(accA, org.id, e.id, 'submit'), 200);
    expectError(await act(admin, org.id, e.id, 'approve'), 403, 'SELF_APPROVAL');
    expectError(await act(accA, org.id, e.id, 'approve'), 403, 'SELF_APPROVAL');
    expectStatus(await act(accB.token, org.id, e.id, 'reject', { reason: 'duplicate' }), 200);
    expect((await events(org.id, e.id)).map((x) => x.action)).toEqual([
      'cost.created',
      'cost.submitted',
      'cost.rejected',
    ]);
  });

  it('two approvers racing on one document: exactly one 200 and one 409, for each of 10 documents', async () => {
    const org = await createOrg(h.db, 'co');
    const [accA, owner] = await Promise.all([tokenOf(org, 'ACCOUNTANT'), tokenOf(org, 'OWNER')]);
    const accB = await extraMember(org, 'ACCOUNTANT');
    const docs: TCostDocumentDetail[] = [];
    for (let i = 0; i < 10; i++) {
      const d = await createDoc(accA, org.id);
      expectStatus(await act(accA, org.id, d.id, 'submit'), 200);
      docs.push(d);
    }
    for (const [i, d] of docs.entries()) {
      // half the rounds race approve vs approve, the other half approve vs reject
      const second =
        i % 2 === 0 ? act(owner, org.id, d.id, 'approve') : act(owner, org.id, d.id, 'reject', { reason: 'no' });
      const rs = await Promise.all([act(accB.token, org.id, d.id, 'approve'), second]);
      const statuses = rs.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(rs.map((r) => r.body))).toEqual([200, 409]);
      const winner = rs.find((r) => r.status === 200)!;
      const loser = rs.find((r) => r.status === 409)!;
      expectError(loser, 409, 'INVALID_TRANSITION');
      expect(loser.body.error.details.from).toBe(winner.body.status);
      const row = await h.db.costDocument.findUniqueOrThrow({ where: { id: d.id } });
      expect(row.status).toBe(winner.body.status);
      expect(row.version).toBe(3);
      const decided = (await events(org.id, d.id)).filter(
        (e) => e.action === 'cost.approved' || e.action === 'cost.rejected',
      );
      expect(decided).toHaveLength(1);
    }
  });
});

describe('Idempotency-Key on cost transitions', () => {
  const decided = async (orgId: string, id: string) =>
    (await events(orgId, id)).filter((e) => e.action === 'cost.approved' || e.action === 'cost.rejected').length;

  it('a retried approve with the same key gets the first answer (not 409 INVALID_TRANSITION), one approval; another body → 422', async () => {
    const org = await createOrg(h.db, 'co');
    const accA = await tokenOf(org, 'ACCOUNTANT');
    const accB = await extraMember(org, 'ACCOUNTANT');
    const d = await createDoc(accA, org.id);
    const ks = randomUUID();
    const submitted = await post(
      accA,
      org.id,
      `/cost-documents/${d.id}/submit`,
      { version: 1 },
      { 'idempotency-key': ks },
    );
    expectStatus(submitted, 200);
    expectReplayOf(
      submitted,
      await post(accA, org.id, `/cost-documents/${d.id}/submit`, { version: 1 }, { 'idempotency-key': ks }),
    );

    const key = randomUUID();
    const first = await post(
      accB.token,
      org.id,
      `/cost-documents/${d.id}/approve`,
      { version: 2 },
      { 'idempotency-key': key },
    );
    expectStatus(first, 200);
    expect(ZCostDocumentDetail.parse(first.body)).toMatchObject({
      status: 'APPROVED',
      version: 3,
      decidedByUserId: accB.userId,
    });
    expectReplayOf(
      first,
      await post(accB.token, org.id, `/cost-documents/${d.id}/approve`, { version: 2 }, { 'idempotency-key': key }),
    );
    expect(await decided(org.id, d.id)).toBe(1);
    expect((await events(org.id, d.id)).map((e) => e.action)).toEqual([
      'cost.created',
      'cost.submitted',
      'cost.approved',
    ]);
    expect(await h.db.costDocument.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({
      status: 'APPROVED',
      version: 3,
    });

    // another body with that key (here: the version of the answer) → 422, nothing written
    expectError(
      await post(accB.token, org.id, `/cost-documents/${d.id}/approve`, { version: 3 }, { 'idempotency-key': key }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectError(
      await post(
        accB.token,
        org.id,
        `/cost-documents/${d.id}/reject`,
        { reason: 'no', version: 2 },
        { 'idempotency-key': key },
      ),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    // without a key the retry is a new request: the document is no longer SUBMITTED
    expectError(await post(accB.token, org.id, `/cost-documents/${d.id}/approve`, {}), 409, 'INVALID_TRANSITION');
    expect(await decided(org.id, d.id)).toBe(1);
  });

  it('two concurrent approves with one key: one runs, the other replays it or is told to retry', async () => {
    const org = await createOrg(h.db, 'co');
    const accA = await tokenOf(org, 'ACCOUNTANT');
    const accB = await extraMember(org, 'ACCOUNTANT');
    const d = await createDoc(accA, org.id);
    expectStatus(await act(accA, org.id, d.id, 'submit'), 200);
    const key = randomUUID();
    const results = await Promise.all(
      [0, 1].map(() => post(accB.token, org.id, `/cost-documents/${d.id}/approve`, {}, { 'idempotency-key': key })),
    );
    const ran = expectOneRan(results, 200);
    expect(ZCostDocumentDetail.parse(ran.body).status).toBe('APPROVED');
    expect(await decided(org.id, d.id)).toBe(1);
  });

  it('reject and reopen honour the key too', async () => {
    const org = await createOrg(h.db, 'co');
    const accA = await tokenOf(org, 'ACCOUNTANT');
    const accB = await extraMember(org, 'ACCOUNTANT');
    const d = await createDoc(accA, org.id);
    expectStatus(await act(accA, org.id, d.id, 'submit'), 200);
    const kr = randomUUID();
    const rejected = await post(
      accB.token,
      org.id,
      `/cost-documents/${d.id}/reject`,
      { reason: 'receipt missing' },
      { 'idempotency-key': kr },
    );
    expectStatus(rejected, 200);
    expectReplayOf(
      rejected,
      await post(
        accB.token,
        org.id,
        `/cost-documents/${d.id}/reject`,
        { reason: 'receipt missing' },
        { 'idempotency-key': kr },
      ),
    );
    const ko = randomUUID();
    const reopened = await post(accA, org.id, `/cost-documents/${d.id}/reopen`, {}, { 'idempotency-key': ko });
    expectStatus(reopened, 200);
    expectReplayOf(reopened, await post(accA, org.id, `/cost-documents/${d.id}/reopen`, {}, { 'idempotency-key': ko }));
    expect((await events(org.id, d.id)).map((e) => e.action)).toEqual([
      'cost.created',
      'cost.submitted',
      'cost.rejected',
      'cost.reopened',
    ]);
  });
});

describe('tenancy and roles', () => {
  it("another org's document, asset, job or work order is 404 on every route", async () => {
    const a = await createOrg(h.db, 'co-a');
    const b = await createOrg(h.db, 'co-b');
    const [ownerA, ownerB, accB] = await Promise.all([
      tokenOf(a, 'OWNER'),
      tokenOf(b, 'OWNER'),
      tokenOf(b, 'ACCOUNTANT'),
    ]);
    const theirs = await fixtures(ownerB, b.id);
    const mine = await fixtures(ownerA, a.id);
    const theirDoc = await createDoc(accB, b.id);
    expectStatus(await act(accB, b.id, theirDoc.id, 'submit'), 200);

    const p = `/cost-documents/${theirDoc.id}`;
    expectError(await get(ownerA, a.id, p), 404, 'NOT_FOUND');
    expectError(await patch(ownerA, a.id, p, { version: 2, supplier: 'x' }), 404, 'NOT_FOUND');
    expectError(await del(ownerA, a.id, p), 404, 'NOT_FOUND');
    for (const action of ['submit', 'approve', 'reopen'] as const)
      expectError(await act(ownerA, a.id, theirDoc.id, action), 404, 'NOT_FOUND');
    expectError(await act(ownerA, a.id, theirDoc.id, 'reject', { reason: 'x' }), 404, 'NOT_FOUND');
    // a path naming org B, for a member of A only: not a member
    expect((await get(ownerA, b.id, p)).status).toBe(404);
    const listA = ZListCostDocumentsResponse.parse((await get(ownerA, a.id, '/cost-documents')).body);
    expect(listA.items).toEqual([]);

    const refs = { assetId: theirs.asset.id, jobId: theirs.job.id, workOrderId: theirs.workOrder.id } as const;
    for (const [field, id] of Object.entries(refs)) {
      const r = await post(ownerA, a.id, '/cost-documents', docBody({ [field]: id }));
      expectError(r, 404, 'NOT_FOUND');
      expect(r.body.error.details).toEqual({ field });
      const missing = await post(ownerA, a.id, '/cost-documents', docBody({ [field]: randomUUID() }));
      expectError(missing, 404, 'NOT_FOUND');
    }
    const d = await createDoc(ownerA, a.id, {
      assetId: mine.asset.id,
      jobId: mine.job.id,
      workOrderId: mine.workOrder.id,
    });
    expect(d).toMatchObject({ assetId: mine.asset.id, jobId: mine.job.id, workOrderId: mine.workOrder.id });
    for (const [field, id] of Object.entries(refs)) {
      const r = await patch(ownerA, a.id, `/cost-documents/${d.id}`, { version: 1, [field]: id });
      expectError(r, 404, 'NOT_FOUND');
      expect(r.body.error.details).toEqual({ field });
    }
    // unlinking is fine
    expect((await patch(ownerA, a.id, `/cost-documents/${d.id}`, { version: 1, assetId: null })).body).toMatchObject({
      assetId: null,
      version: 2,
    });
    expect(await h.db.costDocument.count({ where: { organizationId: a.id } })).toBe(1);
  });

  it('role matrix: OPERATOR and MECHANIC 403; VIEWER and DISPATCHER read-only; ACCOUNTANT, ADMIN, OWNER write', async () => {
    const org = await createOrg(h.db, 'co');
    const t = Object.fromEntries(
      await Promise.all(
        (['OWNER', 'ADMIN', 'DISPATCHER', 'MECHANIC', 'OPERATOR', 'ACCOUNTANT', 'VIEWER'] as const).map(
          async (r) => [r, await tokenOf(org, r)] as const,
        ),
      ),
    ) as Record<keyof TestOrg['users'], string>;
    const d = await createDoc(t.ACCOUNTANT, org.id);
    expectStatus(await act(t.ACCOUNTANT, org.id, d.id, 'submit'), 200);

    for (const role of ['OPERATOR', 'MECHANIC'] as const) {
      expectError(await get(t[role], org.id, '/cost-documents'), 403, 'FORBIDDEN');
      expectError(await get(t[role], org.id, `/cost-documents/${d.id}`), 403, 'FORBIDDEN');
      expectError(await post(t[role], org.id, '/cost-documents', docBody()), 403, 'FORBIDDEN');
    }
    for (const role of ['VIEWER', 'DISPATCHER'] as const) {
      expectStatus(await get(t[role], org.id, '/cost-documents'), 200);
      expectStatus(await get(t[role], org.id, `/cost-documents/${d.id}`), 200);
      expectError(await post(t[role], org.id, '/cost-documents', docBody()), 403, 'FORBIDDEN');
      expectError(
        await patch(t[role], org.id, `/cost-documents/${d.id}`, { version: 2, supplier: 'x' }),
        403,
        'FORBIDDEN',
      );
      expectError(await del(t[role], org.id, `/cost-documents/${d.id}`), 403, 'FORBIDDEN');
      expectError(await act(t[role], org.id, d.id, 'approve'), 403, 'FORBIDDEN');
      expectError(await act(t[role], org.id, d.id, 'reject', { reason: 'x' }), 403, 'FORBIDDEN');
      expectError(await act(t[role], org.id, d.id, 'submit'), 403, 'FORBIDDEN');
      expectError(await act(t[role], org.id, d.id, 'reopen'), 403, 'FORBIDDEN');
    }
    for (const role of ['OWNER', 'ADMIN'] as const) {
      const own = await createDoc(t[role], org.id);
      expectStatus(await act(t[role], org.id, own.id, 'submit'), 200);
    }
    expectStatus(await act(t.ADMIN, org.id, d.id, 'approve'), 200);
    expect(await h.db.costDocument.count({ where: { organizationId: org.id } })).toBe(3);
  });

  it('data scope inside the query: TEAM sees its teams’ assets’ documents and its own; ASSIGNED only its own', async () => {
    const org = await createOrg(h.db, 'co');
    const [owner, acc] = await Promise.all([tokenOf(org, 'OWNER'), tokenOf(org, 'ACCOUNTANT')]);
    const team = ZTeam.parse((await post(owner, org.id, '/teams', { name: `north-${tag()}` })).body);
    const north = await fixtures(owner, org.id, team.id);
    const south = await fixtures(owner, org.id, null);
    const onNorth = await createDoc(acc, org.id, { assetId: north.asset.id });
    const onSouth = await createDoc(acc, org.id, { assetId: south.asset.id });
    const unlinked = await createDoc(acc, org.id);

    const teamAcc = await extraMember(org, 'ACCOUNTANT', 'TEAM', [team.id]);
    // links must be inside the writer's scope too: another team's machine is a 404
    expectError(
      await post(teamAcc.token, org.id, '/cost-documents', {
        category: 'FUEL',
        documentDate: '2026-11-30',
        assetId: south.asset.id,
        lines: [],
      }),
      404,
      'NOT_FOUND',
    );
    const ownTeam = await createDoc(teamAcc.token, org.id);
    const seen = ZListCostDocumentsResponse.parse((await get(teamAcc.token, org.id, '/cost-documents')).body).items.map(
      (x) => x.id,
    );
    expect(seen.sort()).toEqual([onNorth.id, ownTeam.id].sort());
    expectStatus(await get(teamAcc.token, org.id, `/cost-documents/${onNorth.id}`), 200);
    expectError(await get(teamAcc.token, org.id, `/cost-documents/${onSouth.id}`), 404, 'NOT_FOUND');
    expectError(await get(teamAcc.token, org.id, `/cost-documents/${unlinked.id}`), 404, 'NOT_FOUND');
    expectError(
      await patch(teamAcc.token, org.id, `/cost-documents/${unlinked.id}`, { version: 1, supplier: 'x' }),
      404,
      'NOT_FOUND',
    );

    const mineOnly = await extraMember(org, 'ACCOUNTANT', 'ASSIGNED');
    const own = await createDoc(mineOnly.token, org.id);
    const seen2 = ZListCostDocumentsResponse.parse(
      (await get(mineOnly.token, org.id, '/cost-documents')).body,
    ).items.map((x) => x.id);
    expect(seen2).toEqual([own.id]);
    expectError(await get(mineOnly.token, org.id, `/cost-documents/${onNorth.id}`), 404, 'NOT_FOUND');
    // a submitted document of the team is decided by a team member who did not create it
    expectStatus(await act(acc, org.id, onNorth.id, 'submit'), 200);
    expectStatus(await act(teamAcc.token, org.id, onNorth.id, 'approve'), 200);
    expectError(await act(mineOnly.token, org.id, onSouth.id, 'approve'), 404, 'NOT_FOUND');
  });
});

describe('list', () => {
  it('filters by status, category, asset, job, work order and date range; keyset pages; deleted hidden', async () => {
    const org = await createOrg(h.db, 'co');
    const [owner, acc, viewer] = await Promise.all([
      tokenOf(org, 'OWNER'),
      tokenOf(org, 'ACCOUNTANT'),
      tokenOf(org, 'VIEWER'),
    ]);
    const f = await fixtures(owner, org.id);
    const fuel = await createDoc(acc, org.id, { documentDate: '2026-01-10', assetId: f.asset.id });
    const parts = await createDoc(acc, org.id, {
      category: 'PARTS',
      documentDate: '2026-02-10',
      workOrderId: f.workOrder.id,
      assetId: f.asset.id,
    });
    const labor = await createDoc(acc, org.id, { category: 'LABOR', documentDate: '2026-03-10', jobId: f.job.id });
    const gone = await createDoc(acc, org.id, { documentDate: '2026-02-10' });
    expectStatus(await del(acc, org.id, `/cost-documents/${gone.id}`), 204);
    expectStatus(await act(acc, org.id, parts.id, 'submit'), 200);

    const ids = async (qs: string) =>
      ZListCostDocumentsResponse.parse((await get(viewer, org.id, `/cost-documents${qs}`)).body)
        .items.map((x) => x.id)
        .sort();
    expect(await ids('')).toEqual([fuel.id, parts.id, labor.id].sort());
    expect(await ids('?status=SUBMITTED')).toEqual([parts.id]);
    expect(await ids('?status=DRAFT')).toEqual([fuel.id, labor.id].sort());
    expect(await ids('?category=LABOR')).toEqual([labor.id]);
    expect(await ids(`?assetId=${f.asset.id}`)).toEqual([fuel.id, parts.id].sort());
    expect(await ids(`?jobId=${f.job.id}`)).toEqual([labor.id]);
    expect(await ids(`?workOrderId=${f.workOrder.id}`)).toEqual([parts.id]);
    expect(await ids('?from=2026-02-10')).toEqual([parts.id, labor.id].sort());
    expect(await ids('?to=2026-02-10')).toEqual([fuel.id, parts.id].sort());
    expect(await ids('?from=2026-02-01&to=2026-02-28')).toEqual([parts.id]);
    expect(await ids('?category=FUEL&from=2026-02-01')).toEqual([]);
    expectError(await get(viewer, org.id, '/cost-documents?from=2026-03-01&to=2026-02-01'), 400, 'VALIDATION_FAILED');
    expectError(await get(viewer, org.id, '/cost-documents?status=PAID'), 400, 'VALIDATION_FAILED');
    expectError(await get(viewer, org.id, '/cost-documents?cursor=garbage'), 400, 'VALIDATION_FAILED');

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await get(viewer, org.id, `/cost-documents?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expectStatus(r, 200);
      const page = ZListCostDocumentsResponse.parse(r.body);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual([fuel.id, parts.id, labor.id].sort());
    const item = ZListCostDocumentsResponse.parse((await get(viewer, org.id, `/cost-documents?category=LABOR`)).body)
      .items[0]!;
    expect(item).toMatchObject({ totalMinor: '9740', documentDate: '2026-03-10', jobId: f.job.id });
    expect(item).not.toHaveProperty('lines');
  });

  it('POST honours Idempotency-Key: a retry returns the same document, one row', async () => {
    const org = await createOrg(h.db, 'co');
    const acc = await tokenOf(org, 'ACCOUNTANT');
    const key = randomUUID();
    const r1 = await post(acc, org.id, '/cost-documents', docBody(), { 'idempotency-key': key });
    const r2 = await post(acc, org.id, '/cost-documents', docBody(), { 'idempotency-key': key });
    expectStatus(r1, 201);
    expectStatus(r2, 201);
    expect(r2.body.id).toBe(r1.body.id);
    expect(await h.db.costDocument.count({ where: { organizationId: org.id } })).toBe(1);
  });
});

describe('OpenAPI', () => {
  it('documents the cost routes with their request and response schemas', async () => {
    const doc = (await call(h.base, 'GET', '/api/docs-json')).body;
    const base = '/api/v1/orgs/{orgId}/cost-documents';
    const create = doc.paths[base].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['category', 'documentDate']));
    expect(body.properties.lines.items.properties.unitPriceMinor.type).toBe('string');
    expect(create.responses['201'].content['application/json'].schema.properties.totalMinor.type).toBe('string');
    for (const action of ['submit', 'approve', 'reject', 'reopen'])
      expect(doc.paths[`${base}/{id}/${action}`]?.post, action).toBeDefined();
    expect(doc.paths[`${base}/{id}/reject`].post.requestBody.content['application/json'].schema.required).toContain(
      'reason',
    );
  });
});
