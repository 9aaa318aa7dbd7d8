import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZKnowledgeAnswer } from '@amms/contracts/knowledge';
import type { TRole } from '@amms/contracts/permissions';
import { readManifest } from '../src/seed/manuals/load.js';
import { call, createOrg, type TestOrg } from './harness.js';
import { expectStatus, loginAll, orgPath } from './assertions.js';
import { knowledgeEnv, type KnowledgeEnv, seedDemoManuals } from './knowledge/env.js';
import {
  pickAfterAskBack,
  scoreAnswer,
  splitOf,
  summarize,
  type EvalQuestion,
  type ScoredRow,
} from '../../../bench/src/knowledge-answers.mjs';

/**
 * The answer-level evaluation as a floor inside `npm test`: the committed demo manuals are
 * ingested once by the real worker, every question of the tuning half of
 * bench/knowledge/questions.json is asked over HTTP, and the answers are scored
 * like `npm run eval:knowledge` does (bench/src/knowledge-answers.mjs). The floors sit a small
 * margin under the figures measured when they were set (docs/knowledge.md): a change that makes
 * answers worse fails here, not only in the benchmark nobody runs.
 *
 * The scanned pages are not OCR'd here (tesseract was most of the ingestion time: the floor ran
 * 236 s with it, 167 s without under the same load of ~30 on 2 cores): their questions (kind
 * `ocr`) are left out of the floor. OCR itself is tested
 * by knowledge-ingest.e2e, and `npm run eval:knowledge` scores the OCR questions.
 */
const NO_OCR = { OCR_LANGUAGES: 'floor_without_ocr' };
const FLOORS: Record<string, { right: number; clean: number; refused?: number }> = {
  // measured 0.859 / 1.000 / 3 of 5 (docs/knowledge.md, session 12)
  'questions.json': { right: 0.82, clean: 1, refused: 0.6 },
  // the second manual (another maker, two columns): measured 0.818 / 1.000 / 2 of 2 (session 15: the
  // cross-language discount is bounded by what a passage is shown to say, docs/knowledge.md)
  'questions-leeb.json': { right: 0.8, clean: 1, refused: 1 },
  // Chinese questions on the English tractor manual: measured 0.750 / 1.000 (session 14)
  'questions-zh-jd.json': { right: 0.7, clean: 1 },
  // English questions on the Chinese manuals: measured 0.857 / 1.000 (session 14)
  'questions-en-zh.json': { right: 0.8, clean: 1 },
};

interface QuestionSet {
  documents: Record<string, { title: string }>;
  questions: EvalQuestion[];
}
const ROOT = path.resolve(import.meta.dirname, '../../..');
const load = (file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'bench/knowledge', file), 'utf8')) as QuestionSet;

let env: KnowledgeEnv;
let org: TestOrg;
let t: Record<TRole, string>;

beforeAll(async () => {
  env = await knowledgeEnv('know6', NO_OCR);
  org = await createOrg(env.db, 'evalfloor');
  t = await loginAll(env.h.base, org);
  await seedDemoManuals(env, org.users.OWNER.id);
}, 480_000);

afterAll(async () => {
  await env?.close();
});

describe('answer-level floors on the demo manuals (tuning halves)', () => {
  it.each(Object.keys(FLOORS))(
    '%s: key facts with a right page, clean answers, refusals of what no manual covers',
    async (file) => {
      const set = load(file);
      const floor = FLOORS[file]!;
      const docs = await env.db.document.findMany({
        where: { organizationId: null },
        select: { id: true, title: true },
      });
      expect(docs).toHaveLength(readManifest().length);
      const keyOfTitle = new Map(Object.entries(set.documents).map(([k, d]) => [d.title, k]));
      const keyOf = new Map(docs.map((d) => [d.id, keyOfTitle.get(d.title) ?? d.id]));
      const titles = Object.values(set.documents).map((d) => d.title);
      const rows: ScoredRow[] = [];
      for (const q of set.questions.filter((x) => splitOf(x.id) === 'tuning' && x.kind !== 'ocr')) {
        const res = await call(env.h.base, 'POST', orgPath(org.id, '/knowledge/answers'), {
          token: t.MECHANIC,
          body: { question: q.question },
        });
        expectStatus(res, 200);
        let answer = ZKnowledgeAnswer.parse(res.body);
        // an ask-back (which machine?) offering the expected manual: the mechanic picks it
        const picked = pickAfterAskBack(q, answer, (id: string) => keyOf.get(id) ?? id);
        if (picked) {
          const again = await call(env.h.base, 'POST', orgPath(org.id, '/knowledge/answers'), {
            token: t.MECHANIC,
            body: { question: q.question, documentId: picked },
          });
          expectStatus(again, 200);
          answer = ZKnowledgeAnswer.parse(again.body);
        }
        rows.push({ q, s: scoreAnswer(q, answer, (id: string) => keyOf.get(id) ?? id, titles) });
      }
      const m = summarize(rows);
      const wrong = rows.filter((r) => !r.s.right || !r.s.clean).map((r) => r.q.id);
      if (floor.refused !== undefined) expect(m.unanswerable).toBeGreaterThan(0);
      expect(m.right, `right ${m.right}; wrong: ${wrong.join(', ')}`).toBeGreaterThanOrEqual(floor.right);
      expect(m.clean, `unclean: ${rows.filter((r) => r.s.found && !r.s.clean).map((r) => r.q.id)}`).toBe(floor.clean);
      if (floor.refused !== undefined) expect(m.refused).toBeGreaterThanOrEqual(floor.refused);
    },
    300_000,
  );
});
