/**
 * Conversation memory (pure, deterministic): the earlier runs of a conversation become a
 * token-budgeted window of the newest turns (kept verbatim, goals clipped) plus a bounded summary
 * folding the older ones.
 *
 * A turn carries only what the dispatcher asked and what the run produced (status, question,
 * draft id/version, item/unplaced counts). It NEVER carries facts such as machine status,
 * bookings or availability: those change between turns and always come from the tools of the
 * current run. `renderTurn` reads only the fields listed in `MemoryTurn`, so anything else on
 * the objects passed in cannot leak into the text.
 *
 * Token estimate (no tokenizer dependency, same text → same number): every CJK character
 * (Han, kana, Hangul, CJK punctuation, fullwidth forms) counts as 1 token; all other characters
 * count as 1 token per 4, rounded up. This over-estimates English a little and matches Chinese
 * well enough for a budget.
 */
import { HANGUL_RANGE, WIDE_RANGE } from '../platform/text/script.js';

export interface MemoryTurn {
  runId: string;
  goal: string;
  status: string;
  question: string | null;
  draft: { id: string; version: number; items: number; unplaced: number } | null;
}

export interface MemoryOptions {
  /** tokens for the verbatim window (the newest turns that fit) */
  tokenBudget: number;
  /** tokens for the summary of the older turns (default 200) */
  summaryTokenBudget?: number;
}

export interface Memory {
  /** newest turns that fit the budget, oldest → newest */
  window: Array<MemoryTurn & { text: string; tokens: number }>;
  windowTokens: number;
  /** older turns folded into one line, or null when nothing was folded */
  summary: string | null;
  summaryTokens: number;
  /** how many turns the summary folds */
  folded: number;
}

/** a window turn's goal is kept verbatim up to this many characters */
export const WINDOW_GOAL_CHARS = 200;
/** a goal in the summary is clipped to this many characters */
export const SUMMARY_GOAL_CHARS = 40;
const DEFAULT_SUMMARY_TOKENS = 200;

// Han (incl. ext. A, compatibility), kana, Hangul, CJK symbols/punctuation, fullwidth forms
const CJK = new RegExp(`[${WIDE_RANGE}${HANGUL_RANGE}]`, 'u');

export function estimateTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (const ch of text) {
    if (CJK.test(ch)) cjk++;
    else other++;
  }
  return cjk + Math.ceil(other / 4);
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const clip = (s: string, n: number) => {
  const chars = [...oneLine(s)];
  return chars.length <= n ? chars.join('') : `${chars.slice(0, n).join('')}…`;
};

/** What a run came to, in a few words (no facts: only its own outcome). */
function outcome(t: MemoryTurn): string {
  if (t.draft)
    return `draft v${t.draft.version}, ${t.draft.items} item${t.draft.items === 1 ? '' : 's'}${t.draft.unplaced ? `, ${t.draft.unplaced} unplaced` : ''}`;
  if (t.status === 'NEEDS_INPUT') return t.question ? `asked: ${clip(t.question, 120)}` : 'asked a question';
  if (t.status === 'COMPLETED') return 'no draft';
  return t.status.toLowerCase();
}

/** One window line: the goal (clipped) and the outcome. */
export function renderTurn(t: MemoryTurn): string {
  return `${clip(t.goal, WINDOW_GOAL_CHARS)} → ${outcome(t)}`;
}

/**
 * `turns` oldest → newest. The window takes turns from the newest backwards while they fit
 * `tokenBudget` (it stops at the first that does not, so the window is always the contiguous
 * newest part); everything older is folded into the summary. The summary keeps the newest
 * folded goals that fit `summaryTokenBudget` and counts the rest ("Earlier: 7 goals — …").
 */
export function buildMemory(turns: readonly MemoryTurn[], options: MemoryOptions): Memory {
  const budget = Math.max(0, Math.floor(options.tokenBudget));
  const summaryBudget = Math.max(0, Math.floor(options.summaryTokenBudget ?? DEFAULT_SUMMARY_TOKENS));

  const window: Memory['window'] = [];
  let windowTokens = 0;
  let i = turns.length - 1;
  for (; i >= 0; i--) {
    const t = turns[i]!;
    const text = renderTurn(t);
    const tokens = estimateTokens(text);
    if (windowTokens + tokens > budget) break;
    window.unshift({
      runId: t.runId,
      goal: t.goal,
      status: t.status,
      question: t.question,
      draft: t.draft,
      text,
      tokens,
    });
    windowTokens += tokens;
  }
  const older = turns.slice(0, i + 1);
  if (older.length === 0) return { window, windowTokens, summary: null, summaryTokens: 0, folded: 0 };

  const head = `Earlier: ${older.length} goal${older.length === 1 ? '' : 's'} — `;
  const parts = older.map((t) => `${clip(t.goal, SUMMARY_GOAL_CHARS)} (${outcome(t)})`);
  // keep the newest folded goals that fit; older ones only count in the head ("…" marks the cut)
  const render = (from: number) => head + (from > 0 ? '…; ' : '') + parts.slice(from).join('; ');
  let from = parts.length;
  while (from > 0 && estimateTokens(render(from - 1)) <= summaryBudget) from--;
  let summary = from < parts.length ? render(from) : `Earlier: ${older.length} goal${older.length === 1 ? '' : 's'}`;
  if (estimateTokens(summary) > summaryBudget) summary = '';
  return {
    window,
    windowTokens,
    summary: summary || null,
    summaryTokens: estimateTokens(summary),
    folded: older.length,
  };
}
