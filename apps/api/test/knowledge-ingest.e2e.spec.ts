import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZDocumentDetail,
  ZKnowledgeSearchResponse,
  ZUploadResponse,
  type TDocumentDetail,
} from '@amms/contracts/knowledge';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { buildPdf } from './knowledge/pdf-builder.js';
import { scannedManual, sprayerManualWithScan, textManual, upload } from './knowledge/fixtures.js';
import { eventually, knowledgeEnv, type KnowledgeEnv } from './knowledge/env.js';

/**
 * Ingestion edge cases in the real worker: broken and encrypted files, OCR of image-only pages
 * (tesseract + poppler, installed by .ci/run), OCR missing, and a worker killed mid-document.
 */
let env: KnowledgeEnv;
let org: TestOrg;
let token: string;
const docs = (rest = '') => orgPath(org.id, `/documents${rest}`);

const hasTesseract = (() => {
  try {
    execFileSync('tesseract', ['--version'], { stdio: 'ignore' });
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function uploadAndSettle(pdf: Buffer, title: string): Promise<TDocumentDetail> {
  const res = await upload(env.h.base, token, docs(), pdf, { title, language: 'en' });
  expectStatus(res, 201);
  const id = ZUploadResponse.parse(res.body).document.id;
  const done = await eventually(
    () => call<TDocumentDetail>(env.h.base, 'GET', docs(`/${id}`), { token }),
    (d) =>
      ['READY', 'FAILED'].includes(d.body.latestVersion.status) &&
      (d.body.latestVersion.status === 'FAILED' || d.body.currentVersionId !== null),
    env.log,
    120_000,
  );
  return ZDocumentDetail.parse(done.body);
}

beforeAll(async () => {
  env = await knowledgeEnv('know2', { KNOWLEDGE_INGEST_LEASE_MS: '3000' });
  org = await createOrg(env.db, 'ingest');
  token = (await login(env.h.base, org.users.ADMIN.email)).accessToken;
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('files that cannot be read end FAILED with a clear reason', () => {
  it('a broken PDF', async () => {
    const d = await uploadAndSettle(
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\nthis file was cut off'),
      'broken',
    );
    expect(d.latestVersion).toMatchObject({ status: 'FAILED', failureCode: 'BROKEN_PDF' });
    expect(d.latestVersion.failureReason).toMatch(/cannot be read/);
    expect(d.currentVersionId).toBeNull();
    expectError(
      await call(env.h.base, 'GET', docs(`/${d.id}/versions/${d.latestVersion.id}/pages/1`), { token }),
      409,
      'DOCUMENT_NOT_READY',
    );
    expect(await env.db.documentPage.count({ where: { versionId: d.latestVersion.id } })).toBe(0);
  }, 120_000);

  it('an encrypted PDF', async () => {
    const d = await uploadAndSettle(
      buildPdf([{ lines: [{ text: 'secret service manual' }] }], { encrypt: true }),
      'encrypted',
    );
    expect(d.latestVersion).toMatchObject({ status: 'FAILED', failureCode: 'ENCRYPTED' });
    expect(d.latestVersion.failureReason).toMatch(/password/);
  }, 120_000);
});

describe('OCR', () => {
  it.skipIf(!hasTesseract)(
    'an image-only page is read by OCR and searchable, cited on its page',
    async () => {
      const d = await uploadAndSettle(sprayerManualWithScan('nozzle'), 'Sprayer');
      expect(d.latestVersion.status, JSON.stringify(d.latestVersion)).toBe('READY');
      expect(d.latestVersion.ocrPages).toEqual([2]);
      expect(d.latestVersion.warnings).toEqual([]);
      const page = await call(env.h.base, 'GET', docs(`/${d.id}/versions/${d.latestVersion.id}/pages/2`), { token });
      expect(page.body.ocr).toBe(true);
      expect(page.body.text).toMatch(/Rinse the nozzle filters/i);
      const s = ZKnowledgeSearchResponse.parse(
        (
          await call(env.h.base, 'POST', orgPath(org.id, '/knowledge/search'), {
            token,
            body: { query: 'rinse nozzle filters' },
          })
        ).body,
      );
      expect(s.items[0]).toMatchObject({ documentId: d.id, page: 2 });
    },
    180_000,
  );

  it('without OCR installed, the page is marked and the version is still READY with a warning', async () => {
    // a worker that finds neither tesseract nor pdftoppm on its PATH
    await env.killWorker();
    await env.startWorker({ PATH: '/nonexistent' });
    try {
      const d = await uploadAndSettle(sprayerManualWithScan('no-ocr-here'), 'Sprayer without OCR');
      expect(d.latestVersion.status).toBe('READY');
      expect(d.latestVersion.ocrPages).toEqual([]);
      expect(d.latestVersion.warnings.join(' ')).toMatch(/OCR is not installed.*pages 2 have no text/);
    } finally {
      await env.killWorker();
      await env.startWorker();
    }
  }, 180_000);
});

describe('a worker killed mid-document', () => {
  it.skipIf(!hasTesseract)(
    'resumes after the lease runs out, without repeating stored pages or duplicating anything',
    async () => {
      const res = await upload(env.h.base, token, docs(), scannedManual(5), { title: 'Tyres', language: 'en' });
      expectStatus(res, 201);
      const up = ZUploadResponse.parse(res.body);
      // wait until the worker stored some pages but not all, then SIGKILL it
      await eventually(
        () => env.db.documentPage.count({ where: { versionId: up.version.id } }),
        (n) => n >= 1,
        env.log,
        60_000,
        20,
      );
      await env.killWorker();
      const stored = await env.db.documentPage.count({ where: { versionId: up.version.id } });
      expect(stored).toBeLessThan(5);
      expect((await env.db.documentVersion.findUniqueOrThrow({ where: { id: up.version.id } })).status).toBe(
        'PROCESSING',
      );
      // nothing of a half-read version is searchable
      expect(await env.db.documentChunk.count({ where: { versionId: up.version.id } })).toBe(0);
      await env.startWorker();
      const v = await eventually(
        () => env.db.documentVersion.findUniqueOrThrow({ where: { id: up.version.id } }),
        (x) => x.status === 'READY',
        env.log,
        120_000,
      );
      expect(v.pageCount).toBe(5);
      expect(v.ocrPages).toEqual([1, 2, 3, 4, 5]);
      expect(await env.db.documentPage.count({ where: { versionId: up.version.id } })).toBe(5);
      const chunks = await env.db.documentChunk.findMany({
        where: { versionId: up.version.id },
        select: { ordinal: true },
      });
      expect(new Set(chunks.map((c) => c.ordinal)).size).toBe(chunks.length);
      expect(env.log()).toMatch(new RegExp(`"resumedFrom":${stored}`));
      const s = ZKnowledgeSearchResponse.parse(
        (
          await call(env.h.base, 'POST', orgPath(org.id, '/knowledge/search'), {
            token,
            body: { query: 'tyre pressure 104 kPa' },
          })
        ).body,
      );
      expect(s.items.some((i) => i.documentId === up.document.id && i.page === 5)).toBe(true);
    },
    300_000,
  );
});

it('a plain text PDF of one page stays searchable alongside (sanity for this database)', async () => {
  const d = await uploadAndSettle(
    textManual(['Header height sensor: calibrate after replacing the feeder house.']),
    'Header',
  );
  expect(d.latestVersion.status).toBe('READY');
}, 120_000);
