// `node bench/src/knowledge-profile.mjs "question" [more questions…]`: why a question gets the
// answer it gets. Runs the API's knowledge service in-process (apps/api/dist, build it first)
// against a database where the demo manuals are READY (default: the one `eval:knowledge` leaves,
// KNOWLEDGE_EVAL_DB) and prints the question's weighted words, absent concepts, the machine named,
// each manual's best coverage (what ask-back compares), the passages with rank score and coverage,
// and the answer. DOCUMENT_ID=… asks as if that manual had been picked.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const DB_NAME = process.env.KNOWLEDGE_EVAL_DB ?? 'amms_eval_knowledge';
process.env.DATABASE_URL ??= `postgresql://postgres@127.0.0.1:5432/${DB_NAME}`;
process.env.REDIS_URL ??= process.env.KNOWLEDGE_EVAL_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
process.env.STORAGE_DIR ??= path.join(ROOT, 'data', `storage-${DB_NAME}`);
process.env.LOG_LEVEL ??= 'warn';
process.env.NODE_ENV ??= 'development';
const dist = (p) => import(pathToFileURL(path.join(ROOT, 'apps/api/dist', p)).href);

const { parseConfig } = await dist('platform/config/config.js');
const { createApp } = await dist('create-app.js');
const { Retriever } = await dist('knowledge/retrieval/retriever.js');
const { KnowledgeService } = await dist('knowledge/knowledge.service.js');

const app = await createApp(parseConfig());
await app.init();
const retriever = app.get(Retriever);
const service = app.get(KnowledgeService);
const { Client } = (await import('pg')).default;
const pg = new Client({ connectionString: process.env.DATABASE_URL });
await pg.connect();
const org = (await pg.query(`select id from "Organization" where slug = 'green-valley'`)).rows[0];
await pg.end();
const ctx = {
  requestId: 'profile',
  organizationId: org.id,
  principal: { kind: 'user' },
  membershipId: null,
  actorUserId: null,
  role: 'MECHANIC',
  permissions: new Set(['knowledge.read']),
  dataScope: 'ORG',
  teamIds: [],
};
const f = (x) => x.toFixed(3);
for (const question of process.argv.slice(2)) {
  const documentId = process.env.DOCUMENT_ID;
  const r = await retriever.retrieve(ctx, { query: question, limit: 8, ...(documentId ? { documentId } : {}) });
  console.log(`\n### ${question}`);
  console.log('  words:', r.words.words.map((w) => `${w}=${f(r.words.weight.get(w) ?? 0)}`).join(' '));
  console.log('  absent:', r.absent, ' machine:', JSON.stringify(r.machine), ' scoped:', r.scoped);
  for (const m of r.manuals ?? []) console.log(`  manual ${f(m.coverage)} ${m.title}`);
  r.passages.forEach((p, i) => {
    const pw = p.words;
    const said = `${p.title}\n${p.section ?? ''}\n${p.text}`.toLowerCase();
    const missing = pw.words.filter((w) => !said.includes(w.toLowerCase()));
    console.log(
      `  #${i + 1} score ${p.score.toFixed(4)} cov ${f(p.coverage)} ${p.title.slice(0, 24)} p.${p.page} §${(p.section ?? '').slice(0, 40)}`,
    );
    console.log(`      words: ${pw.words.join(' ')}  (not said verbatim: ${missing.join(' ')})`);
    console.log(
      `      support: ${p.support
        .slice(0, 2)
        .map((s) => `${f(s.score)} ${s.sentence.slice(0, 90)}`)
        .join(' || ')}`,
    );
  });
  const a = await service.answer(ctx, { question, ...(documentId ? { documentId } : {}) });
  console.log(`  → found=${a.found} askBack=${a.askBack ? a.askBack.manuals.map((m) => m.title).join(' / ') : '-'}`);
  console.log(a.answer.replace(/^/gm, '    '));
}
await app.close();
process.exit(0);
