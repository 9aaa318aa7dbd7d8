// `npm run eval:knowledge`: page-level retrieval quality and answer checks over the demo manuals.
//
// Builds its own database (amms_eval_knowledge: created, migrated, seeded: the seed uploads the
// committed demo manuals into the platform library through the upload service), runs a worker
// until every manual is READY, then asks every question of bench/knowledge/questions.json as
// mechanic@green-valley.demo over HTTP: `POST /knowledge/search` (limit 10) for Recall@10,
// MRR@10 and NDCG@10 against the expected physical pages, `POST /knowledge/answers` for no-answer
// accuracy, and every citation's snippet is looked up in the cited page's text (pages endpoint).
// Lexical always; hybrid too when EMBEDDINGS_BASE_URL / EMBEDDINGS_MODEL are set.
import { spawnSync } from 'node:child_process';
import { Blob } from 'node:buffer';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { pickAfterAskBack, scoreAnswer, splitOf, summarize } from './knowledge-answers.mjs';
import { ROOT, login, start, step, stopAll, waitReady, waitUp } from './knowledge-lib.mjs';

const DB_NAME = process.env.KNOWLEDGE_EVAL_DB ?? 'amms_eval_knowledge';
const DATABASE_URL = `postgresql://postgres@127.0.0.1:5432/${DB_NAME}`;
const REDIS_URL = process.env.KNOWLEDGE_EVAL_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
const STORAGE_DIR = path.join(ROOT, 'data', `storage-${DB_NAME}`);
const PORT = Number(process.env.KNOWLEDGE_EVAL_PORT ?? 3206);
const PORTS = { lexical: PORT, hybrid: PORT + 1 };
const VERBOSE = process.env.EVAL_VERBOSE === '1';
// the demo set (three manuals), the second set (another maker's two-column manual) and the two
// cross-language sets (Chinese questions on the English tractor manual, English questions on the
// Chinese manuals): all run against the whole library, every other manual a distractor
const SETS = (
  process.env.KNOWLEDGE_EVAL_SETS ?? 'questions.json,questions-leeb.json,questions-zh-jd.json,questions-en-zh.json'
).split(',');
const loadSet = (file) => JSON.parse(readFileSync(path.join(ROOT, 'bench/knowledge', file), 'utf8'));
const set = loadSet(SETS[0]);
const embeddings = process.env.EMBEDDINGS_BASE_URL && process.env.EMBEDDINGS_MODEL;

export { splitOf };

/** The ranked physical pages of a search: passages in order, each contributing page..pageEnd, first 10 distinct. */
export function rankedPages(items, docKeyOf) {
  const out = [];
  for (const it of items) {
    for (let p = it.page; p <= Math.max(it.page, it.pageEnd); p++) {
      const key = `${docKeyOf(it.documentId)}#${p}`;
      if (!out.includes(key)) out.push(key);
    }
  }
  return out.slice(0, 10);
}

/** Recall@10, reciprocal rank and NDCG@10 (binary relevance) of one ranked page list. */
export function pageMetrics(ranked, expected) {
  const rel = ranked.map((k) => expected.includes(k));
  const hits = new Set(ranked.filter((k) => expected.includes(k)));
  const first = rel.indexOf(true);
  const dcg = rel.reduce((a, r, i) => a + (r ? 1 / Math.log2(i + 2) : 0), 0);
  const idcg = expected.slice(0, 10).reduce((a, _e, i) => a + 1 / Math.log2(i + 2), 0);
  const hits3 = new Set(ranked.slice(0, 3).filter((k) => expected.includes(k)));
  return {
    recall: hits.size / expected.length,
    recall3: hits3.size / expected.length,
    rr: first < 0 ? 0 : 1 / (first + 1),
    ndcg: idcg ? dcg / idcg : 0,
  };
}

// CJK lines are joined without a space by the reflow: compare with whitespace removed
const squashWs = (s) => s.replace(/\s+/g, '');
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const f3 = (x) => (Number.isNaN(x) ? '  -  ' : x.toFixed(3));

