import { describe, expect, it } from 'vitest';
import { ZMachineModel } from '@amms/contracts/assets';
import { call, createOrg, login } from './harness.js';
import { appForFile, orgApi, tag } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { ensureCatalog } from '../src/seed/write.js';

/**
 * A machine model's planning figures (issue #25 §1: working width, speed, field efficiency, the
 * tractor's power and hitches, the implement's needs, licences) through the machine-model API, and
 * the demo catalog carrying realistic ones.
 */
const h = appForFile();
const { get, patch } = orgApi(() => h);
const post = (token: string, org: string, rest: string, body: unknown) =>
  call(h.base, 'POST', orgPath(org, rest), { token, body });

describe('machine models: planning figures', () => {
  it('creates, reads and edits them; the output is width × speed × efficiency ÷ 10; bad figures are 400', async () => {
    const org = await createOrg(h.db, 'mmp');
    const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
    const created = await post(owner, org.id, '/machine-models', {
      manufacturer: `Mfr-${tag()}`,
      name: 'Seeder 6',
      kind: 'IMPLEMENT',
      operationTypes: ['SOWING_PLANTING'],
      workingWidthM: 6,
      workingSpeedKmh: 12,
      fieldEfficiency: 0.65,
      requiredPowerKw: 110,
      hitchTypes: ['CAT3'],
    });
    expectStatus(created, 201);
    const m = ZMachineModel.parse(created.body);
    expect(m.planning).toEqual({
      workingSpeedKmh: 12,
      fieldEfficiency: 0.65,
      workRateHaPerHour: null,
      requiredPowerKw: 110,
      hitchTypes: ['CAT3'],
      requiredQualifications: [],
      outputHaPerHour: 4.68,
    });

    const edited = await patch(owner, org.id, `/machine-models/${m.id}`, {
      expectedUpdatedAt: m.updatedAt,
      workRateHaPerHour: 5.5,
      hitchTypes: ['CAT3', 'CAT4'],
      requiredQualifications: ['TRACTOR'],
    });
    expectStatus(edited, 200);
    const e = ZMachineModel.parse(edited.body);
    expect(e.planning.outputHaPerHour).toBe(5.5);
    expect(e.planning.hitchTypes).toEqual(['CAT3', 'CAT4']);
    expect(e.planning.workingSpeedKmh).toBe(12);
    const event = await h.db.auditEvent.findFirst({
      where: { organizationId: org.id, action: 'machine_model.updated', entityId: m.id },
    });
    expect(event?.data).toMatchObject({
      before: { workRateHaPerHour: null, hitchTypes: ['CAT3'], requiredQualifications: [] },
      after: { workRateHaPerHour: 5.5, hitchTypes: ['CAT3', 'CAT4'], requiredQualifications: ['TRACTOR'] },
    });

    const bad = await patch(owner, org.id, `/machine-models/${m.id}`, {
      expectedUpdatedAt: e.updatedAt,
      fieldEfficiency: 1.5,
      workingSpeedKmh: 0,
      hitchTypes: ['BALL'],
      requiredQualifications: ['PILOT'],
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    const paths = (bad.body.error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['fieldEfficiency', 'workingSpeedKmh', 'hitchTypes.0', 'requiredQualifications.0']),
    );
    const unchanged = ZMachineModel.parse(
      (await get(owner, org.id, `/machine-models?q=${encodeURIComponent(m.manufacturer)}`)).body.items[0],
    );
    expect(unchanged.planning).toEqual(e.planning);
  });

  it('the demo catalog gives each model realistic output and fit figures, once (a second seed changes nothing)', async () => {
    await ensureCatalog(h.db);
    const model = (manufacturer: string, name: string) =>
      h.db.machineModel.findFirstOrThrow({ where: { organizationId: null, manufacturer, name } });
    const org = await createOrg(h.db, 'mmp-demo');
    const viewer = (await login(h.base, org.users.VIEWER.email)).accessToken;
    const read = async (manufacturer: string, name: string) => {
      const row = await model(manufacturer, name);
      const list = await get(viewer, org.id, `/machine-models?q=${encodeURIComponent(name)}&limit=50`);
      return ZMachineModel.parse((list.body.items as { id: string }[]).find((x) => x.id === row.id));
    };
    const gn70 = await read('雷沃', '谷神 GN70');
    const lexion = await read('Claas', 'Lexion 8700');
    const seeder = await read('农哈哈', '2BMZF-6 免耕播种机');
    const big = await read('John Deere', '8R 370');
    expect(gn70.planning.outputHaPerHour).toBeGreaterThan(1);
    expect(lexion.planning.outputHaPerHour! / gn70.planning.outputHaPerHour!).toBeGreaterThan(3);
    expect(seeder.planning.requiredPowerKw).toBeGreaterThan(0);
    // the big tractor's hitch is not the small seeder's: planning never pairs them
    expect(seeder.planning.hitchTypes.some((x) => big.planning.hitchTypes.includes(x))).toBe(false);

    const before = (await model('雷沃', '谷神 GN70')).updatedAt;
    await ensureCatalog(h.db);
    expect((await model('雷沃', '谷神 GN70')).updatedAt).toEqual(before);
  });
});
