import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAgentRun, type TAgentRun } from '@amms/contracts/drafts';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, startApp, type Harness, type TestOrg } from './harness.js';
import { expectStatus, loginAll, orgPath } from './assertions.js';

/**
 * What a dispatcher asks the agent besides a schedule: a diagnosis that names the machine's
 * open work order, business questions per machine and operator answered from the job data, and
 * maintenance drafts with mechanics and their hours.
 */
let h: Harness;
let org: TestOrg;
let t: Record<TRole, string>;
const tag = () => randomUUID().slice(0, 8);
const post = (token: string, rest: string, body: unknown = {}) =>
  call(h.base, 'POST', orgPath(org.id, rest), { token, body });
async function ask(token: string, goal: string): Promise<TAgentRun> {
  const r = await post(token, '/agent/runs', { goal });
  expectStatus(r, 201);
  return ZAgentRun.parse(r.body);
}
const m = { gv1: '', gv2: '' };

beforeAll(async () => {
  h = await startApp();
  org = await createOrg(h.db, 'dispq');
  t = await loginAll(h.base, org);
  const model = await h.db.machineModel.create({
    data: {
      organizationId: org.id,
      manufacturer: `Mfr-${tag()}`,
      name: 'GV-9',
      kind: 'SELF_PROPELLED',
      operationTypes: ['HARVESTING'],
    },
  });
  for (const [k, name] of [
    ['gv1', 'GV-9 #01'],
    ['gv2', 'GV-9 #02'],
  ] as const)
    m[k] = (
      await h.db.asset.create({
        data: { organizationId: org.id, modelId: model.id, name, serialNumber: `SN-${tag()}` },
      })
    ).id;
});
afterAll(() => h?.close());

describe('diagnosis names the open work order', () => {
  it('zh: the same fault already has an open order → the answer and the warning name it (number, title, state); another open order is named too', async () => {
    const same = await post(t.OWNER, '/work-orders', {
      type: 'CORRECTIVE',
      assetId: m.gv1,
      title: '故障维修：发动机水温过高',
    });
    expectStatus(same, 201);
    const other = await post(t.OWNER, '/work-orders', { type: 'INSPECTION', assetId: m.gv1, title: '季度检查' });
    expectStatus(other, 201);
    const r = await ask(t.DISPATCHER, 'GV-9 #01 发动机水温过高，帮我安排检修');
    expect(r.intent).toBe('DIAGNOSE');
    const text = r.answer!.text;
    expect(text).toContain(`已有同一故障的未关闭工单 #${same.body.number}“故障维修：发动机水温过高”（待处理）`);
    expect(text).toContain(`#${other.body.number}“季度检查”`);
    const w = r.draft!.validation.warnings.find((x) => x.code === 'OPEN_CORRECTIVE_ORDER')!;
    expect(w.message).toBe(`这台机器已有未关闭的故障维修工单（#${same.body.number}）`);
    // the title is the symptom, not the whole question
    expect(r.draft!.correctiveItems[0]!.title).toBe('故障维修：发动机水温过高');
  });

  it('en: a machine without open orders says nothing about them', async () => {
    const r = await ask(t.DISPATCHER, 'GV-9 #02 is overheating');
    expect(r.intent).toBe('DIAGNOSE');
    expect(r.answer!.text).not.toMatch(/open work order/i);
    expect(r.draft!.validation.warnings.map((x) => x.code)).not.toContain('OPEN_CORRECTIVE_ORDER');
  });
});
