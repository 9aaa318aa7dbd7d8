import type { TCitation, TKnowledgeAnswer } from '@amms/contracts/knowledge';
import type { Retrieval, RetrievedPassage } from './retriever.js';

/**
 * Below this share of the question's weighted words, the manuals are taken not to answer it.
 * Chosen on the tuning half of bench/knowledge/questions.json only (see docs/knowledge.md,
 * "Found threshold"): the highest no-answer accuracy while still refusing ≥ 80 % of its unanswerable questions.
 */
export const FOUND_THRESHOLD = 0.4;
const MAX_SENTENCES = 4;
const MAX_ANSWER_CHARS = 600;

const CJK = /[\u3400-\u9fff]/;
export const isChinese = (s: string) => CJK.test(s);

export function notFoundAnswer(question: string): string {
  return isChinese(question)
    ? '手册中没有找到这个问题的答案：现有手册没有涉及这项内容。请换个说法，或咨询厂家 / 维修人员。'
    : "The manuals don't say: none of the available manuals covers this question. Try other words, or ask the manufacturer or a mechanic.";
}

/** Whether the best evidence answers the question at all. */
export function isFound(r: Retrieval): boolean {
  const best = r.passages[0];
  return (
    best !== undefined &&
    r.words.words.length > 0 &&
    Math.max(...r.passages.slice(0, 3).map((p) => p.coverage)) >= FOUND_THRESHOLD
  );
}

export function citationOf(p: RetrievedPassage, s: { snippet: string; page: number }, pageLabel: string): TCitation {
  return {
    documentId: p.documentId,
    versionId: p.versionId,
    title: p.title,
    page: s.page,
    pageLabel,
    snippet: s.snippet,
    score: p.score,
  };
}

/**
 * The built-in answer: the best supporting sentences of the top passages (those that cover the
 * question well), in reading order per passage, each followed by its citation mark [n]; every
 * citation's snippet is on its page. Nothing is generated, so nothing is invented.
 */
export function extractiveAnswer(
  question: string,
  r: Retrieval,
  labelOf: (versionId: string, page: number) => string,
): TKnowledgeAnswer {
  if (!isFound(r))
    return { found: false, answer: notFoundAnswer(question), citations: [], answerer: 'extractive', mode: r.mode };
  const best = Math.max(...r.passages.map((p) => p.coverage));
  const useful = r.passages.filter((p) => p.coverage >= Math.max(FOUND_THRESHOLD * 0.75, best * 0.7)).slice(0, 3);
  const citations: TCitation[] = [];
  const parts: string[] = [];
  let length = 0;
  for (const p of useful) {
    for (const s of p.support) {
      if (parts.length >= MAX_SENTENCES || length > MAX_ANSWER_CHARS) break;
      if (s.score <= 0 && parts.length > 0) continue;
      if (parts.some((x) => x.includes(s.sentence))) continue;
      let n = citations.findIndex((c) => c.versionId === p.versionId && c.page === s.page && c.snippet === s.snippet);
      if (n < 0) {
        citations.push(citationOf(p, s, labelOf(p.versionId, s.page)));
        n = citations.length - 1;
      }
      const sentence = s.sentence.replace(/\s*\|\s*/g, isChinese(s.sentence) ? '；' : '; ');
      parts.push(`${sentence} [${n + 1}]`);
      length += sentence.length;
    }
  }
  if (parts.length === 0)
    return { found: false, answer: notFoundAnswer(question), citations: [], answerer: 'extractive', mode: r.mode };
  const lead = isChinese(question) ? '手册中的相关内容：' : 'From the manuals:';
  return { found: true, answer: `${lead}\n${parts.join('\n')}`, citations, answerer: 'extractive', mode: r.mode };
}
