import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAttachment, ZListAttachmentsResponse, ZPhotoSettings, type TAttachment } from '@amms/contracts/attachments';
import { call, createOrg, login, startApp, type Harness, type TestOrg } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { attachmentTargets, machineRow } from './support/world.js';
import { uploadFile } from './fake-recognition.js';
import { textManual, upload as uploadManual } from './knowledge/fixtures.js';
import { BlobRefsRepository } from '../src/platform/storage/blob-refs.repository.js';
import type { PrismaService } from '../src/platform/prisma/prisma.service.js';

let h: Harness;
let a: TestOrg;
let b: TestOrg;
let storage: string;
const t = {} as Record<'OWNER' | 'ADMIN' | 'OPERATOR' | 'MECHANIC' | 'ACCOUNTANT' | 'VIEWER' | 'B_OWNER', string>;
let woId: string;
let docId: string;

const del = (token: string, org: string, id: string) =>
  call(h.base, 'DELETE', orgPath(org, `/attachments/${id}`), { token });
const list = async (token: string, rest: string) => {
  const r = await call(h.base, 'GET', orgPath(a.id, rest), { token });
  expectStatus(r, 200);
  return ZListAttachmentsResponse.parse(r.body).items.map((i) => i.id);
};
const blobPath = (sha256: string) => path.join(storage, 'sha256', sha256.slice(0, 2), sha256);
const thumbPath = (sha256: string) => path.join(storage, 'thumbs', sha256.slice(0, 2), `${sha256}.jpg`);

/** A JPEG no other test uploads (its own colour), so its blob is this test's alone. */
async function uniqueJpeg(gps = false): Promise<Buffer> {
  const colour = `#${randomUUID().slice(0, 6)}`;
  const img = sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg();
  if (gps)
    img.withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 0/1' },
    });
  return img.toBuffer();
}

async function upload(token: string, rest: string, bytes: Buffer, name = 'p.jpg'): Promise<TAttachment> {
  const r = await uploadFile(h.base, orgPath(a.id, rest), token, { bytes, name });
  expectStatus(r, 201);
  return ZAttachment.parse(r.body);
}

beforeAll(async () => {
  storage = mkdtempSync(path.join(tmpdir(), 'amms-att-del-'));
  h = await startApp({ STORAGE_DIR: storage });
  a = await createOrg(h.db, 'attdel');
  b = await createOrg(h.db, 'attdelb');
  for (const role of ['OWNER', 'ADMIN', 'OPERATOR', 'MECHANIC', 'ACCOUNTANT', 'VIEWER'] as const)
    t[role] = (await login(h.base, a.users[role].email)).accessToken;
  t.B_OWNER = (await login(h.base, b.users.OWNER.email)).accessToken;
  ({ woId, docId } = await attachmentTargets(h, a, t, await machineRow(h.db, a.id, 'Tractor'), 'Cracked mirror'));
});
afterAll(async () => {
  await h?.close();
  if (storage) rmSync(storage, { recursive: true, force: true });
});

