import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAttachment } from '@amms/contracts/attachments';
import { ZDocumentDetail, ZUploadResponse } from '@amms/contracts/knowledge';
import type { TRole } from '@amms/contracts/permissions';
import { call, createOrg, type TestOrg } from './harness.js';
import { expectStatus, loginAll, orgPath } from './assertions.js';
import { uploadFile } from './fake-recognition.js';
import { FakeS3 } from './fake-s3.js';
import { combineManual, upload } from './knowledge/fixtures.js';
import { eventually, knowledgeEnv, type KnowledgeEnv } from './knowledge/env.js';

/**
 * STORAGE_DRIVER=s3 end to end: the app AND the worker process store in the fake S3 (which checks
 * every signature), nothing lands in STORAGE_DIR but the (emptied) staging directory.
 */
const fake = new FakeS3({ pageSize: 2 });
let env: KnowledgeEnv;
let org: TestOrg;
let t: Record<TRole, string>;

const base = () => env.h.base;
const s3Keys = (prefix: string) => [...fake.objects.keys()].filter((k) => k.startsWith(prefix));
/** Files under STORAGE_DIR other than the staging directory (none expected with the s3 driver). */
const localFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

async function fetchBytes(token: string, p: string) {
  const res = await fetch(`${base()}${p}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  await fake.start();
  env = await knowledgeEnv('s3store', fake.env());
  org = await createOrg(env.db, 's3');
  t = await loginAll(base(), org);
}, 120_000);

afterAll(async () => {
  await env?.close();
  await fake.stop();
});

describe('STORAGE_DRIVER=s3', () => {
  it('a knowledge document: uploaded to S3, ingested by the worker from S3, page image cached in S3, deleted from S3', async () => {
    const pdf = combineManual({ coolantStep: `S3 ${randomUUID().slice(0, 6)}` });
    const res = await upload(base(), t.ADMIN, orgPath(org.id, '/documents'), pdf, {
      title: 'S3 manual',
      language: 'zh',
    });
    expectStatus(res, 201);
    const { document, version } = ZUploadResponse.parse(res.body);
    const sha = version.sha256;
    expect(fake.objects.get(`sha256/${sha.slice(0, 2)}/${sha}`)).toEqual(pdf);

    const ready = await eventually(
      () => call(base(), 'GET', orgPath(org.id, `/documents/${document.id}`), { token: t.ADMIN }),
      (d) => d.status === 200 && ['READY', 'FAILED'].includes(ZDocumentDetail.parse(d.body).versions[0]!.status),
      env.log,
      150_000, // a loaded machine ingests slowly
    );
    expect(ZDocumentDetail.parse(ready.body).versions[0]).toMatchObject({ status: 'READY', pageCount: 5 });

    const img = await fetchBytes(
      t.VIEWER,
      orgPath(org.id, `/documents/${document.id}/versions/${version.id}/pages/1/image`),
    );
    expect(img.status).toBe(200);
    expect(img.type).toBe('image/png');
    expect(img.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(s3Keys(`derived/${sha}/`)).toHaveLength(1);
    await fetchBytes(t.VIEWER, orgPath(org.id, `/documents/${document.id}/versions/${version.id}/pages/2/image`));
    await fetchBytes(t.VIEWER, orgPath(org.id, `/documents/${document.id}/versions/${version.id}/pages/3/image`));
    expect(s3Keys(`derived/${sha}/`)).toHaveLength(3);

    expectStatus(await call(base(), 'DELETE', orgPath(org.id, `/documents/${document.id}`), { token: t.ADMIN }), 204);
    expect(s3Keys(`sha256/${sha.slice(0, 2)}/${sha}`)).toEqual([]);
    expect(s3Keys(`derived/${sha}/`)).toEqual([]); // three keys, pages of two: the continuation token was followed
    expect(localFiles(env.storageDir)).toEqual([]);
  }, 180_000);

  it('an attachment: the photo and its thumbnail are stored in S3 and downloaded from it', async () => {
    const model = await env.db.machineModel.create({
      data: {
        organizationId: org.id,
        manufacturer: `M-${randomUUID().slice(0, 8)}`,
        name: 'T',
        kind: 'POWER_UNIT',
        operationTypes: ['TILLAGE'],
      },
    });
    const asset = await env.db.asset.create({
      data: {
        organizationId: org.id,
        modelId: model.id,
        name: 'Tractor',
        serialNumber: `S-${randomUUID().slice(0, 8)}`,
      },
    });
    const wo = await call(base(), 'POST', orgPath(org.id, '/work-orders'), {
      token: t.OWNER,
      body: { type: 'CORRECTIVE', assetId: asset.id, title: 'Cracked mirror' },
    });
    expectStatus(wo, 201);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a37' } })
      .jpeg()
      .toBuffer();
    const r = await uploadFile(base(), orgPath(org.id, `/work-orders/${wo.body.id}/attachments`), t.OWNER, {
      bytes: jpeg,
      name: 'mirror.jpg',
    });
    expectStatus(r, 201);
    const att = ZAttachment.parse(r.body);
    const stored = fake.objects.get(`sha256/${att.sha256.slice(0, 2)}/${att.sha256}`);
    expect(stored?.length).toBe(att.sizeBytes);
    expect(fake.objects.has(`thumbs/${att.sha256.slice(0, 2)}/${att.sha256}.jpg`)).toBe(true);

    const file = await fetchBytes(t.OWNER, orgPath(org.id, `/attachments/${att.id}`));
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/jpeg');
    expect(file.bytes).toEqual(stored);
    const thumb = await fetchBytes(t.OWNER, orgPath(org.id, `/attachments/${att.id}?thumbnail=1`));
    expect(thumb.status).toBe(200);
    expect((await sharp(thumb.bytes).metadata()).width).toBe(320);
    expect(localFiles(env.storageDir)).toEqual([]);
  }, 60_000);

  it('the object store down: a download is an error response, not a truncated file nor a 404', async () => {
    const [a] = await env.db.attachment.findMany({ where: { organizationId: org.id }, take: 1 });
    fake.outage = { status: 503, count: 1, urlIncludes: a!.sha256 }; // this download only, not the worker's reads
    try {
      const res = await fetchBytes(t.OWNER, orgPath(org.id, `/attachments/${a!.id}`));
      expect(res.status).toBe(500);
      expect(res.bytes.toString()).not.toContain(fake.secretAccessKey);
    } finally {
      fake.outage = null;
    }
  });
});
