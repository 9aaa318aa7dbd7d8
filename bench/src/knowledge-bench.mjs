// `npm run bench:knowledge`: knowledge figures, not pass/fail.
//  1. ingestion speed: a text-only PDF (pdf-lib, KB_TEXT_PAGES pages) and an image-only PDF (the
//     demo manuals' scanned pages, KB_OCR_PAGES pages) uploaded over HTTP; upload → READY time of
//     the worker → pages per minute, text and OCR separately;
//  2. answer and search latency (p50/p95, one request at a time) with KB_PAGES (10,000) indexed
//     pages visible to the org: the ingested demo manuals are cloned in SQL into the org (pages and
//     chunks with their tsvectors; generating 10,000 pages cheaply instead of OCR-ing them).
// Own database (amms_bench_knowledge), own worker and API on loopback, a real login.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pg from 'pg';
import { Blob } from 'node:buffer';
import { ROOT, login, quantile, start, step, stopAll, waitReady, waitUp } from './knowledge-lib.mjs';

const DB_NAME = process.env.KB_DB ?? 'amms_bench_knowledge';
const DATABASE_URL = `postgresql://postgres@127.0.0.1:5432/${DB_NAME}`;
const REDIS_URL = process.env.KB_REDIS_URL ?? 'redis://127.0.0.1:6379/6';
const STORAGE_DIR = path.join(ROOT, 'data', `storage-${DB_NAME}`);
const PORT = 3208;
const TEXT_PAGES = Number(process.env.KB_TEXT_PAGES ?? 60);
const OCR_PAGES = Number(process.env.KB_OCR_PAGES ?? 6);
const TARGET_PAGES = Number(process.env.KB_PAGES ?? 10_000);
const set = JSON.parse(readFileSync(path.join(ROOT, 'bench/knowledge/questions.json'), 'utf8'));

const WORDS =
  'engine hydraulic pump filter coolant radiator belt tensioner valve clearance gearbox axle hub bearing seal hose coupler sensor harness fuse relay battery alternator starter injector nozzle boom section pressure flow rate sieve concave rotor auger elevator header reel knife guard chain sprocket'.split(
    ' ',
  );