describe('DELETE /attachments/:id', () => {
  it('the reporter deletes a photo: gone from the list, audited, bytes removed; again → 404', async () => {
    const photo = await upload(t.OPERATOR, `/work-orders/${woId}/attachments`, await uniqueJpeg());
    expect(existsSync(blobPath(photo.sha256))).toBe(true);
    expect(existsSync(thumbPath(photo.sha256))).toBe(true);

    const r = await del(t.OPERATOR, a.id, photo.id);
    expectStatus(r, 204);
    expect(await list(t.OWNER, `/work-orders/${woId}/attachments`)).not.toContain(photo.id);
    expect(existsSync(blobPath(photo.sha256))).toBe(false);
    expect(existsSync(thumbPath(photo.sha256))).toBe(false);
    const audit = await h.db.auditEvent.findFirst({
      where: { organizationId: a.id, action: 'attachment.removed', entityId: woId },
      orderBy: { createdAt: 'desc' },
    });
    expect(audit?.data).toMatchObject({ attachmentId: photo.id, sha256: photo.sha256 });

    expectError(await del(t.OPERATOR, a.id, photo.id), 404, 'NOT_FOUND');
    const download = await fetch(`${h.base}${orgPath(a.id, `/attachments/${photo.id}`)}`, {
      headers: { authorization: `Bearer ${t.OWNER}` },
    });
    expect(download.status).toBe(404);
  });

  it('bytes shared with another attachment stay until the last one goes', async () => {
    const bytes = await uniqueJpeg();
    const first = await upload(t.OWNER, `/work-orders/${woId}/attachments`, bytes);
    const second = await upload(t.ACCOUNTANT, `/cost-documents/${docId}/attachments`, bytes);
    expect(second.sha256).toBe(first.sha256);

    expectStatus(await del(t.OWNER, a.id, first.id), 204);
    expect(existsSync(blobPath(first.sha256))).toBe(true);
    const still = await fetch(`${h.base}${orgPath(a.id, `/attachments/${second.id}`)}`, {
      headers: { authorization: `Bearer ${t.ACCOUNTANT}` },
    });
    expect(still.status).toBe(200);

    expectStatus(await del(t.ACCOUNTANT, a.id, second.id), 204);
    expect(existsSync(blobPath(first.sha256))).toBe(false);
  });

  it('deleting a manual keeps the bytes an attachment holds (one blob store for both)', async () => {
    const pdf = textManual([`Receipt and manual at once ${randomUUID()}`]);
    const receipt = await uploadFile(h.base, orgPath(a.id, `/cost-documents/${docId}/attachments`), t.ACCOUNTANT, {
      bytes: pdf,
      name: 'receipt.pdf',
      type: 'application/pdf',
    });
    expectStatus(receipt, 201);
    const manual = await uploadManual(h.base, t.OWNER, orgPath(a.id, '/documents'), pdf, {
      title: 'Same bytes',
      language: 'en',
    });
    expectStatus(manual, 201);
    const sha = ZAttachment.parse(receipt.body).sha256;

    expectStatus(
      await call(
        h.base,
        'DELETE',
        orgPath(a.id, `/documents/${(manual.body as { document: { id: string } }).document.id}`),
        {
          token: t.OWNER,
        },
      ),
      204,
    );
    expect(existsSync(blobPath(sha))).toBe(true);
    const still = await fetch(`${h.base}${orgPath(a.id, `/attachments/${ZAttachment.parse(receipt.body).id}`)}`, {
      headers: { authorization: `Bearer ${t.ACCOUNTANT}` },
    });
    expect(still.status).toBe(200);
    expect(Buffer.from(await still.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('a delete waits for the blob’s lock: an upload that references the bytes meanwhile keeps them', async () => {
    const photo = await upload(t.OWNER, `/work-orders/${woId}/attachments`, await uniqueJpeg());
    const row = (await h.db.attachment.findUnique({ where: { id: photo.id } }))!;
    const refs = new BlobRefsRepository({ client: h.db } as PrismaService);
    let deleted: ReturnType<typeof del> | undefined;
    // an upload of the same bytes holds the lock (it found them stored) and commits its row after the delete's
    await h.db.$transaction(
      async (tx) => {
        await refs.lock(tx, photo.sha256);
        deleted = del(t.OWNER, a.id, photo.id);
        // the delete removed its row, and now waits for the lock before it decides about the bytes
        for (let i = 0; i < 100 && (await h.db.attachment.findUnique({ where: { id: photo.id } })); i++)
          await new Promise((r) => setTimeout(r, 100));
        await new Promise((r) => setTimeout(r, 300));
        const { id: _id, createdAt: _at, ...copy } = row;
        await tx.attachment.create({ data: { ...copy, id: randomUUID(), fileName: 'same-bytes.jpg' } });
      },
      { timeout: 30_000 },
    );
    expectStatus(await deleted!, 204);
    expect(existsSync(blobPath(photo.sha256))).toBe(true);
    expect(existsSync(thumbPath(photo.sha256))).toBe(true);
  });

  it('who may: another org → 404, a read-only role → 403, read without write → 403, no read → 404', async () => {
    const photo = await upload(t.OPERATOR, `/work-orders/${woId}/attachments`, await uniqueJpeg());
    const receipt = await upload(t.ACCOUNTANT, `/cost-documents/${docId}/attachments`, await uniqueJpeg());

    expectError(await del(t.B_OWNER, b.id, photo.id), 404, 'NOT_FOUND');
    expectError(await del(t.B_OWNER, a.id, photo.id), 404, 'NOT_FOUND');
    expectError(await del(t.VIEWER, a.id, photo.id), 403, 'FORBIDDEN');
    // the accountant reads work orders but does not write them
    expectError(await del(t.ACCOUNTANT, a.id, photo.id), 403, 'FORBIDDEN');
    // the mechanic writes work orders but cannot see cost documents at all
    expectError(await del(t.MECHANIC, a.id, receipt.id), 404, 'NOT_FOUND');
    expectError(await del(t.OWNER, a.id, randomUUID()), 404, 'NOT_FOUND');
    expectError(await del(t.OWNER, a.id, 'not-a-uuid'), 400, 'VALIDATION_FAILED');

    expect(await list(t.OWNER, `/work-orders/${woId}/attachments`)).toContain(photo.id);
    expect(await list(t.ACCOUNTANT, `/cost-documents/${docId}/attachments`)).toContain(receipt.id);
  });

  it('a closed work order and an approved cost document keep their files → 409 ATTACHMENT_LOCKED', async () => {
    const photo = await upload(t.OPERATOR, `/work-orders/${woId}/attachments`, await uniqueJpeg());
    const receipt = await upload(t.ACCOUNTANT, `/cost-documents/${docId}/attachments`, await uniqueJpeg());
    await h.db.workOrder.update({ where: { id: woId }, data: { status: 'CLOSED' } });
    await h.db.costDocument.update({ where: { id: docId }, data: { status: 'APPROVED' } });
    try {
      const r = await del(t.OWNER, a.id, photo.id);
      expectError(r, 409, 'ATTACHMENT_LOCKED');
      expect(r.body.error.details).toMatchObject({ ownerType: 'WORK_ORDER', status: 'CLOSED' });
      expectError(await del(t.ACCOUNTANT, a.id, receipt.id), 409, 'ATTACHMENT_LOCKED');
      expect(existsSync(blobPath(photo.sha256))).toBe(true);
      expect(await list(t.OWNER, `/work-orders/${woId}/attachments`)).toContain(photo.id);
    } finally {
      await h.db.workOrder.update({ where: { id: woId }, data: { status: 'OPEN' } });
      await h.db.costDocument.update({ where: { id: docId }, data: { status: 'DRAFT' } });
    }
  });
});

describe('photo-settings (keepPhotoLocation)', () => {
  const settings = (token: string, org = a.id) => call(h.base, 'GET', orgPath(org, '/photo-settings'), { token });
  const patch = (token: string, body: unknown, org = a.id) =>
    call(h.base, 'PATCH', orgPath(org, '/photo-settings'), { token, body });

  it('off by default; only owners and admins change it; audited; new photos then keep their GPS', async () => {
    const r = await settings(t.OPERATOR);
    expectStatus(r, 200);
    expect(ZPhotoSettings.parse(r.body)).toEqual({ keepPhotoLocation: false });

    expectError(await patch(t.OPERATOR, { keepPhotoLocation: true }), 403, 'FORBIDDEN');
    expectError(await patch(t.ACCOUNTANT, { keepPhotoLocation: true }), 403, 'FORBIDDEN');
    expectError(await patch(t.ADMIN, { keepPhotoLocation: 'yes' }), 400, 'VALIDATION_FAILED');
    expectError(await patch(t.ADMIN, { keepPhotoLocation: true, extra: 1 }), 400, 'VALIDATION_FAILED');

    const on = await patch(t.ADMIN, { keepPhotoLocation: true });
    expectStatus(on, 200);
    expect(on.body).toEqual({ keepPhotoLocation: true });
    expect((await settings(t.VIEWER)).body).toEqual({ keepPhotoLocation: true });
    // another org is untouched, and its owner cannot change this one
    expect((await settings(t.B_OWNER, b.id)).body).toEqual({ keepPhotoLocation: false });
    expectError(await patch(t.B_OWNER, { keepPhotoLocation: false }), 404, 'NOT_FOUND');

    const audits = await h.db.auditEvent.findMany({
      where: { organizationId: a.id, action: 'org.photo_settings_updated' },
    });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.data).toMatchObject({ before: { keepPhotoLocation: false }, after: { keepPhotoLocation: true } });
    // the same value again changes nothing and audits nothing
    expectStatus(await patch(t.OWNER, { keepPhotoLocation: true }), 200);
    expect(await h.db.auditEvent.count({ where: { organizationId: a.id, action: 'org.photo_settings_updated' } })).toBe(
      1,
    );

    const kept = await upload(t.OPERATOR, `/work-orders/${woId}/attachments`, await uniqueJpeg(true));
    expect(kept.locationKept).toBe(true);

    expectStatus(await patch(t.OWNER, { keepPhotoLocation: false }), 200);
    const stripped = await upload(t.OPERATOR, `/work-orders/${woId}/attachments`, await uniqueJpeg(true));
    expect(stripped.locationKept).toBe(false);
  });
});
