import { createHash } from 'node:crypto';

/**
 * The fixed split of a question set: the first byte of sha256(question id) even → 'tuning', odd →
 * 'held-out'. Thresholds of the answerer are chosen on the tuning half only; `npm test`'s floor
 * (apps/api/test/knowledge-eval-floor.e2e.spec.ts) runs the tuning half.
 */
export function splitOf(id) {
  return createHash('sha256').update(id).digest()[0] % 2 === 0 ? 'tuning' : 'held-out';
}

// Answer-level scoring of `eval:knowledge` (pure functions, unit-tested by the floor check):
// does an answer state every key fact of its question with a right page cited, is it clean (no
// running header, no fragment), is a procedure complete, is an unanswerable question refused.

/** Case, spaces and table / list punctuation ignored. */
export const squash = (s) =>
  s
    .toLowerCase()
    .replace(/\[\d+\]/g, '')
    .replace(/[\s|;；:：,，、]+/g, '');

const TERMINAL = /[。！？!?.)）”"]$/;
const CJK_PUNCT_START = /^[，。、；：）》」』！？,.;:)%]/;

/**
 * The body lines of an answer (the first line names the manual) that are not clean: a running
 * header (a manual's title with its chapter, or a page number alone) or a fragment (a piece that
 * starts inside a sentence, or a prose line that stops before its end).
 */
export function uncleanLines(answerText, titles) {
  // the lead line names the manual; a note before it (a cross-language answer's "quoted from the
  // original …") carries no citation either: the body starts after the last such leading line
  const lines = answerText.split('\n');
  const cited = (l) => /\[\d+\]\s*$/.test(l);
  const first = lines.findIndex(cited);
  const body = first < 0 ? lines.slice(1) : lines.slice(Math.max(1, first));
  const bad = [];
  for (const raw of body) {
    const line = raw.replace(/\s*(\[\d+\])+\s*$/, '').trim();
    const isRow = /[：:] ?\S.*[；;]/.test(line) || line.includes(' | ');
    if (titles.some((t) => line.includes(t)) || /^([ivxlcdm]+|\d+([-–]\d+)?)$/i.test(line)) bad.push(['header', raw]);
    else if (line.length < 4 || CJK_PUNCT_START.test(line) || /^[a-z]/.test(line)) bad.push(['fragment', raw]);
    else if (!isRow && !TERMINAL.test(line) && !/^(\d{1,2}[.)、]|[•·-])/.test(line) && line.length > 30)
      bad.push(['fragment', raw]);
  }
  return bad;
}

/** Every key fact (any of its alternatives) appears in the answer. */
export function statesKeyFacts(q, answerText) {
  const a = squash(answerText);
  return (q.keyFacts ?? []).every((alts) => alts.some((alt) => a.includes(squash(alt))));
}

/**
 * One question's answer scored. `docKeyOf(documentId)` maps to the question set's document keys;
 * `titles` are the manuals' titles (a body line carrying one is a leaked running header).
 */
export function scoreAnswer(q, answer, docKeyOf, titles) {
  const unclean = answer.found ? uncleanLines(answer.answer, titles) : [];
  const row = { found: answer.found, clean: unclean.length === 0, unclean };
  if (!q.expected) return { ...row, right: !answer.found };
  const expected = q.expected.pages.map((p) => `${q.expected.document}#${p}`);
  const citedRight = answer.citations.some((c) => expected.includes(`${docKeyOf(c.documentId)}#${c.page}`));
  const stated = answer.found && statesKeyFacts(q, answer.answer);
  return { ...row, citedRight, stated, right: stated && citedRight, complete: q.procedure ? stated : undefined };
}

/** Shares over a slice of scored rows: answered right, clean, refusals, procedures complete. */
export function summarize(rows) {
  const ans = rows.filter((r) => r.q.expected);
  const un = rows.filter((r) => !r.q.expected);
  const proc = ans.filter((r) => r.q.procedure);
  const share = (xs, f) => (xs.length ? xs.filter(f).length / xs.length : NaN);
  return {
    n: rows.length,
    answerable: ans.length,
    right: share(ans, (r) => r.s.right),
    clean: share(
      rows.filter((r) => r.s.found),
      (r) => r.s.clean,
    ),
    unclean: rows.filter((r) => r.s.found && !r.s.clean).length,
    unanswerable: un.length,
    refused: share(un, (r) => !r.s.found),
    procedures: proc.length,
    complete: share(proc, (r) => r.s.complete),
  };
}

/**
 * The manual a mechanic picks after an ask-back ("which machine?"): the question's expected
 * manual when the answer offers it, else null (the ask-back stays a refusal). The evaluation asks
 * again with it and scores that answer.
 */
export function pickAfterAskBack(q, answer, docKeyOf) {
  // an answer given with the other manuals offered beside it is read as it is: no pick
  if (!answer.askBack || answer.found || !q.expected) return null;
  const m = answer.askBack.manuals.find((x) => docKeyOf(x.documentId) === q.expected.document);
  return m ? m.documentId : null;
}
