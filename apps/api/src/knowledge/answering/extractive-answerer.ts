import type { TCitation, TKnowledgeAnswer } from '@amms/contracts/knowledge';
import {
  askedUnits,
  intentOf,
  isLabel,
  isNumberedStep,
  isRow,
  rowHoldsValue,
  rowWithHeader,
  VALUE_WITH_UNIT,
  WARNING,
  type Intent,
} from './answer-parts.js';
import { askBackAnswer, askBackOf } from './ask-back.js';
import { isHeadingOf, locateAt, procedureOf, proseSectionOf, stepsCandidates, type Part } from './procedures.js';
import { entitiesOf, mentions, type Entity } from './entities.js';
import { coverage, sentencesOf, type Located } from '../retrieval/evidence.js';
import type { Retrieval, RetrievedPassage } from '../retrieval/retriever.js';
import { hasHan } from '../../platform/text/script.js';
import { words as wordTokens } from '../../platform/text/segment.js';
import { MACHINE_KIND_TERMS } from '../glossary/glossary.js';

/**
 * Below this share of the question's weighted words, the manuals are taken not to answer it.
 * Chosen on the tuning half of bench/knowledge/questions.json only (see docs/knowledge.md,
 * "Found threshold"): the highest no-answer accuracy while still refusing ≥ 80 % of its unanswerable questions.
 */
export const FOUND_THRESHOLD = 0.4;
const MAX_SENTENCES = 4;
/** below this share of the best passage's coverage, the best-ranked passage does not lead the answer */
const LEAD_SHARE = 0.75;
const MAX_ANSWER_CHARS = 600;
/** the share of the found threshold a passage must say of the question, the machine's name left out */
const TOPIC_SHARE = 0.75;

export const isChinese = hasHan;

export function notFoundAnswer(question: string): string {
  return isChinese(question)
    ? '手册中没有找到这个问题的答案：现有手册没有涉及这项内容。请换个说法，或咨询厂家 / 维修人员。'
    : "The manuals don't say: none of the available manuals covers this question. Try other words, or ask the manufacturer or a mechanic.";
}

/** Whether the best evidence answers the question at all (by its words; entities are checked in the answer). */
export function isFound(r: Retrieval): boolean {
  const best = r.passages[0];
  return (
    best !== undefined &&
    r.words.words.length > 0 &&
    !r.absent?.length &&
    Math.max(...r.passages.map((p) => p.coverage)) >= FOUND_THRESHOLD &&
    Math.max(...r.passages.map((p) => topicalCoverage(p) ?? p.coverage)) >= FOUND_THRESHOLD * TOPIC_SHARE
  );
}

/**
 * What a passage says of the question besides the machine's name, when the question names a machine:
 * a tiller manual's alarm row says "旋耕机" (its title) and nothing of a depth wheel's tyre pressure.
 * null when the question names no machine, or nothing else.
 */