/** A text-only manual of n pages with varied sentences (seeded, so the same file every run). */
async function textPdf(n) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let p = 1; p <= n; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Bench workshop manual — section ${Math.ceil(p / 5)}.${((p - 1) % 5) + 1}`, {
      x: 60,
      y: 780,
      size: 13,
      font,
    });
    for (let l = 0; l < 40; l++) {
      const line = Array.from({ length: 12 }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
      page.drawText(`${line} ${Math.floor(rnd() * 900 + 100)} Nm.`, { x: 60, y: 750 - l * 16, size: 10, font });
    }
    page.drawText(String(p), { x: 290, y: 40, size: 9, font });
  }
  return doc.save();
}

/** An image-only PDF: the demo manuals' scanned pages, repeated to n pages. */
async function ocrPdf(n) {
  const out = await PDFDocument.create({ updateMetadata: false });
  const sources = [];
  for (const [key, d] of Object.entries(set.documents)) {
    const src = await PDFDocument.load(readFileSync(path.join(ROOT, 'apps/api/fixtures/manuals', d.fileName)));
    for (const p of d.scannedPages) sources.push({ src, index: p - 1, key });
  }
  for (let i = 0; i < n; i++) {
    const s = sources[i % sources.length];
    const [page] = await out.copyPages(s.src, [s.index]);
    out.addPage(page);
  }
  return out.save();
}

async function timeIngestion(owner, label, bytes, pages) {
  const form = new globalThis.FormData();
  form.append('title', `bench ${label}`);
  form.append('language', 'en');
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), `bench-${label}.pdf`);
  const t0 = Date.now();
  const res = await fetch(`${owner.base}/api/v1/orgs/${owner.orgId}/documents`, {
    method: 'POST',
    headers: { authorization: owner.headers.authorization },
    body: form,
  });
  if (!res.ok) throw new Error(`upload ${label}: ${res.status} ${await res.text()}`);
  const { document } = await res.json();
  for (;;) {
    const d = await owner.get(`/documents/${document.id}`);
    if (d.latestVersion.status === 'READY' || d.latestVersion.status === 'FAILED') {
      const s = (Date.now() - t0) / 1000;
      console.log(
        `  ${label.padEnd(10)} ${String(pages).padStart(4)} pages  ${s.toFixed(1).padStart(6)} s  ${((pages / s) * 60).toFixed(1).padStart(7)} pages/min  ${d.latestVersion.status} ocr pages ${d.latestVersion.ocrPages.length}${d.latestVersion.warnings.length ? ` (${d.latestVersion.warnings.join('; ')})` : ''}`,
      );
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Clones the READY platform manuals into the org until it sees `target` pages (ids derived with md5: re-runnable). */
async function clonePages(orgId, target) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const { rows } = await db.query(
    `SELECT coalesce(sum(v."pageCount"), 0)::int AS pages FROM "Document" d JOIN "DocumentVersion" v ON v.id = d."currentVersionId" WHERE d."organizationId" IS NULL`,
  );
  const per = rows[0].pages;
  const have = (
    await db.query(
      `SELECT coalesce(sum(v."pageCount"), 0)::int AS pages FROM "Document" d JOIN "DocumentVersion" v ON v.id = d."currentVersionId" WHERE d."organizationId" = $1`,
      [orgId],
    )
  ).rows[0].pages;
  const copies = Math.max(0, Math.ceil((target - per - have) / per));
  const t0 = Date.now();
  const src = `FROM "Document" d JOIN "DocumentVersion" v ON v.id = d."currentVersionId", generate_series(1, ${copies}) n WHERE d."organizationId" IS NULL`;
  // md5-derived ids (re-runnable), shaped as RFC 4122 v4 so the API's contracts accept them
  await db.query(
    `CREATE FUNCTION pg_temp.bid(t text) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$ SELECT overlay(overlay(md5(t) placing '4' from 13) placing '8' from 17)::uuid $$`,
  );
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO "Document" (id, "organizationId", title, language, "createdAt", "updatedAt") SELECT pg_temp.bid(d.id::text || n), $1, d.title || ' · copy ' || n, d.language, now(), now() ${src}`,
    [orgId],
  );
  await db.query(
    `INSERT INTO "DocumentVersion" (id, "documentId", "organizationId", "versionNumber", status, "fileName", "sizeBytes", sha256, "pageCount", "ocrPages", warnings, "readyAt") SELECT pg_temp.bid(v.id::text || n), pg_temp.bid(d.id::text || n), $1, 1, 'READY', v."fileName", v."sizeBytes", encode(sha256(convert_to(v.sha256 || n, 'UTF8')), 'hex'), v."pageCount", v."ocrPages", v.warnings, now() ${src}`,
    [orgId],
  );
  await db.query(
    `UPDATE "Document" d SET "currentVersionId" = pg_temp.bid(src."currentVersionId"::text || n) FROM "Document" src, generate_series(1, ${copies}) n WHERE src."organizationId" IS NULL AND d.id = pg_temp.bid(src.id::text || n)`,
  );
  await db.query(
    `INSERT INTO "DocumentPage" ("versionId", page, label, text, ocr, "noText") SELECT pg_temp.bid(v.id::text || n), p.page, p.label, p.text, p.ocr, p."noText" FROM "DocumentPage" p JOIN "DocumentVersion" v ON v.id = p."versionId" JOIN "Document" d ON d."currentVersionId" = v.id, generate_series(1, ${copies}) n WHERE d."organizationId" IS NULL`,
  );
  await db.query(
    `INSERT INTO "DocumentChunk" (id, "versionId", "documentId", "organizationId", ordinal, "parentId", "pageStart", "pageEnd", section, text, tokens, tsv, embedding)
    SELECT pg_temp.bid(c.id::text || n), pg_temp.bid(c."versionId"::text || n), pg_temp.bid(c."documentId"::text || n), $1, c.ordinal, CASE WHEN c."parentId" IS NULL THEN NULL ELSE pg_temp.bid(c."parentId"::text || n) END, c."pageStart", c."pageEnd", c.section, c.text, c.tokens, c.tsv, c.embedding
    FROM "DocumentChunk" c JOIN "Document" d ON d."currentVersionId" = c."versionId", generate_series(1, ${copies}) n WHERE d."organizationId" IS NULL`,
    [orgId],
  );
  await db.query('COMMIT');
  await db.query('ANALYZE "DocumentChunk"; ANALYZE "DocumentPage"');
  const total = (
    await db.query(
      `SELECT coalesce(sum(v."pageCount"), 0)::int AS pages, count(*)::int AS docs FROM "Document" d JOIN "DocumentVersion" v ON v.id = d."currentVersionId" WHERE d."organizationId" = $1 OR d."organizationId" IS NULL`,
      [orgId],
    )
  ).rows[0];
  const chunks = (await db.query('SELECT count(*)::int AS n FROM "DocumentChunk"')).rows[0].n;
  await db.end();
  console.log(
    `  cloned ${copies} copies of the demo manuals in ${((Date.now() - t0) / 1000).toFixed(1)} s: the org sees ${total.pages} pages in ${total.docs} documents (${chunks} chunks)`,
  );
}

