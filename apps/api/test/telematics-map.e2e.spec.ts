import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ZCreateApiKeyResponse } from '@amms/contracts/api-keys';
import { ZMapFeatures, type TMachineFeature } from '@amms/contracts/geo';
import { call } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { appForFile, assignedJob, fieldWorld, HOUR, machineRow, orgApi } from './support/world.js';

/**
 * The map shows machines where their terminals last reported them (issue #28): a machine with a
 * telematics position is drawn there (positionSource `telematics`), before the field of its
 * current job; one without stays at its job's field (`assignment`); one with neither is not drawn.
 */
const h = appForFile();
vi.setConfig({ testTimeout: 120_000 });
const { get } = orgApi(() => h);

describe('GET /map/features: machines at their last telematics position', () => {
  it('a reported position wins over the job field; without one the job field; with neither, not drawn', async () => {
    const w = await fieldWorld(h, 'tmap', { latitude: 45.7, longitude: 126.6 });
    const now = Date.now();
    await assignedJob(h, w, new Date(now - HOUR), new Date(now + 5 * HOUR));
    const roaming = await machineRow(h.db, w.org.id, 'Roaming sprayer');
    await machineRow(h.db, w.org.id, 'Shed tractor');
    const machines = async () =>
      ZMapFeatures.parse((await get(w.t.DISPATCHER, w.org.id, '/map/features')).body).features.filter(
        (f): f is TMachineFeature => f.properties.kind === 'machine',
      );
    const before = await machines();
    expect(before.map((f) => [f.properties.assetId, f.properties.positionSource])).toEqual([[w.tractor, 'assignment']]);

    const k = await call(h.base, 'POST', orgPath(w.org.id, '/api-keys'), {
      token: w.t.OWNER,
      body: { name: 'gateway', scopes: ['telematics.write'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expectStatus(k, 201);
    const push = await call(h.base, 'POST', orgPath(w.org.id, '/telematics/readings'), {
      apiKey: ZCreateApiKeyResponse.parse(k.body).key,
      body: {
        readings: [
          { assetId: w.tractor, at: new Date(now - 60_000).toISOString(), lat: 45.81, lon: 126.92 },
          { assetId: roaming, at: new Date(now - 120_000).toISOString(), lat: 45.5, lon: 126.4 },
        ],
      },
    });
    expectStatus(push, 200);
    const after = await machines();
    const by = new Map(after.map((f) => [f.properties.assetId, f]));
    expect(after).toHaveLength(2);
    expect(by.get(w.tractor)).toMatchObject({
      geometry: { type: 'Point', coordinates: [126.92, 45.81] },
      properties: { positionSource: 'telematics', fieldId: w.fieldId },
    });
    expect(by.get(roaming)).toMatchObject({
      geometry: { coordinates: [126.4, 45.5] },
      properties: { positionSource: 'telematics', fieldId: null },
    });
  });
});
