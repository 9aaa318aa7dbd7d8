import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZField, ZJob, ZListFieldsResponse, type TField } from '@amms/contracts/jobs';
import { ZTeam } from '@amms/contracts/teams';
import { createOrg, type TestOrg } from './harness.js';
import { appForFile, machineRow, orgApi, tag } from './support/world.js';
import { expectError, expectStatus, loginAll } from './assertions.js';
import type { TRole } from '@amms/contracts/permissions';

const h = appForFile();

const { get, post, patch, del } = orgApi(() => h);
const WINDOW = { windowStart: '2027-06-01T00:00:00Z', windowEnd: '2027-06-08T00:00:00Z' };

async function setup(label = 'fields'): Promise<{ org: TestOrg; t: Record<TRole, string> }> {
  const org = await createOrg(h.db, label);
  return { org, t: await loginAll(h.base, org) };
}

async function createField(token: string, orgId: string, body: Record<string, unknown> = {}): Promise<TField> {
  const r = await post(token, orgId, '/fields', { name: `Field ${tag()}`, areaHa: 10, ...body });
  expectStatus(r, 201);
  return ZField.parse(r.body);
}

describe('fields', () => {
  it('create (ha in, m² stored) → get → list with filters and pages → patch at a version → soft delete, each write audited', async () => {
    const { org, t } = await setup();
    const team = ZTeam.parse((await post(t.OWNER, org.id, '/teams', { name: `t-${tag()}` })).body);
    const f = await createField(t.DISPATCHER, org.id, {
      name: 'North 40',
      areaHa: 12.3456,
      crop: 'Wheat',
      teamId: team.id,
      latitude: 45.123456,
      longitude: 126.654321,
      locationText: '黑龙江 哈尔滨',
      notes: 'clay',
    });
    expect(f).toMatchObject({
      name: 'North 40',
      areaHa: 12.3456,
      areaM2: 123_456,
      crop: 'Wheat',
      teamId: team.id,
      latitude: 45.123456,
      longitude: 126.654321,
      version: 1,
    });
    const g = await createField(t.DISPATCHER, org.id, { name: 'South', crop: 'corn' });

    expect(ZField.parse((await get(t.VIEWER, org.id, `/fields/${f.id}`)).body)).toEqual(f);
    const ids = async (qs: string) =>
      ZListFieldsResponse.parse((await get(t.VIEWER, org.id, `/fields?${qs}`)).body).items.map((x) => x.id);
    expect(await ids('q=north')).toEqual([f.id]);
    expect(await ids(`teamId=${team.id}`)).toEqual([f.id]);
    expect(await ids('crop=CORN')).toEqual([g.id]);
    const p1 = ZListFieldsResponse.parse((await get(t.VIEWER, org.id, '/fields?limit=1')).body);
    const p2 = ZListFieldsResponse.parse((await get(t.VIEWER, org.id, `/fields?limit=1&cursor=${p1.nextCursor}`)).body);
    expect([...p1.items, ...p2.items].map((x) => x.id).sort()).toEqual([f.id, g.id].sort());
    expect(p2.nextCursor).toBeNull();

    const u = await patch(t.DISPATCHER, org.id, `/fields/${f.id}`, {
      version: 1,
      areaHa: 20,
      crop: null,
      teamId: null,
    });
    expectStatus(u, 200);
    expect(ZField.parse(u.body)).toMatchObject({ areaHa: 20, areaM2: 200_000, crop: null, teamId: null, version: 2 });
    const stale = await patch(t.DISPATCHER, org.id, `/fields/${f.id}`, { version: 1, name: 'x' });
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(stale.body.error.details.current.version).toBe(2);

    expectStatus(await del(t.DISPATCHER, org.id, `/fields/${f.id}`), 204);
    expectError(await get(t.VIEWER, org.id, `/fields/${f.id}`), 404, 'NOT_FOUND');
    expectError(await del(t.DISPATCHER, org.id, `/fields/${f.id}`), 404, 'NOT_FOUND');
    expect(await ids('limit=200')).toEqual([g.id]);

    const events = await h.db.auditEvent.findMany({
      where: { organizationId: org.id, entityType: 'field', entityId: f.id },
      orderBy: { seq: 'asc' },
    });
    expect(events.map((e) => e.action)).toEqual(['field.created', 'field.updated', 'field.deleted']);
    expect(events[0]!.data).toMatchObject({ after: { name: 'North 40', areaM2: 123_456 } });
    expect(events[1]!.data).toEqual({
      before: { areaHa: 12.3456, areaM2: 123_456, crop: 'Wheat', teamId: team.id },
      after: { areaHa: 20, areaM2: 200_000, crop: null, teamId: null },
    });
    expect(events[2]!.data).toEqual({ before: { deleted: false, name: 'North 40' }, after: { deleted: true } });
  });

  it('names are unique among live fields (409 FIELD_NAME_TAKEN, also under concurrency); a deleted field frees its name', async () => {
    const { org, t } = await setup();
    const a = await createField(t.OWNER, org.id, { name: 'Dup' });
    expectError(await post(t.OWNER, org.id, '/fields', { name: 'Dup', areaHa: 1 }), 409, 'FIELD_NAME_TAKEN');
    const b = await createField(t.OWNER, org.id, { name: 'Other' });
    expectError(await patch(t.OWNER, org.id, `/fields/${b.id}`, { version: 1, name: 'Dup' }), 409, 'FIELD_NAME_TAKEN');
    expectStatus(await del(t.OWNER, org.id, `/fields/${a.id}`), 204);
    expectStatus(await post(t.OWNER, org.id, '/fields', { name: 'Dup', areaHa: 1 }), 201);

    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(t.OWNER, org.id, '/fields', { name: 'Race', areaHa: 1 })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 409, 'FIELD_NAME_TAKEN');
    // another org may use the same name
    const other = await setup('fields-other');
    expectStatus(await post(other.t.OWNER, other.org.id, '/fields', { name: 'Race', areaHa: 1 }), 201);
  });

  it('bad input is 400 with the failing paths', async () => {
    const { org, t } = await setup();
    for (const areaHa of [0, -1, 100_000.0001, 1.23456, '5']) {
      const r = await post(t.OWNER, org.id, '/fields', { name: 'A', areaHa });
      expectError(r, 400, 'VALIDATION_FAILED');
      expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain('areaHa');
    }
    expectStatus(await post(t.OWNER, org.id, '/fields', { name: 'Max', areaHa: 100_000 }), 201);
    const r = await post(t.OWNER, org.id, '/fields', { name: '', areaHa: 1, latitude: 91, organizationId: org.id });
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['name', 'latitude']),
    );
    const f = await createField(t.OWNER, org.id);
    expectError(await patch(t.OWNER, org.id, `/fields/${f.id}`, { version: 1 }), 400, 'VALIDATION_FAILED');
    expectError(
      await post(t.OWNER, org.id, '/fields', { name: 'T', areaHa: 1, teamId: randomUUID() }),
      404,
      'NOT_FOUND',
    );
  });

  it('deleting a field with open jobs is 409 CONFLICT; once they are done or cancelled it goes', async () => {
    const { org, t } = await setup();
    const f = await createField(t.OWNER, org.id);
    const j = await post(t.DISPATCHER, org.id, '/jobs', {
      fieldId: f.id,
      operationType: 'TILLAGE',
      estimatedHours: 2,
      ...WINDOW,
    });
    expectStatus(j, 201);
    const job = ZJob.parse(j.body);
    const refused = await del(t.OWNER, org.id, `/fields/${f.id}`);
    expectError(refused, 409, 'CONFLICT');
    expect(refused.body.error.details).toEqual({ openJobs: 1 });
    expectStatus(await get(t.VIEWER, org.id, `/fields/${f.id}`), 200);
    expectStatus(await post(t.DISPATCHER, org.id, `/jobs/${job.id}/cancel`, { reason: 'sold' }), 200);
    expectStatus(await del(t.OWNER, org.id, `/fields/${f.id}`), 204);
    // no new jobs on a deleted field
    expectError(
      await post(t.DISPATCHER, org.id, '/jobs', {
        fieldId: f.id,
        operationType: 'TILLAGE',
        estimatedHours: 2,
        ...WINDOW,
      }),
      404,
      'NOT_FOUND',
    );
    // the cancelled job still reads (its field name comes along)
    expectStatus(await get(t.VIEWER, org.id, `/jobs/${job.id}`), 200);
  });

  it('a delete racing job creations never leaves an open job on a deleted field', async () => {
    const { org, t } = await setup();
    const f = await createField(t.OWNER, org.id);
    const jobs = Array.from({ length: 5 }, () =>
      post(t.DISPATCHER, org.id, '/jobs', { fieldId: f.id, operationType: 'TILLAGE', estimatedHours: 2, ...WINDOW }),
    );
    const [d, ...created] = await Promise.all([del(t.OWNER, org.id, `/fields/${f.id}`), ...jobs]);
    const field = await h.db.field.findUniqueOrThrow({ where: { id: f.id } });
    const open = await h.db.job.count({ where: { fieldId: f.id, status: 'PLANNED' } });
    if (d.status === 204) {
      expect(field.deletedAt).not.toBeNull();
      expect(open).toBe(0);
      for (const r of created) expectError(r, 404, 'NOT_FOUND');
    } else {
      expectError(d, 409, 'CONFLICT');
      expect(field.deletedAt).toBeNull();
      expect(open).toBe(created.filter((r) => r.status === 201).length);
    }
  });

  it("another org's field is a 404 on every route; roles: VIEWER/ACCOUNTANT read, OPERATOR/VIEWER cannot write", async () => {
    const { org, t } = await setup();
    const other = await setup('fields-other');
    const theirs = await createField(other.t.OWNER, other.org.id);
    expectError(await get(t.OWNER, org.id, `/fields/${theirs.id}`), 404, 'NOT_FOUND');
    expectError(await patch(t.OWNER, org.id, `/fields/${theirs.id}`, { version: 1, name: 'x' }), 404, 'NOT_FOUND');
    expectError(await del(t.OWNER, org.id, `/fields/${theirs.id}`), 404, 'NOT_FOUND');
    expect(
      ZListFieldsResponse.parse((await get(t.OWNER, org.id, '/fields?limit=200')).body).items.map((x) => x.id),
    ).not.toContain(theirs.id);
    expect(ZField.parse((await get(other.t.VIEWER, other.org.id, `/fields/${theirs.id}`)).body).version).toBe(1);

    const mine = await createField(t.OWNER, org.id);
    for (const role of ['VIEWER', 'ACCOUNTANT', 'MECHANIC'] as const)
      expectStatus(await get(t[role], org.id, '/fields'), 200);
    expectStatus(await get(t.ACCOUNTANT, org.id, `/fields/${mine.id}`), 200);
    for (const role of ['VIEWER', 'OPERATOR', 'ACCOUNTANT', 'MECHANIC'] as const) {
      expectError(await post(t[role], org.id, '/fields', { name: 'x', areaHa: 1 }), 403, 'FORBIDDEN');
      expectError(await patch(t[role], org.id, `/fields/${mine.id}`, { version: 1, name: 'x' }), 403, 'FORBIDDEN');
      expectError(await del(t[role], org.id, `/fields/${mine.id}`), 403, 'FORBIDDEN');
    }
  });

  it('an OPERATOR (ASSIGNED scope) sees only the fields of jobs assigned to them', async () => {
    const { org, t } = await setup();
    const [f1, f2] = [await createField(t.OWNER, org.id), await createField(t.OWNER, org.id)];
    const tractor = await machineRow(h.db, org.id, 'T', { name: 'P' });
    const job = ZJob.parse(
      (
        await post(t.DISPATCHER, org.id, '/jobs', {
          fieldId: f1.id,
          operationType: 'TILLAGE',
          estimatedHours: 2,
          ...WINDOW,
        })
      ).body,
    );
    await post(t.DISPATCHER, org.id, '/jobs', {
      fieldId: f2.id,
      operationType: 'TILLAGE',
      estimatedHours: 2,
      ...WINDOW,
    });
    expect(ZListFieldsResponse.parse((await get(t.OPERATOR, org.id, '/fields')).body).items).toEqual([]);
    expectStatus(
      await post(t.DISPATCHER, org.id, `/jobs/${job.id}/assign`, {
        primaryAssetId: tractor,
        operatorMembershipId: org.users.OPERATOR.membershipId,
        startsAt: '2027-06-01T08:00:00Z',
        endsAt: '2027-06-01T12:00:00Z',
      }),
      200,
    );
    expect(ZListFieldsResponse.parse((await get(t.OPERATOR, org.id, '/fields')).body).items.map((x) => x.id)).toEqual([
      f1.id,
    ]);
    expectStatus(await get(t.OPERATOR, org.id, `/fields/${f1.id}`), 200);
    expectError(await get(t.OPERATOR, org.id, `/fields/${f2.id}`), 404, 'NOT_FOUND');
  });
});
