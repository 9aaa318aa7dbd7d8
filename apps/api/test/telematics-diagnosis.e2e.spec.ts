import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCreateApiKeyResponse } from '@amms/contracts/api-keys';
import { ZAgentRun, ZDraftDetail } from '@amms/contracts/drafts';
import { ZDocumentPage } from '@amms/contracts/knowledge';
import { ZListNotificationsResponse } from '@amms/contracts/notifications';
import { ZListAssetFaultsResponse, ZPushReadingsResponse } from '@amms/contracts/telematics';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, type TestOrg } from './harness.js';
import { tag } from './support/world.js';
import { expectStatus, loginAll, orgPath } from './assertions.js';
import { buildPdf } from './knowledge/pdf-builder.js';
import { eventually, knowledgeEnv, uploadReadManual, type KnowledgeEnv } from './knowledge/env.js';

/**
 * A fault code a machine reports (issue #28) → on the real API + worker: the mechanics of its team
 * are told, and the agent's diagnosis (the same DIAGNOSE skill a mechanic's description runs) drafts
 * one corrective work order citing the page of THAT model's manual where the code's table row is.
 * The J1939 code as terminals send it ("SPN 110 FMI 0") is found as the manual prints it ("ECU
 * 000110.00"), not as the neighbouring code ("000110.16"). The same active code reported again
 * drafts nothing; a report without it records its clearing; raised again, it is diagnosed again.
 */
let env: KnowledgeEnv;
let org: TestOrg;
let t: Record<TRole, string>;
let tractor = '';
let key = '';

const base = () => env.h.base;
const get = (token: string, rest: string) => call(base(), 'GET', orgPath(org.id, rest), { token });

/** An English tractor manual: a fault-code table on its second page, J1939 codes as SPN.FMI behind the controller. */
function codeManual(): Buffer {
  return buildPdf([
    {
      lines: [
        { text: '4 Engine', size: 18 },
        { text: 'Check the coolant level every day before starting the engine.' },
      ],
    },
    {
      lines: [
        { text: '5 Diagnostic Trouble Codes', size: 18 },
        { cells: ['Code', 'Description', 'Likely cause', 'Remedy'] },
        {
          cells: ['ECU 000110.16', 'Coolant temperature high', 'Slipping fan belt', 'Tighten the fan belt'],
        },
        {
          cells: [
            'ECU 000110.00',
            'Coolant temperature extremely high',
            'Plugged radiator, low coolant',
            'Check coolant level',
          ],
        },
      ],
    },
  ]);
}

async function push(readings: unknown[]) {
  const r = await call(base(), 'POST', orgPath(org.id, '/telematics/readings'), { apiKey: key, body: { readings } });
  expectStatus(r, 200);
  return ZPushReadingsResponse.parse(r.body);
}
const faults = async (token: string) =>
  ZListAssetFaultsResponse.parse((await get(token, `/assets/${tractor}/faults`)).body).items;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

beforeAll(async () => {
  env = await knowledgeEnv('tdiag');
  org = await createOrg(env.db, 'tdiag');
  t = await loginAll(base(), org);
  const db = env.db;
  const model = await db.machineModel.create({
    data: {
      organizationId: org.id,
      manufacturer: `Deere-${tag()}`,
      name: '6R 155',
      kind: 'POWER_UNIT',
      operationTypes: ['TILLAGE'],
    },
  });
  const team = await db.team.create({ data: { organizationId: org.id, name: `Workshop ${tag()}` } });
  await db.teamMember.create({
    data: { organizationId: org.id, teamId: team.id, membershipId: org.users.MECHANIC.membershipId },
  });
  tractor = (
    await db.asset.create({
      data: {
        organizationId: org.id,
        modelId: model.id,
        teamId: team.id,
        name: 'Tractor 03',
        serialNumber: `SN-${tag()}`,
      },
    })
  ).id;
  await uploadReadManual(env, t.ADMIN, org.id, codeManual(), {
    title: '6R 155 Operator Manual',
    language: 'en',
    machineModelIds: [model.id],
  });
  const k = await call(base(), 'POST', orgPath(org.id, '/api-keys'), {
    token: t.OWNER,
    body: { name: 'gateway', scopes: ['telematics.write'] },
    headers: { 'idempotency-key': randomUUID() },
  });
  expectStatus(k, 201);
  key = ZCreateApiKeyResponse.parse(k.body).key;
}, 180_000);

