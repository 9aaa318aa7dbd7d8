import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRecognitionResponse } from '@amms/contracts/attachments';
import { call, createOrg, login, startApp, type Harness, type TestOrg } from './harness.js';
import { tag } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { FakeRecognition, uploadFile } from './fake-recognition.js';

const fake = new FakeRecognition();
let h: Harness;
let plain: Harness; // no RECOGNITION_URL
let org: TestOrg;
let owner: string;
let model: { id: string; manufacturer: string; name: string };
let otherOrgModel: string;

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'AMMS-TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1' } })
    .toBuffer();
}

const recognise = async (harness: Harness, bytes?: Buffer, headers: Record<string, string> = {}) =>
  uploadFile(
    harness.base,
    orgPath(org.id, '/machine-models/recognitions'),
    owner,
    { bytes: bytes ?? (await photo()), name: 'tractor.jpg' },
    headers,
  );

beforeAll(async () => {
  await fake.start();
  h = await startApp({ RECOGNITION_URL: fake.url, RECOGNITION_TIMEOUT_MS: '500', RECOGNITION_MIN_CONFIDENCE: '0.6' });
  plain = await startApp();
  org = await createOrg(h.db, 'rec');
  owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  model = await h.db.machineModel.create({
    data: {
      organizationId: org.id,
      manufacturer: `Dongfeng-${tag()}`,
      name: 'DF-1204',
      kind: 'POWER_UNIT',
      operationTypes: ['TILLAGE'],
    },
  });
  const other = await createOrg(h.db, 'recb');
  otherOrgModel = (
    await h.db.machineModel.create({
      data: {
        organizationId: other.id,
        manufacturer: 'Hidden',
        name: 'X',
        kind: 'POWER_UNIT',
        operationTypes: ['TILLAGE'],
      },
    })
  ).id;
});
afterAll(async () => {
  await h?.close();
  await plain?.close();
  await fake.stop();
});

describe('POST /machine-models/recognitions', () => {
  it('top-K from the service, mapped to the catalog; the photo leaves without EXIF, ≤ 1024 px', async () => {
    fake.reply = {
      modelVersion: 'tractor-net-2026.11',
      candidates: [
        { label: 'unknown harvester', confidence: 0.05 },
        { label: `${model.manufacturer} df 1204`, confidence: 0.91 },
        { machineModelId: otherOrgModel, confidence: 0.99 }, // another org's model: never shown
      ],
    };
    const before = fake.requests.length;
    const r = await recognise(h);
    expectStatus(r, 201);
    const body = ZRecognitionResponse.parse(r.body);
    expect(body.status).toBe('RECOGNISED');
    expect(body.modelVersion).toBe('tractor-net-2026.11');
    expect(body.candidates.map((c) => [c.machineModelId, c.confidence])).toEqual([
      [model.id, 0.91],
      [null, 0.05],
    ]);
    expect(JSON.stringify(body)).not.toContain(otherOrgModel);
    const sent = fake.requests.at(-1)!;
    expect(fake.requests.length).toBe(before + 1);
    expect(sent.contentType).toMatch(/^multipart\/form-data/);
    expect(sent.body.includes(Buffer.from('AMMS-TestCam'))).toBe(false);
    const jpegStart = sent.body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(sent.body.subarray(jpegStart)).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1024);

    // the person picks the first candidate: the asset records the recognition, its version and confidence
    const asset = await call(h.base, 'POST', orgPath(org.id, '/assets'), {
      token: owner,
      body: {
        modelId: model.id,
        name: 'From a photo',
        serialNumber: `SN-${tag()}`,
        recognition: { recognitionId: body.recognitionId },
      },
    });
    expectStatus(asset, 201);
    expect(asset.body.recognition).toEqual({
      recognitionId: body.recognitionId,
      modelVersion: 'tractor-net-2026.11',
      confidence: 0.91,
    });
    const audit = await h.db.auditEvent.findFirstOrThrow({
      where: { entityId: asset.body.id, action: 'asset.created' },
    });
    expect(JSON.stringify(audit.data)).toContain('tractor-net-2026.11');
  });

  it('low confidence: candidates shown, status says to search by hand; a model picked by hand records no confidence', async () => {
    fake.reply = { modelVersion: 'v2', candidates: [{ machineModelId: model.id, confidence: 0.3 }] };
    const r = await recognise(h);
    expectStatus(r, 201);
    expect(r.body).toMatchObject({ status: 'LOW_CONFIDENCE', minConfidence: 0.6 });
    expect(r.body.candidates[0]).toMatchObject({ machineModelId: model.id, confidence: 0.3 });
    const other = await h.db.machineModel.create({
      data: {
        organizationId: org.id,
        manufacturer: `M-${tag()}`,
        name: 'Manual',
        kind: 'POWER_UNIT',
        operationTypes: ['TILLAGE'],
      },
    });
    const asset = await call(h.base, 'POST', orgPath(org.id, '/assets'), {
      token: owner,
      body: {
        modelId: other.id,
        name: 'Picked by hand',
        serialNumber: `SN-${tag()}`,
        recognition: { recognitionId: r.body.recognitionId },
      },
    });
    expectStatus(asset, 201);
    expect(asset.body.recognition).toEqual({
      recognitionId: r.body.recognitionId,
      modelVersion: 'v2',
      confidence: null,
    });
  });

  it('service down, failing or slow → 201 UNAVAILABLE with the manual path, never a 5xx', async () => {
    fake.reply = { status: 503 };
    const failing = await recognise(h);
    expectStatus(failing, 201);
    expect(failing.body).toMatchObject({ status: 'UNAVAILABLE', recognitionId: null, candidates: [] });
    expect(failing.body.message).toMatch(/search the catalog by hand/);
    fake.reply = { delayMs: 3000 };
    const started = Date.now();
    const slow = await recognise(h);
    expect(slow.body.status).toBe('UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(2500);
    fake.reply = { modelVersion: 'v', candidates: [{ confidence: 2 } as never] }; // breaks the contract
    expect((await recognise(h)).body.status).toBe('UNAVAILABLE');
  });

  it('no RECOGNITION_URL → NOT_CONFIGURED, said plainly', async () => {
    const r = await recognise(plain);
    expectStatus(r, 201);
    expect(r.body).toMatchObject({ status: 'NOT_CONFIGURED', recognitionId: null, candidates: [], modelVersion: null });
    expect(r.body.message).toMatch(/not set up/);
  });

  it('refuses what is not a photo, and a recognition of another org', async () => {
    expectError(await recognise(h, Buffer.from('%PDF-1.4\n')), 415, 'FILE_TYPE_NOT_ALLOWED');
    const b = await createOrg(h.db, 'recc');
    const rec = await h.db.machineRecognition.create({
      data: { organizationId: b.id, modelVersion: 'x', candidates: [], photoSha256: 'a'.repeat(64) },
    });
    const asset = await call(h.base, 'POST', orgPath(org.id, '/assets'), {
      token: owner,
      body: { modelId: model.id, name: 'x', serialNumber: `SN-${tag()}`, recognition: { recognitionId: rec.id } },
    });
    expectError(asset, 404, 'NOT_FOUND');
  });
});