async function evaluate(mode, base, set) {
  const c = await login(base, 'mechanic@green-valley.demo', 'green-valley');
  const docs = await waitReady(c, Object.keys(set.documents).length);
  const keyOfTitle = new Map(Object.entries(set.documents).map(([k, d]) => [d.title, k]));
  const docKey = new Map(docs.map((d) => [d.id, keyOfTitle.get(d.title) ?? d.id]));
  const docKeyOf = (id) => docKey.get(id) ?? id;
  const pageText = new Map();
  const rows = [];
  const latencies = [];
  let citations = 0;
  let validCitations = 0;
  for (const q of set.questions) {
    const search = await c.post('/knowledge/search', { query: q.question, limit: 10 });
    const t0 = performance.now();
    let answer = await c.post('/knowledge/answers', { question: q.question });
    latencies.push(performance.now() - t0);
    // an ask-back (which machine?): the mechanic picks the expected manual when it is offered, and
    // that answer is scored; one that does not offer it stays a refusal
    const askBack = answer.askBack ? { offered: answer.askBack.manuals.map((m) => docKeyOf(m.documentId)) } : null;
    const first = answer;
    const picked = pickAfterAskBack(q, answer, docKeyOf);
    if (picked) answer = await c.post('/knowledge/answers', { question: q.question, documentId: picked });
    const row = { q, found: answer.found, mode: search.mode, answer, askBack, first };
    if (q.expected) {
      const expected = q.expected.pages.map((p) => `${q.expected.document}#${p}`);
      const ranked = rankedPages(search.items, docKeyOf);
      Object.assign(row, pageMetrics(ranked, expected), { ranked, expected });
      row.citedRight = answer.citations.some((ct) => expected.includes(`${docKeyOf(ct.documentId)}#${ct.page}`));
    }
    for (const ct of answer.citations) {
      const k = `${ct.documentId}/${ct.versionId}/${ct.page}`;
      if (!pageText.has(k))
        pageText.set(k, (await c.get(`/documents/${ct.documentId}/versions/${ct.versionId}/pages/${ct.page}`)).text);
      citations++;
      const ok =
        ct.snippet.length > 0 && ct.snippet.length <= 160 && squashWs(pageText.get(k)).includes(squashWs(ct.snippet));
      if (ok) validCitations++;
      else if (VERBOSE) console.log(`  invalid citation for ${q.id}: p.${ct.page} "${ct.snippet}"`);
    }
    rows.push(row);
  }

  const answerable = rows.filter((r) => r.q.expected);
  const unanswerable = rows.filter((r) => !r.q.expected);
  console.log(
    `\n${mode} (search mode reported by the API: ${rows[0]?.mode}) — ${answerable.length} answerable + ${unanswerable.length} unanswerable questions`,
  );
  console.log(`  ${'slice'.padEnd(22)} ${'n'.padStart(4)}  Recall@10  MRR@10  NDCG@10  Recall@3  cited right`);
  const line = (label, rs) =>
    console.log(
      `  ${label.padEnd(22)} ${String(rs.length).padStart(4)}  ${f3(mean(rs.map((r) => r.recall))).padStart(9)}  ${f3(mean(rs.map((r) => r.rr))).padStart(6)}  ${f3(mean(rs.map((r) => r.ndcg))).padStart(7)}  ` +
        `${f3(mean(rs.map((r) => r.recall3))).padStart(8)}  ${f3(mean(rs.map((r) => (r.citedRight ? 1 : 0)))).padStart(11)}`,
    );
  line('all answerable', answerable);
  for (const kind of [...new Set(answerable.map((r) => r.q.kind))])
    line(
      `  kind ${kind}`,
      answerable.filter((r) => r.q.kind === kind),
    );
  for (const lang of ['en', 'zh'])
    line(
      `  language ${lang}`,
      answerable.filter((r) => r.q.language === lang),
    );
  for (const half of ['tuning', 'held-out'])
    line(
      `  split ${half}`,
      answerable.filter((r) => splitOf(r.q.id) === half),
    );
  const noAnswer = (label, rs) => {
    const a = rs.filter((r) => r.q.expected);
    const u = rs.filter((r) => !r.q.expected);
    const acc = mean(rs.map((r) => (r.found === Boolean(r.q.expected) ? 1 : 0)));
    console.log(
      `    ${label.padEnd(9)} ${f3(acc)}  — answerable found ${a.filter((r) => r.found).length}/${a.length}, unanswerable refused ${u.filter((r) => !r.found).length}/${u.length}`,
    );
  };
  console.log('  no-answer accuracy (found:false exactly when expected):');
  noAnswer('all', rows);
  for (const half of ['tuning', 'held-out'])
    noAnswer(
      half,
      rows.filter((r) => splitOf(r.q.id) === half),
    );
  console.log(
    `  citation validity (snippet occurs on the cited page): ${validCitations}/${citations} = ${f3(citations ? validCitations / citations : NaN)}`,
  );
  const misses = answerable.filter((r) => r.recall < 1 || (VERBOSE && r.rr < 1));
  if (misses.length) {
    console.log(`  not fully recalled in the top 10${VERBOSE ? ', or not first' : ''} (${misses.length}):`);
    for (const r of misses)
      console.log(
        `    ${r.q.id} [${r.q.kind}] expected ${r.expected.join(',')} got ${r.ranked.slice(0, 5).join(',') || '(nothing)'}`,
      );
  }
  const asked = rows.filter((r) => r.askBack);
  console.log(
    `  asked back (which machine?): ${asked.length}/${rows.length}, the expected manual offered ${asked.filter((r) => r.q.expected && r.askBack.offered.includes(r.q.expected.document)).length}${asked.length ? ` — ${asked.map((r) => r.q.id).join(', ')}` : ''}`,
  );
  const levels = answerLevel(rows, docKeyOf, set);
  // what the mechanic gets without answering an ask-back: every first answer scored as it is
  const titles = Object.values(set.documents).map((d) => d.title);
  const direct = rows.filter((r) => r.q.expected && scoreAnswer(r.q, r.first, docKeyOf, titles).right).length;
  console.log(`  right at the first answer (no pick after an ask-back): ${direct}/${answerable.length}`);
  const wrong = rows.filter((r) => r.found !== Boolean(r.q.expected));
  if (wrong.length)
    console.log(`  wrong found flag (${wrong.length}): ${wrong.map((r) => `${r.q.id}(${r.found})`).join(', ')}`);
  return { latencies, rows, cross: levels.crossRows };
}

