import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAttachment, ZListAttachmentsResponse, type TAttachment } from '@amms/contracts/attachments';
import { call, createOrg, login, startApp, type Harness, type TestOrg } from './harness.js';
import { attachmentTargets, machineRow, orgApi } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { uploadFile } from './fake-recognition.js';

// small limits so the size tests send little: photos ≤ 200 KB, PDFs ≤ 400 KB
const IMAGE_MAX = 200_000;
const PDF_MAX = 400_000;

let h: Harness;
let a: TestOrg;
let b: TestOrg;
const t = {} as Record<'OWNER' | 'OPERATOR' | 'MECHANIC' | 'ACCOUNTANT' | 'VIEWER' | 'B_OWNER', string>;
let woId: string;
let docId: string;
let assetId: string;

const { get } = orgApi(() => h);
const up = (token: string, org: string, rest: string, file: { bytes: Buffer; name: string }, headers = {}) =>
  uploadFile(h.base, orgPath(org, rest), token, file, headers);

/** A JPEG with EXIF: camera make, and a GPS block (Beijing). */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'AMMS-TestCam', Model: 'Field' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 0/1' },
    })
    .toBuffer();
}

/** Whether EXIF holds a GPS IFD pointer (tag 0x8825, either byte order). */
const hasGps = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

const pdfBytes = (size = 600) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20), Buffer.from('\n%%EOF\n')]);
};

