// `npm run bench:knowledge`: knowledge figures, not pass/fail.
//  1. ingestion speed: a text-only PDF (pdf-lib, KB_TEXT_PAGES pages) and an image-only PDF (the
//     demo manuals' scanned pages, KB_OCR_PAGES pages) uploaded over HTTP; upload → READY time of
//     the worker → pages per minute, text and OCR separately;
//  2. answer and search latency (p50/p95, one request at a time) with KB_PAGES (100,000) indexed
//     pages visible to the org: the ingested demo manuals are cloned in SQL into the org (pages and
//     chunks with their tsvectors; generating 10,000 pages cheaply instead of OCR-ing them).
//  3. answers per second with KB_ASKERS (8) concurrent askers for KB_THROUGHPUT_S seconds.
// Each figure is printed with its target (issue #30). KB_BASELINE_ENTRY measures an older build on
// the same library in the same run (ratios under the same load). Own database
// (amms_bench_knowledge), own worker and API on loopback, a real login.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Blob } from 'node:buffer';
import { clonePages } from './knowledge-clone.mjs';
import { ROOT, login, quantile, start, step, stopAll, waitReady, waitUp } from './knowledge-lib.mjs';

const DB_NAME = process.env.KB_DB ?? 'amms_bench_knowledge';
const DATABASE_URL = `postgresql://postgres@127.0.0.1:5432/${DB_NAME}`;
const REDIS_URL = process.env.KB_REDIS_URL ?? 'redis://127.0.0.1:6379/6';
const STORAGE_DIR = path.join(ROOT, 'data', `storage-${DB_NAME}`);
const PORT = Number(process.env.KB_PORT ?? 3208);
const TEXT_PAGES = Number(process.env.KB_TEXT_PAGES ?? 60);
const OCR_PAGES = Number(process.env.KB_OCR_PAGES ?? 6);
const TARGET_PAGES = Number(process.env.KB_PAGES ?? 100_000);
const ASKERS = Number(process.env.KB_ASKERS ?? 8);
const THROUGHPUT_S = Number(process.env.KB_THROUGHPUT_S ?? 20);
/** KB_REUSE=1: keep the database of the previous run (its ingested and cloned library); measure only */
const REUSE = process.env.KB_REUSE === '1';
/** an older build of the API (e.g. apps/api/.dist-baseline/main.js), measured in the same run on the same library */
const BASELINE = process.env.KB_BASELINE_ENTRY;
const set = JSON.parse(readFileSync(path.join(ROOT, 'bench/knowledge/questions.json'), 'utf8'));
/** KB_QUESTIONS: ask an evenly spread sample of that many questions (default: all 132) */
const SAMPLE = Math.min(set.questions.length, Number(process.env.KB_QUESTIONS ?? set.questions.length));
const asked = set.questions
  .filter(
    (_, i) =>
      Math.floor((i * SAMPLE) / set.questions.length) !== Math.floor(((i - 1) * SAMPLE) / set.questions.length) ||
      i === 0,
  )
  .slice(0, SAMPLE);

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

const ms1 = (x) => `${x.toFixed(0).padStart(5)} ms`;
const uptime = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The evaluation questions one at a time: p50 / p95 / max against the target p95. */
async function latency(label, target, fn) {
  const ms = [];
  for (const q of asked) {
    const t0 = performance.now();
    await fn(q.question);
    ms.push(performance.now() - t0);
  }
  const p95 = quantile(ms, 0.95);
  console.log(
    `  ${label.padEnd(40)} n=${ms.length}  p50 ${ms1(quantile(ms, 0.5))}  p95 ${ms1(p95)}  max ${ms1(Math.max(...ms))}   target p95 ≤ ${target} ms: ${p95 <= target ? 'met' : 'NOT met'}`,
  );
  return p95;
}