/** Answer-level figures (bench/src/knowledge-answers.mjs) per category and split. */
function answerLevel(rows, docKeyOf, set) {
  const titles = Object.values(set.documents).map((d) => d.title);
  for (const r of rows) r.s = scoreAnswer(r.q, r.answer, docKeyOf, titles);
  console.log('  answers (key facts stated with a right page cited; clean = no header / fragment):');
  console.log(`    ${'slice'.padEnd(22)} ${'n'.padStart(4)}  right   clean  unclean  refused  procedures complete`);
  const line = (label, rs) => {
    const m = summarize(rs);
    console.log(
      `    ${label.padEnd(22)} ${String(m.n).padStart(4)}  ${f3(m.right)}  ${f3(m.clean)}  ${String(m.unclean).padStart(7)}  ${f3(m.refused).padStart(7)}  ${f3(m.complete)} (${m.procedures})`,
    );
    return m;
  };
  const out = { all: line('all', rows) };
  for (const half of ['tuning', 'held-out'])
    out[half] = line(
      `split ${half}`,
      rows.filter((r) => splitOf(r.q.id) === half),
    );
  for (const kind of [...new Set(rows.map((r) => r.q.kind))])
    line(
      `kind ${kind}`,
      rows.filter((r) => r.q.kind === kind),
    );
  line(
    'procedure',
    rows.filter((r) => r.q.procedure),
  );
  for (const lang of ['en', 'zh'])
    line(
      `language ${lang}`,
      rows.filter((r) => r.q.language === lang),
    );
  const cross = rows.filter((r) => r.q.expected && r.q.language !== set.documents[r.q.expected.document]?.language);
  if (cross.length) {
    line('cross-language', cross);
    for (const half of ['tuning', 'held-out'])
      line(
        `cross-language ${half}`,
        cross.filter((r) => splitOf(r.q.id) === half),
      );
  }
  out.crossRows = cross;
  if (VERBOSE)
    for (const r of rows.filter((x) => !x.s.right || !x.s.clean))
      console.log(
        `    ✗ ${r.q.id} [${r.q.kind}] found=${r.s.found} stated=${r.s.stated} cited=${r.s.citedRight} ${r.s.unclean.map((u) => u.join(': ')).join(' / ')}\n      ${r.answer.answer.replace(/\n/g, '\n      ')}`,
      );
  return out;
}

/**
 * The probe manuals (apps/api/fixtures/manuals-probe, manuals-probe2, …: evaluation only, never
 * seeded) a question set names are uploaded into green-valley's own library by its owner, over
 * HTTP, unless there.
 */
async function uploadProbeManuals(base) {
  const fixtures = path.join(ROOT, 'apps/api/fixtures');
  const sets = SETS.map(loadSet);
  const wanted = readdirSync(fixtures)
    .filter((d) => /^manuals-probe\d*$/.test(d))
    .flatMap((d) =>
      JSON.parse(readFileSync(path.join(fixtures, d, 'manifest.json'), 'utf8')).map((m) => ({ ...m, dir: d })),
    )
    .filter((m) => sets.some((s) => s.documents[m.key]));
  if (wanted.length === 0) return;
  const owner = await login(base, 'owner@green-valley.demo', 'green-valley');
  const { items } = await owner.get('/documents?limit=200');
  for (const m of wanted) {
    if (items.some((d) => d.title === m.title)) continue;
    const form = new globalThis.FormData();
    form.set('title', m.title);
    form.set('language', m.language);
    form.set(
      'file',
      new Blob([readFileSync(path.join(fixtures, m.dir, m.fileName))], { type: 'application/pdf' }),
      m.fileName,
    );
    const res = await fetch(`${base}/api/v1/orgs/${owner.orgId}/documents`, {
      method: 'POST',
      headers: { authorization: owner.headers.authorization },
      body: form,
    });
    if (!res.ok) throw new Error(`probe upload ${m.fileName}: ${res.status} ${await res.text()}`);
    console.log(`  probe manual uploaded into the org's library: ${m.title}`);
  }
}