async function download(token: string, org: string, id: string, thumbnail = false) {
  const res = await fetch(`${h.base}${orgPath(org, `/attachments/${id}${thumbnail ? '?thumbnail=1' : ''}`)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  h = await startApp({ ATTACHMENT_MAX_IMAGE_BYTES: String(IMAGE_MAX), ATTACHMENT_MAX_PDF_BYTES: String(PDF_MAX) });
  a = await createOrg(h.db, 'att');
  b = await createOrg(h.db, 'attb');
  for (const role of ['OWNER', 'OPERATOR', 'MECHANIC', 'ACCOUNTANT', 'VIEWER'] as const)
    t[role] = (await login(h.base, a.users[role].email)).accessToken;
  t.B_OWNER = (await login(h.base, b.users.OWNER.email)).accessToken;
  assetId = await machineRow(h.db, a.id, 'Tractor');
  ({ woId, docId } = await attachmentTargets(h, a, t, assetId, 'Hydraulic leak'));
});
afterAll(() => h?.close());

describe('uploads: type by content, EXIF, thumbnail', () => {
  let photo: TAttachment;

  it('a photo on a work order loses its EXIF and GPS and gets a thumbnail', async () => {
    const jpeg = await jpegWithGps();
    expect(hasGps((await sharp(jpeg).metadata()).exif)).toBe(true);
    const r = await up(t.OPERATOR, a.id, `/work-orders/${woId}/attachments`, { bytes: jpeg, name: 'leak.JPG' });
    expectStatus(r, 201);
    photo = ZAttachment.parse(r.body);
    expect(photo).toMatchObject({
      ownerType: 'WORK_ORDER',
      ownerId: woId,
      contentType: 'image/jpeg',
      fileName: 'leak.jpg',
      width: 640,
      height: 480,
      hasThumbnail: true,
      locationKept: false,
    });
    const file = await download(t.OWNER, a.id, photo.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toContain('filename="leak.jpg"');
    const meta = await sharp(file.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(file.bytes.includes(Buffer.from('AMMS-TestCam'))).toBe(false);
    expect(meta.width).toBe(640);

    const thumb = await download(t.OWNER, a.id, photo.id, true);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const tm = await sharp(thumb.bytes).metadata();
    expect(Math.max(tm.width!, tm.height!)).toBe(320);
    expect(tm.exif).toBeUndefined();
  });

  it('keeps EXIF with GPS when the org keeps location', async () => {
    await h.db.organization.update({ where: { id: a.id }, data: { keepPhotoLocation: true } });
    try {
      const r = await up(t.OWNER, a.id, `/work-orders/${woId}/attachments`, {
        bytes: await jpegWithGps(),
        name: 'g.jpg',
      });
      expectStatus(r, 201);
      const att = ZAttachment.parse(r.body);
      expect(att.locationKept).toBe(true);
      const file = await download(t.OWNER, a.id, att.id);
      expect(hasGps((await sharp(file.bytes).metadata()).exif)).toBe(true);
    } finally {
      await h.db.organization.update({ where: { id: a.id }, data: { keepPhotoLocation: false } });
    }
  });

  it('types by content: PDF bytes named .jpg are a PDF (refused on a work order, a receipt on a cost document)', async () => {
    const file = { bytes: pdfBytes(), name: 'photo.jpg' };
    const onWo = await up(t.OWNER, a.id, `/work-orders/${woId}/attachments`, file);
    expectError(onWo, 415, 'FILE_TYPE_NOT_ALLOWED');
    expect(onWo.body.error.details).toMatchObject({ detected: 'application/pdf' });
    const onDoc = await up(t.ACCOUNTANT, a.id, `/cost-documents/${docId}/attachments`, file);
    expectStatus(onDoc, 201);
    expect(onDoc.body).toMatchObject({ contentType: 'application/pdf', fileName: 'photo.pdf', hasThumbnail: false });
    const dl = await download(t.ACCOUNTANT, a.id, onDoc.body.id);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.bytes.equals(file.bytes)).toBe(true);
    expect((await download(t.ACCOUNTANT, a.id, onDoc.body.id, true)).status).toBe(404);
  });

  it('refuses an exe renamed .png, an SVG, and a JPEG that does not decode', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
    expectError(
      await up(t.OWNER, a.id, `/work-orders/${woId}/attachments`, { bytes: exe, name: 'x.png' }),
      415,
      'FILE_TYPE_NOT_ALLOWED',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectError(
      await up(t.ACCOUNTANT, a.id, `/cost-documents/${docId}/attachments`, { bytes: svg, name: 'r.png' }),
      415,
      'FILE_TYPE_NOT_ALLOWED',
    );
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]);
    expectError(
      await up(t.OWNER, a.id, `/work-orders/${woId}/attachments`, { bytes: broken, name: 'b.jpg' }),
      422,
      'IMAGE_UNREADABLE',
    );
  });

  it('limits size per type: 413 with the limit', async () => {
    const bigJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(IMAGE_MAX + 10)]);
    const r1 = await up(t.OWNER, a.id, `/work-orders/${woId}/attachments`, { bytes: bigJpeg, name: 'big.jpg' });
    expectError(r1, 413, 'PAYLOAD_TOO_LARGE');
    expect(r1.body.error.details).toEqual({ maxBytes: IMAGE_MAX });
    // the same bytes on a cost document: past the image limit, under the PDF one → still 413 (it is an image)
    const r2 = await up(t.ACCOUNTANT, a.id, `/cost-documents/${docId}/attachments`, {
      bytes: bigJpeg,
      name: 'big.jpg',
    });
    expectError(r2, 413, 'PAYLOAD_TOO_LARGE');
    // a PDF between the two limits is fine, one past the PDF limit is not
    const mid = await up(t.ACCOUNTANT, a.id, `/cost-documents/${docId}/attachments`, {
      bytes: pdfBytes(IMAGE_MAX + 50_000),
      name: 'i.pdf',
    });
    expectStatus(mid, 201);
    const big = await up(t.ACCOUNTANT, a.id, `/cost-documents/${docId}/attachments`, {
      bytes: pdfBytes(PDF_MAX + 10),
      name: 'i.pdf',
    });
    expectError(big, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('Idempotency-Key: a replayed upload answers the first attachment and stores one row', async () => {
    const key = randomUUID();
    const file = { bytes: await jpegWithGps(), name: 'replay.jpg' };
    const first = await up(t.OPERATOR, a.id, `/work-orders/${woId}/attachments`, file, { 'idempotency-key': key });
    expectStatus(first, 201);
    const again = await up(t.OPERATOR, a.id, `/work-orders/${woId}/attachments`, file, { 'idempotency-key': key });
    expectStatus(again, 201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(await h.db.attachment.count({ where: { workOrderId: woId, fileName: 'replay.jpg' } })).toBe(1);
  });

  it('lists on the owner and on its single answer; audits the upload', async () => {
    const list = await get(t.OWNER, a.id, `/work-orders/${woId}/attachments`);
    expectStatus(list, 200);
    const items = ZListAttachmentsResponse.parse(list.body).items;
    expect(items.map((i) => i.id)).toContain(photo.id);
    const detail = await get(t.OPERATOR, a.id, `/work-orders/${woId}`);
    expect(detail.body.attachments.map((i: TAttachment) => i.id)).toContain(photo.id);
    const doc = await get(t.ACCOUNTANT, a.id, `/cost-documents/${docId}`);
    expect(doc.body.attachments.length).toBeGreaterThan(0);
    const events = await h.db.auditEvent.findMany({ where: { organizationId: a.id, action: 'attachment.added' } });
    expect(
      events.some((e) => e.entityId === woId && (e.data as { attachmentId?: string }).attachmentId === photo.id),
    ).toBe(true);
  });

  describe('access: another org and out of scope are 404', () => {
    it('another org sees nothing', async () => {
      expectError(await get(t.B_OWNER, a.id, `/attachments/${photo.id}`), 404, 'NOT_FOUND');
      expectError(await get(t.B_OWNER, b.id, `/attachments/${photo.id}`), 404, 'NOT_FOUND');
      expectError(await get(t.B_OWNER, b.id, `/work-orders/${woId}/attachments`), 404, 'NOT_FOUND');
      const jpeg = await jpegWithGps();
      expectError(
        await up(t.B_OWNER, b.id, `/work-orders/${woId}/attachments`, { bytes: jpeg, name: 'x.jpg' }),
        404,
        'NOT_FOUND',
      );
    });

    it("the row decides: a mechanic without the machine's team, a mechanic on a receipt, an operator on another's order", async () => {
      // MECHANIC is TEAM-scoped with no team: the order's machine is not theirs
      expectError(await get(t.MECHANIC, a.id, `/attachments/${photo.id}`), 404, 'NOT_FOUND');
      // a cost document's receipt needs cost.read, which a mechanic has not
      const receipt = (await get(t.ACCOUNTANT, a.id, `/cost-documents/${docId}/attachments`)).body
        .items[0] as TAttachment;
      expectError(await get(t.MECHANIC, a.id, `/attachments/${receipt.id}`), 404, 'NOT_FOUND');
      expect((await download(t.VIEWER, a.id, receipt.id)).status).toBe(200);
      // the reporting operator reads their photo; an order they did not report is out of their scope
      expect((await download(t.OPERATOR, a.id, photo.id)).status).toBe(200);
      const other = await call(h.base, 'POST', orgPath(a.id, '/work-orders'), {
        token: t.OWNER,
        body: { type: 'INSPECTION', assetId, title: 'Other' },
      });
      expectStatus(other, 201);
      const mine = await up(t.OWNER, a.id, `/work-orders/${other.body.id}/attachments`, {
        bytes: await jpegWithGps(),
        name: 'o.jpg',
      });
      expectStatus(mine, 201);
      expectError(await get(t.OPERATOR, a.id, `/attachments/${mine.body.id}`), 404, 'NOT_FOUND');
      expectError(
        await up(t.OPERATOR, a.id, `/work-orders/${other.body.id}/attachments`, {
          bytes: await jpegWithGps(),
          name: 'o.jpg',
        }),
        404,
        'NOT_FOUND',
      );
    });

    it('a viewer cannot upload (403), an unknown id is 404', async () => {
      const r = await up(t.VIEWER, a.id, `/cost-documents/${docId}/attachments`, { bytes: pdfBytes(), name: 'r.pdf' });
      expectError(r, 403, 'FORBIDDEN');
      expectError(await get(t.OWNER, a.id, `/attachments/${randomUUID()}`), 404, 'NOT_FOUND');
    });
  });
});