function topicalCoverage(p: RetrievedPassage): number | null {
  const { words, weight, total } = p.words;
  const machine = words.filter((w) => MACHINE_WORDS.has(w));
  const machineWeight = machine.reduce((a, w) => a + (weight.get(w) ?? 0), 0);
  if (machine.length === 0 || machine.length === words.length || total - machineWeight <= 0) return null;
  const said = `${p.title}\n${p.section ?? ''}\n${p.text}`;
  const machineSaid = coverage({ words: machine, weight, total }, said) * total;
  return Math.max(0, p.coverage * total - machineSaid) / (total - machineWeight);
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

/** What the answerer may look up beyond the passages: whole sections, page labels, editions. */
export type { AnswerContext } from './answer-context.js';
import type { AnswerContext } from './answer-context.js';

/**
 * The built-in answer, shaped by what was asked (see answer-parts.ts): the row of a code, the
 * steps of a procedure whole and in order, the sentence holding a value, or the best sentences.
 * Sentences are whole units of the manual (ingest/reflow.ts), so a warning is never clipped;
 * every part carries its citation [n] (two when it runs over a page break). An entity the
 * question names (code, tyre size, part or model number) that no retrieved passage contains makes
 * the answer say the manuals do not cover it, and what they do cover. Nothing is generated.
 */
export function extractiveAnswer(question: string, r: Retrieval, ctx: AnswerContext): TKnowledgeAnswer {
  const refuse = (answer = notFoundAnswer(question)): TKnowledgeAnswer => ({
    found: false,
    answer,
    citations: [],
    answerer: 'extractive',
    mode: r.mode,
  });
  const zh = isChinese(question);
  const titles = [...new Set(r.passages.map((p) => p.title))];
  // names of the machine itself (in a manual's title) are not what is asked about
  const entities = entitiesOf(question).filter((e) => !titles.some((t) => mentions(t, e)));
  const missing = entities.filter((e) => !r.passages.some((p) => mentions(p.text, e)));
  if (missing.length && r.passages.length) return refuse(notCoveredAnswer(zh, missing, r.passages));
  if (r.absent?.length) return refuse(notMentionedAnswer(zh, r.absent, r.passages));
  if (!isFound(r) && !(entities.length > 0 && missing.length === 0)) return refuse();
  // no machine named, and different machines' manuals answer: ask which one instead of picking one
  const askBack = askBackOf(r, FOUND_THRESHOLD, entities.length > 0);
  if (askBack) return { ...refuse(askBackAnswer(zh, askBack)), askBack };

  const intent = intentOf(question, entities);
  const parts = compose(question, intent, r, entities, ctx);
  if (parts.length === 0) return refuse();

  const citations: TCitation[] = [];
  const cite = (p: RetrievedPassage, page: number, snippet: string) => {
    let n = citations.findIndex((c) => c.versionId === p.versionId && c.page === page && c.snippet === snippet);
    if (n < 0) {
      citations.push(citationOf(p, { page, snippet }, ctx.labelOf(p.versionId, page)));
      n = citations.length - 1;
    }
    return `[${n + 1}]`;
  };
  const lines = parts.map(({ p, text, at }) => {
    const marks = [cite(p, at.page, at.snippet), ...(at.next ? [cite(p, at.next.page, at.next.snippet)] : [])];
    return `${text} ${marks.join('')}`;
  });
  return {
    found: true,
    answer: `${lead(zh, parts, ctx)}\n${lines.join('\n')}`,
    citations,
    answerer: 'extractive',
    mode: r.mode,
  };
}

/** "From 6R 155 Tractor Operator's Manual (OMRE552211 Issue B6):" — which manual, which edition. */
function lead(zh: boolean, parts: Part[], ctx: AnswerContext): string {
  const names = [...new Map(parts.map(({ p }) => [p.versionId, p])).values()].map((p) => {
    const edition = ctx.editionOf?.(p.versionId);
    return zh ? `《${p.title}》${edition ? `（${edition}）` : ''}` : `${p.title}${edition ? ` (${edition})` : ''}`;
  });
  return zh ? `手册中的相关内容（${names.join('、')}）：` : `From the manuals (${names.join('; ')}):`;
}

/** A thing the question names that no manual mentions: say so, and which manuals were searched. */
function notMentionedAnswer(zh: boolean, absent: string[], passages: RetrievedPassage[]): string {
  const manuals = [...new Set(passages.map((p) => p.title))].slice(0, 3);
  const named = absent.join(zh ? '、' : ', ');
  if (zh)
    return `现有手册没有提到“${named}”，无法回答这个问题${manuals.length ? `（相关手册：${manuals.map((t) => `《${t}》`).join('、')}）` : ''}。请咨询厂家 / 维修人员。`;
  return `None of the available manuals mentions ${named}, so they cannot answer this question${manuals.length ? ` (manuals searched: ${manuals.join('; ')})` : ''}. Ask the manufacturer or a mechanic.`;
}

function notCoveredAnswer(zh: boolean, missing: Entity[], passages: RetrievedPassage[]): string {
  const kinds = new Set(missing.map((e) => e.kind));
  const covered = new Map<string, string>();
  for (const p of passages)
    for (const e of entitiesOf(p.text)) if (kinds.has(e.kind) && !covered.has(e.text)) covered.set(e.text, p.title);
  const named = missing.map((e) => e.text).join(zh ? '、' : ', ');
  const list = [...covered.keys()].slice(0, 8);
  const manual = [...new Set(covered.values())].slice(0, 2).join(zh ? '、' : '; ');
  if (zh)
    return list.length
      ? `手册中没有 ${named} 的内容。手册（${manual}）涉及的是：${list.join('、')}。`
      : `手册中没有 ${named} 的内容：现有手册没有涉及这项内容。`;
  return list.length
    ? `The manuals don't cover ${named}. What they do cover (${manual}): ${list.join(', ')}.`
    : `The manuals don't cover ${named}: none of the available manuals mentions it.`;
}

function compose(question: string, intent: Intent, r: Retrieval, entities: Entity[], ctx: AnswerContext): Part[] {
  const best = Math.max(...r.passages.map((p) => p.coverage));
  const ranked = r.passages.filter((p) => p.coverage >= Math.max(FOUND_THRESHOLD * 0.75, best * 0.7));
  // the best-ranked passage leads, unless another says clearly more of the question: a question in
  // one language ranks that language's manuals first by the words they share with it ("header",
  // "lift" of the tractor manual), however much better a manual in the other language answers it
  const lead = ranked.find((p) => p.coverage === best);
  const answering =
    lead && ranked[0]!.coverage < best * LEAD_SHARE ? [lead, ...ranked.filter((p) => p !== lead)] : ranked;
  const useful = answering.slice(0, 3);
  const zh = (s: string) => isChinese(s);
  const render = (p: RetrievedPassage, sentence: string) =>
    isRow(sentence) ? rowWithHeader(sentence, p.text, zh(sentence)) : sentence;

  if (intent === 'code') {
    // the row (or sentence) naming every asked code, in the passages' order
    const out: Part[] = [];
    for (const p of r.passages) {
      const pageTexts = pageTextsOf(p, ctx);
      for (const s of sentencesOf(p.text)) {
        if (!entities.every((e) => mentions(s, e)) || isLabel(s, p.text)) continue;
        const at = locateAt(s, pageTexts, r);
        if (at && !out.some((x) => x.at.sentence === s)) out.push({ p, text: render(p, s), at });
      }
      if (out.some((x) => isRow(x.at.sentence))) return out.filter((x) => isRow(x.at.sentence)).slice(0, 2);
    }
    if (out.length) return out.slice(0, 2);
  }

  if (intent === 'steps') {
    const top = useful.length ? useful : r.passages.slice(0, 1);
    for (const p of stepsCandidates(top, answering)) {
      // below the best passage, a section whose headings say nothing of the question is another
      // topic's procedure (the overheating checks for "how do I store the combine after the season")
      if (p !== top[0] && coverage(p.words, p.section ?? '') === 0) continue;
      const steps = procedureOf(p, ctx, r);
      if (steps.length >= 2) return steps;
    }
    // no list: a short section whose heading names what was asked is its procedure in prose
    // ("5.1 滚筒堵塞": cause, what to do, what to avoid, in three sentences)
    const prose = proseSectionOf(top[0]!, r, ctx, FOUND_THRESHOLD * 0.75);
    if (prose.length) return prose;
  }

  let out: Part[] = [];
  let length = 0;
  const max = intent === 'value' ? 2 : MAX_SENTENCES;
  // one manual answers: the best passage's (another machine's manual sharing words is not the answer)
  const own = useful.filter((p) => p.versionId === useful[0]?.versionId);
  // a value question: the sentences and rows holding a value with its unit first (the row
  // "DEF tank | 47 L" before a line that only names the tank), and before them the ones printing
  // the unit the question asks for ("how many litres": "47 L", not a lamp row's "10 %"), these
  // from any of the manual's answering passages, wherever it ranks
  const units = intent === 'value' ? askedUnits(question) : [];
  const candidates = own.flatMap((p, rank) => p.support.map((s) => ({ p, s, rank })));
  // may I…? the manual's rule answers it (严禁…用手清理 before the causes of a blockage)
  if (intent === 'permission') candidates.sort((a, b) => rule(b.s) - rule(a.s));
  if (intent === 'value') {
    const top = Math.max(0, ...candidates.map((c) => c.s.score));
    const bonus = (s: Located, p: RetrievedPassage) => (s.score >= top * 0.5 ? valueBonus(s, p) : 0);
    // a figure in the unit asked for that says something asked besides the machine's name: the
    // sentences naming the machine ("…与旋耕机要求一致") outscore a specification row that never
    // repeats it ("整机质量 | 680 kg"), so the row is not held to their score
    const unit = (s: Located, p: RetrievedPassage) =>
      (s.score >= top * 0.5 || saysBesidesMachine(p, s.sentence)) &&
      valueBonus(s, p) &&
      units.some((u) => u.test(s.sentence))
        ? 1
        : 0;
    // the table row whose label cell names what was asked states the value ("动力输出轴转速 | 540
    // r/min"); a step of a procedure printing it ("3. 连接传动轴前，确认…转速为540 r/min") says it in passing
    const labelled = (s: Located, p: RetrievedPassage) =>
      bonus(s, p) && isRow(s.sentence) && coverage(p.words, s.sentence.split(' | ')[0]!) > 0 ? 1 : 0;
    // and from the passages of the manual's answering pages that another passage stood for in the ranking
    const samePage = (r.samePage ?? []).filter((p) =>
      own.some((o) => o.versionId === p.versionId && o.page === p.page),
    );
    [...answering, ...samePage].forEach((p, i) => {
      if (own.includes(p) || p.versionId !== useful[0]?.versionId) return;
      for (const s of p.support) if (unit(s, p)) candidates.push({ p, s, rank: own.length + i });
    });
    candidates.sort(
      (a, b) =>
        unit(b.s, b.p) - unit(a.s, a.p) ||
        bonus(b.s, b.p) - bonus(a.s, a.p) ||
        labelled(b.s, b.p) - labelled(a.s, a.p) ||
        a.rank - b.rank ||
        b.s.score - a.s.score,
    );
  }
  for (const { p, s } of candidates) {
    {
      if (out.length >= max) break;
      if (s.score <= 0 && out.length > 0) continue;
      if (isHeadingOf(p, s.sentence) || isLabel(s.sentence, p.text)) continue;
      if (out.some((x) => x.at.sentence.includes(s.sentence))) continue;
      // past the length budget only a sentence without a warning word could be cut: stop instead
      if (length + s.sentence.length > MAX_ANSWER_CHARS && out.length > 0) break;
      out.push({ p, text: render(p, s.sentence), at: s });
      length += s.sentence.length;
    }
  }
  if (intent === 'permission') out = withTheWay(out, ctx, r);
  // a step of a procedure is given with its procedure, whole and in order: a step alone (its
  // number without the steps before it, its safety sentence left out) is not something to act on.
  // A value answer's procedure is the one of the step holding the value; a step without a value
  // is no part of it (it named the tank of "how heavy is the sprayer when empty"), nor is a step printing
  // another value in passing when a row or sentence states the one asked ("fill at least 100 L" of a
  // calibration under "Seed hopper capacity | 3500 L")
  const valued = intent === 'value' ? out.find((x) => valueBonus(x.at, x.p)) : undefined;
  if (valued && !isNumberedStep(valued.at.sentence)) return out.filter((x) => !isNumberedStep(x.at.sentence));
  const step = valued ?? out.slice(0, 2).find((x) => isNumberedStep(x.at.sentence));
  if (step) {
    const steps = procedureOf(step.p, ctx, r);
    if (steps.some((x) => x.at.sentence === step.at.sentence)) return steps;
  }
  return out;
}

/** The names of every machine kind (旋耕机, tiller, sprayer…) as realised words are written; not the words of a
 * longer name ("power" of "power harrow", "seed" of "seed drill" say a topic of their own). */
const MACHINE_WORDS = new Set(
  MACHINE_KIND_TERMS.flatMap((t) => (hasHan(t) ? [t] : wordTokens([t]).length === 1 ? wordTokens([t]) : [])),
);
/** Whether a sentence covers any of the question's words that do not name a machine. */
function saysBesidesMachine(p: RetrievedPassage, sentence: string): boolean {
  const words = p.words.words.filter((w) => !MACHINE_WORDS.has(w));
  const weight = words.reduce((a, w) => a + (p.words.weight.get(w) ?? 0), 0);
  return weight > 0 && coverage({ words, weight: p.words.weight, total: weight }, sentence) > 0;
}

/** what a rule's next sentence says must be done instead */
const OBLIGATION = /必须|务必|须先|应先|\b(must|always|only)\b/i;

/**
 * A rule with the way it gives: the sentence after a warning sentence in its passage, when it says
 * what must be done ("严禁…用手清理。" "必须先分离动力输出轴、将发动机熄火…"), follows it.
 */
function withTheWay(out: Part[], ctx: AnswerContext, r: Retrieval): Part[] {
  const res: Part[] = [];
  for (const x of out) {
    if (res.some((y) => y.at.sentence === x.at.sentence)) continue;
    res.push(x);
    if (!rule(x.at)) continue;
    const sentences = sentencesOf(x.p.text);
    const next = sentences[sentences.indexOf(x.at.sentence) + 1];
    if (!next || !OBLIGATION.test(next) || res.some((y) => y.at.sentence === next)) continue;
    const at = locateAt(next, pageTextsOf(x.p, ctx), r);
    if (at) res.push({ p: x.p, text: next, at });
  }
  return res.slice(0, MAX_SENTENCES);
}

/**
 * A sentence saying a rule (a warning word: 严禁, 不得, never, do not…) that says something of the
 * question; a table row is none (a fault code's remedy "do not restart until…" is no answer to "may I").
 */
const rule = (s: Located) => (s.score > 0 && !isRow(s.sentence) && WARNING.test(s.sentence) ? 1 : 0);
/** A value with its unit: printed in the sentence, or in a table row whose header names the unit. */
const valueBonus = (s: Located, p: RetrievedPassage) =>
  VALUE_WITH_UNIT.test(s.sentence) || (isRow(s.sentence) && rowHoldsValue(s.sentence, p.text)) ? 1 : 0;
function pageTextsOf(p: RetrievedPassage, ctx: AnswerContext) {
  return ctx.sectionOf?.(p)?.pages ?? p.support.map((s) => ({ page: s.page, text: s.sentence }));
}