/** `ASKERS` askers, each asking the next question as soon as its answer arrives, for `seconds`. */
async function throughput(label, client, seconds) {
  let next = 0;
  let done = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const ms = [];
  await Promise.all(
    Array.from({ length: ASKERS }, async () => {
      while (Date.now() < until) {
        const q = asked[next++ % asked.length];
        const t0 = performance.now();
        try {
          await client.post('/knowledge/answers', { question: q.question });
          done++;
        } catch {
          failed++;
        }
        ms.push(performance.now() - t0);
      }
    }),
  );
  const rate = done / seconds;
  console.log(
    `  ${label.padEnd(40)} ${rate.toFixed(1).padStart(6)} answers/s  p50 ${ms1(quantile(ms, 0.5))}  p95 ${ms1(quantile(ms, 0.95))}  failed ${failed}   target ≥ 20 answers/s: ${rate >= 20 ? 'met' : 'NOT met'}`,
  );
  return rate;
}

try {
  console.log(`AMMS bench:knowledge — database ${DB_NAME}\n\npreparing:`);
  if (!REUSE) {
    spawnSync('dropdb', ['-h', '127.0.0.1', '-U', 'postgres', '--if-exists', '--force', DB_NAME], { stdio: 'ignore' });
    rmSync(STORAGE_DIR, { recursive: true, force: true });
    step('createdb', process.execPath, ['packages/db/dist/migrator/cli.js', 'createdb'], { DATABASE_URL });
  }
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
  if (!REUSE) step('seed (demo orgs + manuals)', process.execPath, ['apps/api/dist/seed/main.js'], env);
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  const base = `http://127.0.0.1:${PORT}`;
  const apiEnv = { ...env, HOST: '127.0.0.1', NODE_ENV: 'production', LOGIN_MAX_ATTEMPTS_PER_IP: '100000' };
  start('worker', ['apps/api/dist/worker.js'], env);
  start('api', ['apps/api/dist/main.js'], { ...apiEnv, PORT: String(PORT) });
  await waitUp(base);
  const owner = { base, ...(await login(base, 'owner@green-valley.demo', 'green-valley')) };
  if (!REUSE) {
    const t0 = Date.now();
    await waitReady(owner, Object.keys(set.documents).length);
    console.log(
      `  demo manuals ingested (${Object.values(set.documents).reduce((a, d) => a + d.pageCount, 0)} pages, ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
    console.log('\ningestion (upload → READY, one document at a time):');
    await timeIngestion(owner, 'text', await textPdf(TEXT_PAGES), TEXT_PAGES);
    await timeIngestion(owner, 'ocr', await ocrPdf(OCR_PAGES), OCR_PAGES);
  }
  console.log(`\nthe library: ${TARGET_PAGES} pages visible to the org`);
  await clonePages(DATABASE_URL, owner.orgId, TARGET_PAGES);

  const builds = [{ label: 'current', base }];
  if (BASELINE) {
    const bbase = `http://127.0.0.1:${PORT + 1}`;
    start('api (baseline)', [BASELINE], { ...apiEnv, PORT: String(PORT + 1) });
    await waitUp(bbase);
    builds.push({ label: 'baseline', base: bbase });
  }
  // a fresh sign-in before each measurement: an access token lives 15 minutes, a slow library outlasts it
  const signIn = async (b) => (b.client = await login(b.base, 'mechanic@green-valley.demo', 'green-valley'));
  console.log(
    `\nlatency, one request at a time (${asked.length} of the ${set.questions.length} evaluation questions; load ${uptime()}):`,
  );
  for (const b of builds) {
    await signIn(b);
    b.search = await latency(`POST /knowledge/search (${b.label})`, 200, (q) =>
      b.client.post('/knowledge/search', { query: q, limit: 10 }),
    );
    await signIn(b);
    b.answers = await latency(`POST /knowledge/answers (${b.label})`, 400, (q) =>
      b.client.post('/knowledge/answers', { question: q }),
    );
  }
  console.log(`\nthroughput, ${ASKERS} concurrent askers for ${THROUGHPUT_S} s (load ${uptime()}):`);
  for (const b of builds)
    b.rate = await throughput(`POST /knowledge/answers (${b.label})`, await signIn(b), THROUGHPUT_S);
  if (BASELINE) {
    const [c, o] = builds;
    console.log(
      `\ncurrent / baseline, same run: search p95 ${(c.search / o.search).toFixed(2)}, answers p95 ${(c.answers / o.answers).toFixed(2)}, answers/s ${(c.rate / o.rate).toFixed(2)}`,
    );
  }
  console.log(`\nload at the end: ${uptime()} (2 cores; the API log is in .bench-logs/api.log)`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  stopAll();
  process.exit();
}