afterAll(async () => {
  await env?.close();
});

describe('fault code → notification + diagnosis draft', () => {
  it("a reported J1939 code → the mechanic is told and gets a draft corrective work order citing the code's manual page; once per active code; cleared, then raised again → diagnosed again", async () => {
    await push([{ assetId: tractor, at: at(30), faultCodes: ['spn 110 fmi 0'] }]);
    const diagnosed = await eventually(
      () => faults(t.MECHANIC),
      (f) => f.length === 1 && f[0]!.diagnosis?.status === 'COMPLETED',
      env.log,
      90_000,
      300,
    );
    const fault = diagnosed[0]!;
    expect(fault).toMatchObject({ code: 'SPN 110 FMI 0', clearedAt: null });

    // the run is the mechanic's (their agent runs), its draft a MAINTENANCE one with one corrective item
    const runRes = await get(t.MECHANIC, `/agent/runs/${fault.diagnosis!.runId}`);
    expect(runRes.status, JSON.stringify(runRes.body)).toBe(200);
    const run = ZAgentRun.parse(runRes.body);
    expect(run.intent).toBe('DIAGNOSE');
    expect(run.draft!.id).toBe(fault.diagnosis!.draftId);
    const item = run.draft!.correctiveItems[0]!;
    expect(item).toMatchObject({ assetId: tractor, faultCode: 'SPN 110 FMI 0', manualEvidence: true });
    // the meaning, the causes and the remedy of THAT code's row, not of 000110.16 beside it
    expect(item.symptom).toBe('Coolant temperature extremely high');
    expect(item.title).toContain('SPN 110 FMI 0');
    expect(item.causes.map((c) => c.cause).slice(0, 2)).toEqual(['Plugged radiator', 'low coolant']);
    expect(item.checklist[0]!.label).toBe('Check coolant level');
    expect(JSON.stringify(item)).not.toContain('fan belt');
    // the citation is the page that holds the row
    const cite = item.causes[0]!.citation!;
    expect(cite.title).toBe('6R 155 Operator Manual');
    const page = ZDocumentPage.parse(
      (await get(t.MECHANIC, `/documents/${cite.documentId}/versions/${cite.versionId}/pages/${cite.page}`)).body,
    );
    expect(page.text).toContain('000110.00');

    // a dispatcher reads the draft (to confirm it): nothing is written before
    const d = ZDraftDetail.parse((await get(t.DISPATCHER, `/drafts/${run.draft!.id}`)).body);
    expect(d).toMatchObject({ kind: 'MAINTENANCE', status: 'OPEN' });
    expect(await env.db.workOrder.count({ where: { organizationId: org.id, assetId: tractor } })).toBe(0);

    // the mechanic of the machine's team was told (the worker's fan-out)
    const told = await eventually(
      async () => ZListNotificationsResponse.parse((await get(t.MECHANIC, '/notifications')).body).items,
      (n) => n.length > 0,
      env.log,
      30_000,
    );
    expect(told[0]).toMatchObject({ type: 'asset.fault_raised', resourceId: tractor });

    // the same active code again: no new fault, no second diagnosis
    await push([{ assetId: tractor, at: at(20), faultCodes: ['SPN 110 FMI 0'] }]);
    // a report without it: the clearing is recorded at the report's time
    const clearedAt = at(10);
    await push([{ assetId: tractor, at: clearedAt, faultCodes: [] }]);
    const afterClear = await faults(t.MECHANIC);
    expect(afterClear).toHaveLength(1);
    expect(afterClear[0]!.clearedAt).toBe(clearedAt);
    const runs = () => env.db.agentRun.count({ where: { organizationId: org.id } });
    expect(await runs()).toBe(1);

    // raised again after its clearing: a new fault, diagnosed again
    await push([{ assetId: tractor, at: at(1), faultCodes: ['SPN 110 FMI 0'] }]);
    const again = await eventually(
      () => faults(t.MECHANIC),
      (f) => f.length === 2 && f.every((x) => x.diagnosis?.status === 'COMPLETED'),
      env.log,
      90_000,
      300,
    );
    expect(again.filter((f) => f.clearedAt === null)).toHaveLength(1);
    expect(await runs()).toBe(2);
  }, 240_000);
});
