import type { TAskBack } from '@amms/contracts/knowledge';
import { sameMachine, type ManualIdentity } from '../retrieval/machines.js';
import type { Retrieval } from '../retrieval/retriever.js';

/**
 * A manual answers "well" when its best passage covers at least this share of what the best
 * passage of the library covers (and the found threshold): a Chinese question about engine oil is
 * answered by the Chinese combine manual and, through the glossary, by the English tractor manual.
 */
export const ASK_BACK_SHARE = 0.75;
const MAX_OFFERED = 3;
/** a named machine's manual is offered from this share of the found threshold (the useful bar) */
const NAMED_FLOOR = 0.75;

/**
 * Which machine is meant, when the question names none (no kind, maker or model that a manual's
 * title page names; no machine model, asset or manual chosen by the caller) and the manuals of two
 * or more different machines each answer it well: answering from one of them silently would give
 * one machine's figure for another's. Null when one machine's manuals answer, or the question is
 * specific (a code, a tyre size, a part number: matched exactly, it says which manual).
 */
export function askBackOf(r: Retrieval, foundThreshold: number, specific: boolean): TAskBack | null {
  if (r.scoped || specific || r.machine?.preferred || !r.manuals?.length) return null;
  const best = r.manuals[0]!.coverage;
  // the machine the question names is always offered (first) when its manual answers at all: "What
  // tyre pressure does the baler need?" was asked back with three other machines' manuals
  const named = r.machine?.manuals ?? [];
  const isNamed = (m: { documentId: string }) => named.includes(m.documentId);
  const good = r.manuals
    .filter(
      (m) =>
        m.coverage >= Math.max(foundThreshold, best * ASK_BACK_SHARE) ||
        (isNamed(m) && m.coverage >= foundThreshold * NAMED_FLOOR),
    )
    .sort((a, b) => Number(isNamed(b)) - Number(isNamed(a)));
  const offered: ManualIdentity[] = [];
  for (const m of good) if (!offered.some((o) => sameMachine(o, m))) offered.push(m);
  if (offered.length < 2) return null;
  return {
    manuals: offered
      .slice(0, MAX_OFFERED)
      .map((m) => ({ documentId: m.documentId, title: m.title, language: m.language })),
  };
}

/** "Which machine do you mean?" in the question's language, naming the manuals that answer. */
export function askBackAnswer(zh: boolean, ask: TAskBack): string {
  if (zh)
    return `不同机器的手册都有这方面的内容：${ask.manuals.map((m) => `《${m.title}》`).join('、')}。请问您问的是哪一台机器？请选择一本手册，或在问题中写明机器（机型、品牌）后再问。`;
  return `The manuals of different machines cover this: ${ask.manuals.map((m) => m.title).join('; ')}. Which machine do you mean? Pick one of these manuals, or name the machine (model or make) in your question.`;
}