async function latency(client, label, fn) {
  const ms = [];
  for (const q of set.questions) {
    const t0 = performance.now();
    await fn(q.question);
    ms.push(performance.now() - t0);
  }
  console.log(
    `  ${label.padEnd(28)} n=${ms.length}  p50 ${quantile(ms, 0.5).toFixed(0).padStart(5)} ms  p95 ${quantile(ms, 0.95).toFixed(0).padStart(5)} ms  max ${Math.max(
      ...ms,
    )
      .toFixed(0)
      .padStart(5)} ms`,
  );
}

try {
  console.log(`AMMS bench:knowledge — database ${DB_NAME}\n\npreparing:`);
  spawnSync('dropdb', ['-h', '127.0.0.1', '-U', 'postgres', '--if-exists', '--force', DB_NAME], { stdio: 'ignore' });
  rmSync(STORAGE_DIR, { recursive: true, force: true });
  step('createdb', process.execPath, ['packages/db/dist/migrator/cli.js', 'createdb'], { DATABASE_URL });
  step('migrate', process.execPath, ['packages/db/dist/migrator/cli.js', 'migrate'], { DATABASE_URL });
  const env = {
    DATABASE_URL,
    REDIS_URL,
    STORAGE_DIR,
    LOG_LEVEL: 'warn',
    EMBEDDINGS_BASE_URL: undefined,
    EMBEDDINGS_MODEL: undefined,
    // the worker refuses to start without it outside development, as the API does
    JWT_ACCESS_SECRET: process.env.JWT_ACCESS_SECRET ?? 'bench-secret-bench-secret-bench-secret-01',
  };
  step('seed (demo orgs + manuals)', process.execPath, ['apps/api/dist/seed/main.js'], env);
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  const base = `http://127.0.0.1:${PORT}`;
  start('worker', ['apps/api/dist/worker.js'], env);
  start('api', ['apps/api/dist/main.js'], {
    ...env,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    NODE_ENV: 'production',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  });
  await waitUp(base);
  const owner = { base, ...(await login(base, 'owner@green-valley.demo', 'green-valley')) };
  const t0 = Date.now();
  await waitReady(owner, Object.keys(set.documents).length);
  console.log(
    `  demo manuals ingested (${Object.values(set.documents).reduce((a, d) => a + d.pageCount, 0)} pages, ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );

  console.log('\ningestion (upload → READY, one document at a time):');
  await timeIngestion(owner, 'text', await textPdf(TEXT_PAGES), TEXT_PAGES);
  await timeIngestion(owner, 'ocr', await ocrPdf(OCR_PAGES), OCR_PAGES);

  console.log(
    `\nlatency with ${TARGET_PAGES} indexed pages (sequential requests, the ${set.questions.length} evaluation questions):`,
  );
  await clonePages(owner.orgId, TARGET_PAGES);
  const mech = await login(base, 'mechanic@green-valley.demo', 'green-valley');
  await latency(mech, 'POST /knowledge/search', (q) => mech.post('/knowledge/search', { query: q, limit: 10 }));
  await latency(mech, 'POST /knowledge/answers', (q) => mech.post('/knowledge/answers', { question: q }));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  stopAll();
  process.exit();
}
