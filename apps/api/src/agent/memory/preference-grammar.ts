import { findNames, type KnownRef } from '../planner/names.js';
import { hasHan } from '../../platform/text/script.js';
import { GoalText } from '../planner/text.js';

/**
 * Long-term preferences said in words. A goal is a preference statement only when
 * the person says so explicitly: a "remember" word ("记住", "以后", "今后", "默认", "每次都",
 * "remember", "from now on", "always", "in future", "by default", "going forward"). Without one,
 * "优先用二队的机器" is a constraint of this run only and nothing is saved.
 *
 * Within a statement, each clause (split at punctuation and 和/and between clauses) is read as:
 * - a team, machine or operator name (from `known`, i.e. within the caller's scope when said)
 *   with a prefer word (优先/首选/尽量/多用/prefer/favour) or an avoid word (不要/别/避开/avoid/
 *   don't use/never use/keep … out) → PREFER_TEAM / PREFER_ASSET / PREFER_OPERATOR /
 *   AVOID_ASSET / AVOID_OPERATOR (a team can only be preferred);
 * - weekdays (周日, 星期六, 周末, 周六日, Sundays, weekends) with a no-work word (不排/不干活/不作业/
 *   休息/no work/don't schedule/never on/off on) → AVOID_WEEKDAY, one per day.
 * Anything else in the statement is reported back as not understood; nothing is guessed.
 */

export type PreferenceKind =
  'PREFER_TEAM' | 'PREFER_ASSET' | 'PREFER_OPERATOR' | 'AVOID_ASSET' | 'AVOID_OPERATOR' | 'AVOID_WEEKDAY';

export interface PreferenceDraft {
  kind: PreferenceKind;
  target: KnownRef | null;
  weekday: number | null;
  /** the clause it came from (clipped) */
  text: string;
}

export interface PreferenceStatement {
  /** true when the goal says "remember …": the run saves what it understood and plans nothing */
  explicit: boolean;
  preferences: PreferenceDraft[];
  /** clauses of the statement that named nothing understood */
  unclear: string[];
  language: 'zh' | 'en';
}

// 以后 after a number or a time word is "later" (三天以后, 下周以后), not "from now on"
const REMEMBER =
  /记住|记下|记一下|帮我记|(?<![\d一二三四五六七八九十两几天周月日号年点时午])以后|今后|往后|从今往后|从现在起|默认|每次都|一直都|总是|\b(?:remember|from\s+now\s+on|always|in\s+(?:the\s+)?future|by\s+default|going\s+forward|every\s+time|as\s+a\s+rule)\b/;
const PREFER = /优先|首选|尽量|多用|最好用|先用|\b(?:prefer(?:s|red|ably)?|favou?r(?:ing)?|ideally|first\s+choice)\b/;
const AVOID =
  /不要|不用|别用|别派|避开|避免|不派|排除|\b(?:avoid|don'?t\s+use|do\s+not\s+use|never\s+use|no|not|keep\b.*\bout|leave\b.*\bout|exclude)\b/;
const NO_WORK =
  /不排|不安排|不干活|不作业|不上工|不开工|不出工|不派工|休息|歇|放假|不工作|\b(?:no\s+(?:work|jobs?|scheduling|operations)|don'?t\s+(?:schedule|plan|work)|do\s+not\s+(?:schedule|plan|work)|never\s+(?:schedule|work|plan)|not\s+(?:on|work)|off\s+on|day\s+off|rest)\b/;

const WEEKDAY_ZH: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 7, 天: 7 };
const WEEKDAY_EN: Record<string, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };

/** The weekdays a clause names: 周日, 星期六日, 周末 (6, 7), Sundays, weekends, Mon–Wed. */
export function weekdaysIn(clause: string): number[] {
  const out = new Set<number>();
  for (const m of clause.matchAll(/(?:周|星期|礼拜)((?:[一二三四五六日天][、和与到至~-]?)+)/g)) {
    const chars = [...m[1]!].filter((c) => WEEKDAY_ZH[c]);
    const ranged = /[到至~-]/.test(m[1]!) && chars.length === 2;
    if (ranged) for (let d = WEEKDAY_ZH[chars[0]!]!; d <= WEEKDAY_ZH[chars[1]!]!; d++) out.add(d);
    else for (const c of chars) out.add(WEEKDAY_ZH[c]!);
  }
  if (/周末|双休日?/.test(clause) || /\bweekends?\b/.test(clause)) [6, 7].forEach((d) => out.add(d));
  for (const m of clause.matchAll(/\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/g)) out.add(WEEKDAY_EN[m[1]!]!);
  return [...out].sort((a, b) => a - b);
}

const clip = (s: string, n = 120) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n)}…` : one;
};

export function readPreferences(
  goal: string,
  known: { teams: readonly KnownRef[]; assets: readonly KnownRef[]; operators: readonly KnownRef[] },
): PreferenceStatement {
  const text = new GoalText(goal);
  const norm = text.norm;
  const language = hasHan(goal) ? 'zh' : 'en';
  const explicit = REMEMBER.test(norm);
  if (!explicit) return { explicit, preferences: [], unclear: [], language };

  const names = findNames(text, {
    team: known.teams,
    field: [],
    asset: known.assets,
    operator: known.operators,
  }).matches;
  const preferences: PreferenceDraft[] = [];
  const unclear: string[] = [];
  const seen = new Set<string>();
  const push = (p: PreferenceDraft) => {
    const key = `${p.kind}:${p.target?.id ?? p.weekday}`;
    if (seen.has(key)) return;
    preferences.push(p);
    seen.add(key);
  };
  // clauses: punctuation, and "and"/"和" only where a new clause starts (followed by a verb-ish word is too fine; split on punctuation)
  const clauses: Array<{ start: number; end: number }> = [];
  let start = 0;
  for (const m of norm.matchAll(
    /[,.;:!?，。；：！？\n]|\s+and\s+(?=(?:no|never|don'?t|prefer|avoid|always)\b)|并且|而且|另外|还有/g,
  )) {
    clauses.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  clauses.push({ start, end: norm.length });

  for (const c of clauses) {
    const words = norm.slice(c.start, c.end);
    const original = clip(goal.slice(c.start, c.end));
    if (!words.trim()) continue;
    const inClause = names.filter((n) => n.start >= c.start && n.end <= c.end);
    // the clause without its names: "优先用二队的机器" → "优先用的机器" (a name like "No. 2" cannot trigger a word)
    let rest = '';
    for (let i = c.start; i < c.end; i++) rest += inClause.some((n) => i >= n.start && i < n.end) ? ' ' : norm[i];
    const days = weekdaysIn(rest);
    let understood = false;
    if (inClause.length > 0) {
      const avoid = AVOID.test(rest) && !PREFER.test(rest.replace(/优先级/g, ''));
      const prefer = PREFER.test(rest);
      for (const n of inClause) {
        const ref = { id: n.ref.id, name: n.ref.name };
        if (n.kind === 'team' && prefer && !avoid)
          push({ kind: 'PREFER_TEAM', target: ref, weekday: null, text: original });
        else if (n.kind === 'asset' && (avoid || prefer))
          push({ kind: avoid ? 'AVOID_ASSET' : 'PREFER_ASSET', target: ref, weekday: null, text: original });
        else if (n.kind === 'operator' && (avoid || prefer))
          push({ kind: avoid ? 'AVOID_OPERATOR' : 'PREFER_OPERATOR', target: ref, weekday: null, text: original });
        else continue;
        understood = true;
      }
    }
    if (days.length > 0 && NO_WORK.test(rest)) {
      for (const d of days) push({ kind: 'AVOID_WEEKDAY', target: null, weekday: d, text: original });
      understood = true;
    }
    const meaningful = rest.replace(REMEMBER, ' ').replace(/[\s\p{P}]/gu, '');
    if (!understood && meaningful.length >= 2) unclear.push(original);
  }
  return { explicit, preferences, unclear, language };
}