try {
  console.log(
    `AMMS eval:knowledge — ${set.questions.length} questions over ${Object.keys(set.documents).length} demo manuals, database ${DB_NAME}\n`,
  );
  console.log('preparing:');
  const env = { DATABASE_URL, REDIS_URL, STORAGE_DIR, LOG_LEVEL: 'warn' };
  if (process.env.KNOWLEDGE_EVAL_REUSE === '1')
    console.log('  reusing the database and ingested manuals of the previous run (KNOWLEDGE_EVAL_REUSE=1)');
  else {
    // a fresh database every run: the figures measure today's ingestion and retrieval code
    spawnSync('dropdb', ['-h', '127.0.0.1', '-U', 'postgres', '--if-exists', '--force', DB_NAME], { stdio: 'ignore' });
    rmSync(STORAGE_DIR, { recursive: true, force: true });
    step('createdb', process.execPath, ['packages/db/dist/migrator/cli.js', 'createdb'], { DATABASE_URL });
    step('migrate', process.execPath, ['packages/db/dist/migrator/cli.js', 'migrate'], { DATABASE_URL });
    step('seed (demo orgs + manuals)', process.execPath, ['apps/api/dist/seed/main.js'], env);
  }
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  const apiEnv = {
    ...env,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    JWT_ACCESS_SECRET: process.env.JWT_ACCESS_SECRET ?? 'eval-secret-eval-secret-eval-secret-0001',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  };
  const lexicalEnv = { ...apiEnv, EMBEDDINGS_BASE_URL: undefined, EMBEDDINGS_MODEL: undefined };
  const t0 = Date.now();
  start('worker', ['apps/api/dist/worker.js'], embeddings ? apiEnv : lexicalEnv);
  start('api (lexical)', ['apps/api/dist/main.js'], { ...lexicalEnv, PORT: String(PORTS.lexical) });
  if (embeddings) start('api (hybrid)', ['apps/api/dist/main.js'], { ...apiEnv, PORT: String(PORTS.hybrid) });
  await waitUp(`http://127.0.0.1:${PORTS.lexical}`);
  await uploadProbeManuals(`http://127.0.0.1:${PORTS.lexical}`);
  const probe = await login(`http://127.0.0.1:${PORTS.lexical}`, 'mechanic@green-valley.demo', 'green-valley');
  await waitReady(probe, Object.keys(set.documents).length);
  console.log(
    `  API up, worker done: ${Object.values(set.documents).reduce((a, d) => a + d.pageCount, 0)} pages READY (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );

  const crossAll = [];
  for (const file of SETS) {
    const s = loadSet(file);
    console.log(`\n=== ${file}: ${s.questions.length} questions`);
    crossAll.push(...(await evaluate('lexical', `http://127.0.0.1:${PORTS.lexical}`, s)).cross);
    if (embeddings) {
      await waitUp(`http://127.0.0.1:${PORTS.hybrid}`);
      await evaluate(`hybrid (${process.env.EMBEDDINGS_MODEL})`, `http://127.0.0.1:${PORTS.hybrid}`, s);
    }
  }
  // the cross-language questions of every set together (a Chinese question on an English manual, and the reverse)
  console.log(`\n=== cross-language, all sets (lexical): ${crossAll.length} questions`);
  console.log(`    ${'slice'.padEnd(22)} ${'n'.padStart(4)}  right   clean  unclean  refused  procedures complete`);
  for (const [label, rs] of [
    ['all', crossAll],
    ['tuning', crossAll.filter((r) => splitOf(r.q.id) === 'tuning')],
    ['held-out', crossAll.filter((r) => splitOf(r.q.id) === 'held-out')],
    ['zh question, en manual', crossAll.filter((r) => r.q.language === 'zh')],
    ['en question, zh manual', crossAll.filter((r) => r.q.language === 'en')],
  ]) {
    const m = summarize(rs);
    console.log(
      `    ${label.padEnd(22)} ${String(m.n).padStart(4)}  ${f3(m.right)}  ${f3(m.clean)}  ${String(m.unclean).padStart(7)}  ${f3(m.refused).padStart(7)}  ${f3(m.complete)} (${m.procedures})`,
    );
  }
  if (!embeddings)
    console.log('\nhybrid: skipped (set EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL to evaluate the dense stage too)');
  console.log('\ntargets to beat (page level): Recall@10 0.945, MRR@10 0.798, NDCG@10 0.839');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  stopAll();
  process.exit();
}
