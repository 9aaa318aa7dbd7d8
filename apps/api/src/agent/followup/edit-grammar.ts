import { addDays, weekdayOfWeek, type LocalDate } from '../planner/calendar.js';
import { findNames, type KnownRef, type NameKind } from '../planner/names.js';
import { findPeriod } from '../planner/periods.js';
import { GoalText } from '../planner/text.js';
import { shiftOf, useFormOf, type ShiftRef } from './edit-forms.js';

/**
 * A follow-up that edits the conversation's current draft, read by rules (no model):
 *
 * | said | command |
 * |---|---|
 * | 把周三的改到周四 · 东岗3号地的挪到下周一 · 周三的推迟到12月10日 · move Wednesday's to Thursday | MOVE: the selected items to that day, same time of day |
 * | 换成那台S780 · 把收割机1换成收割机2 · 用收割机2代替 · use the S780 instead · replace A with B · switch to B | MACHINE: the selected items' main machine |
 * | 把3号地的换给李明 · 周三的让李明来开 · 改由李明 · give field 3's to Li Ming · Li Ming instead | OPERATOR: the selected items' operator |
 *
 * What comes before the verb selects the items (days, fields, machines, operators named); the
 * word after it is the target. Names resolve only through the known names (as the planner's);
 * a machine said by model or brand ("S780", "那台克拉斯") is kept as a phrase and matched against
 * the machines later (skills/machine-match.ts). Anything else → null: the goal is not an edit.
 */

export type DayRef = { kind: 'weekday'; wd: number; text: string } | { kind: 'date'; date: LocalDate; text: string };

export interface EditSelector {
  days: DayRef[];
  /** items whose local days meet these (a leave said after the draft: "赵刚周三请假") */
  during?: { from: LocalDate; to: LocalDate };
  fields: KnownRef[];
  assets: KnownRef[];
  operators: KnownRef[];
}

export type EditCommand =
  /** to a day, or by whole days ("往后推一天": each item from its own day) */
  | { kind: 'MOVE'; select: EditSelector; to: DayRef | ShiftRef }
  /** `loose`: said without a change verb ("高家圩1号地用GN70收"): a new goal when it selects no item of the draft */
  | { kind: 'MACHINE'; select: EditSelector; asset: KnownRef | null; phrase: string; loose?: boolean }
  | { kind: 'OPERATOR'; select: EditSelector; operator: KnownRef; loose?: boolean }
  /** "不要用张三", "收割机1别用了", "don't use Zhang San": the named machines or people leave the selected items */
  | { kind: 'AVOID'; select: EditSelector; assets: KnownRef[]; operators: KnownRef[] }
  /** "换一台", "换个机手", "another machine", "someone else": another machine or operator, chosen by the planner */
  | { kind: 'ANOTHER'; select: EditSelector; what: 'MACHINE' | 'OPERATOR' }
  /** "前滩7号地让两台一起收", "let two combines do field X together": the selected job split across `parts` machines */
  | { kind: 'SPLIT'; select: EditSelector; parts: number };

export interface KnownForEdit {
  fields: readonly KnownRef[];
  assets: readonly KnownRef[];
  operators: readonly KnownRef[];
}

const ZH_WD: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 7, 天: 7 };
const EN_WD: Record<string, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };

/** Days as an edit says them: a bare weekday is matched against the draft's own days. */
const DAY_RE =
  /(下下|下|本|这)?个?(?:周|星期|礼拜)([一二三四五六日天1-7])|今天|明天|后天|(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]?|(?<![\d月/年])(\d{1,2})\s*[日号](?![地田库棚机车线])|\b(?:(this|next)\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu|thurs?|fri|sat|sun)\b(?:'s)?|\btoday\b|\btomorrow\b/g;

const OPEN = '\uE000';
const CLOSE = '\uE001';
type Token =
  | { type: 'name'; kind: NameKind; ref: KnownRef; start: number; end: number }
  | { type: 'day'; day: DayRef; start: number; end: number };

function readDay(m: RegExpExecArray, today: LocalDate): DayRef | null {
  const text = m[0];
  const zhWd = m[2] ? (ZH_WD[m[2]] ?? Number(m[2])) : undefined;
  const enWd = m[7] ? EN_WD[m[7].slice(0, 3)] : undefined;
  const wd = zhWd ?? enWd;
  const which = m[1] ?? m[6];
  if (wd !== undefined) {
    if (!which) return { kind: 'weekday', wd, text };
    if (which === '下' || which === 'next') return { kind: 'date', date: weekdayOfWeek(addDays(today, 7), wd), text };
    if (which === '下下') return { kind: 'date', date: weekdayOfWeek(addDays(today, 14), wd), text };
    return { kind: 'date', date: weekdayOfWeek(today, wd), text };
  }
  const p = findPeriod(new GoalText(text), today).period;
  return p && p.from === p.to ? { kind: 'date', date: p.from, text } : null;
}

/** The goal with names and days replaced by tokens (private-use marks), and the tokens. */
function tokenize(goal: string, known: KnownForEdit, today: LocalDate) {
  const text = new GoalText(goal);
  const scan = findNames(text, { team: [], field: known.fields, asset: known.assets, operator: known.operators });
  const tokens: Token[] = scan.matches.map((m) => ({
    type: 'name',
    kind: m.kind,
    ref: m.ref,
    start: m.start,
    end: m.end,
  }));
  for (const m of scan.matches) text.mask(m);
  const view = text.view();
  for (const m of view.matchAll(DAY_RE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (!text.isFree({ start, end })) continue;
    const day = readDay(m as RegExpExecArray, today);
    if (day) tokens.push({ type: 'day', day, start, end });
  }
  tokens.sort((a, b) => a.start - b.start);
  let template = '';
  let at = 0;
  tokens.forEach((t, i) => {
    template += text.norm.slice(at, t.start) + `${OPEN}${i}${CLOSE}`;
    at = t.end;
  });
  template += text.norm.slice(at);
  return { template, tokens };
}

const TOKEN = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');
const HAS_TOKEN = new RegExp(`${OPEN}\\d+${CLOSE}`);
/** a follow-up edit always says how it changes something; without these words it is a new goal */
const EDIT_CUE =
  /改|换|挪|移到|调到|调整|推迟|延后|延期|顺延|提前|代替|替|交给|派给|分给|让给|转给|交由|instead|\b(?:move|shift|push|replace|swap|switch|reschedule|give|hand|reassign|change|postpone|delay|bump)\b/;

/** Words that end right before a move's target day ("改到", "挪至", "to"). */
const MOVE_ZH = /(?:改|挪|移|调|推迟?|延后?|延期|顺延|换|放|排|提前)(?:一下)?(?:到|至|成|为|在)\s*$/;
const MOVE_EN = /\b(?:to|onto|until|till)\s*$/;
const MOVE_EN_VERB = /\b(?:move|moving|shift|push|reschedule|put|change|bump|slide|postpone|delay)\b/;
/** Words that end right before a replacement machine or operator ("换成", "改由", "use the", "with"). */
const SWAP_ZH =
  /(?:换成|换为|改成|改为|改用|换用|替换成|替换为|换给|交给|改给|让给|分给|派给|改派给?|改由|换由|改让|换)\s*(?:那台|这台|那个|这个|那位|用)?\s*$/;
const SWAP_ZH_BEFORE_USE = /(?:^|[，,。\s]|那|就)\s*(?:用|让|由)\s*(?:那台|这台)?\s*$/;
const SWAP_ZH_AFTER_USE = /^\s*(?:来)?(?:代替|替换|替代|顶替|顶上|换掉|来开|来干|来收|来做|开|干|收|做|负责)/;
const SWAP_EN =
  /\b(?:use|using|take|switch\s+to|swap\s+(?:in|to)|change\s+(?:it\s+|that\s+|them\s+)?to|with|to|let|give\s+it\s+to)\s+(?:the\s+)?$/;
const SWAP_EN_CUE = /\b(?:instead|swap|switch|replace|change|give|hand|reassign|assign|let)\b/;
const INSTEAD_AFTER = /^\s*(?:instead|rather)\b/;
/** A machine said by model or brand after a swap verb, up to punctuation: "换成那台S780" → "S780". */
const PHRASE_ZH = /(?:换成|换为|改成|改为|改用|换用|替换成|替换为)\s*(?:那台|这台)?\s*([^，,。.;；!！?？\uE000]{1,30})/;
const PHRASE_USE_ZH =
  /(?:^|[，,。\s]|就)(?:用|让)\s*(?:那台|这台)?\s*([^，,。.;；!！?？\uE000]{1,30}?)\s*(?:来)?(?:代替|替换|替代|顶替|顶上)/;
const PHRASE_EN =
  /\b(?:use|take|switch\s+to|swap\s+(?:in|to)|change\s+(?:it\s+)?to|with)\s+(?:the\s+|that\s+)?([a-z0-9][a-z0-9 #\-.]{0,30}?)\s*(?:instead\b|rather\b|[,.;!?]|$)/;

function selectorOf(tokens: Token[], upTo: number, skip: number): EditSelector {
  const s: EditSelector = { days: [], fields: [], assets: [], operators: [] };
  for (const [i, t] of tokens.entries()) {
    if (t.start >= upTo || i === skip) continue;
    if (t.type === 'day') s.days.push(t.day);
    else if (t.kind === 'field') s.fields.push(t.ref);
    else if (t.kind === 'asset') s.assets.push(t.ref);
    else if (t.kind === 'operator') s.operators.push(t.ref);
  }
  return s;
}

export function parseEdit(goal: string, known: KnownForEdit, today: LocalDate): EditCommand | null {
  const { template, tokens } = tokenize(goal, known, today);
  const short = avoidOrAnother(template, tokens);
  if (short) return short;
  const parts = splitParts(template);
  if (parts) return { kind: 'SPLIT', select: selectorOf(tokens, Infinity, -1), parts };
  const by = shiftOf(template);
  if (by) return { kind: 'MOVE', select: selectorOf(tokens, Infinity, -1), to: by };
  const use = useOf(goal, template, tokens);
  if (use) return use;
  if (!EDIT_CUE.test(template)) return null;
  // each token with the template text before it (since the previous token) and after it
  const marks = [...template.matchAll(TOKEN)].map((m) => ({
    i: Number(m[1]),
    at: m.index,
    end: m.index + m[0].length,
  }));
  const en = MOVE_EN_VERB.test(template);
  for (const [k, mk] of marks.entries()) {
    const t = tokens[mk.i]!;
    const before = template.slice(marks[k - 1]?.end ?? 0, mk.at);
    const after = template.slice(mk.end, marks[k + 1]?.at ?? template.length);
    // selection: tokens before this one (by original offset)
    const select = selectorOf(tokens, t.start, mk.i);
    if (t.type === 'day') {
      if ((MOVE_ZH.test(before) || (en && MOVE_EN.test(before))) && hasAny(select))
        return { kind: 'MOVE', select, to: t.day };
      continue;
    }
    const swapBefore =
      SWAP_ZH.test(before) ||
      (SWAP_ZH_BEFORE_USE.test(before) && SWAP_ZH_AFTER_USE.test(after)) ||
      (SWAP_EN.test(before) && (SWAP_EN_CUE.test(template) || INSTEAD_AFTER.test(after))) ||
      (INSTEAD_AFTER.test(after) && hasAny(select));
    if (!swapBefore) continue;
    if (t.kind === 'asset') return { kind: 'MACHINE', select, asset: t.ref, phrase: t.ref.name };
    if (t.kind === 'operator') return { kind: 'OPERATOR', select, operator: t.ref };
  }
  // a machine said by model or brand ("换成那台S780", "use the S780 instead")
  const phrase =
    PHRASE_ZH.exec(template) ??
    PHRASE_USE_ZH.exec(template) ??
    (SWAP_EN_CUE.test(template) ? PHRASE_EN.exec(template) : null);
  if (phrase) {
    if (!HAS_TOKEN.test(phrase[1]!)) {
      const at = phrase.index + phrase[0].indexOf(phrase[1]!);
      const cut = originalOffset(template, tokens, at);
      // the phrase as written (the template is case-folded; no token inside, so lengths agree)
      const words = goal
        .slice(cut, cut + phrase[1]!.length)
        .replace(/(?:吧|了|呢|啊|的)+$/, '')
        .trim();
      if (words) return { kind: 'MACHINE', select: selectorOf(tokens, cut, -1), asset: null, phrase: words };
    }
  }
  return null;
}

/** "高家圩1号地用GN70收", "周三的让李明来开", "use the GN70 for field 3" (edit-forms.ts): a loose MACHINE / OPERATOR edit */
function useOf(goal: string, template: string, tokens: Token[]): EditCommand | null {
  const use = useFormOf(template, T);
  if (!use) return null;
  const inner = [...use.target.matchAll(TOKEN)].map((m) => Number(m[1]));
  const picked = [...use.selector.matchAll(TOKEN)].map((m) => Number(m[1]));
  const select = selectorOf(
    tokens.filter((_, i) => picked.includes(i)),
    Infinity,
    -1,
  );
  if (!hasAny(select)) return null;
  if (inner.length === 1 && use.target.replace(TOKEN, '').trim() === '') {
    const t = tokens[inner[0]!]!;
    if (t.type === 'name' && t.kind === 'asset')
      return { kind: 'MACHINE', select, asset: t.ref, phrase: t.ref.name, loose: true };
    if (t.type === 'name' && t.kind === 'operator') return { kind: 'OPERATOR', select, operator: t.ref, loose: true };
    return null;
  }
  if (inner.length > 0) return null;
  const cut = originalOffset(template, tokens, use.at);
  const words = goal.slice(cut, cut + use.target.length).trim();
  return words ? { kind: 'MACHINE', select, asset: null, phrase: words, loose: true } : null;
}

const hasAny = (s: EditSelector) => s.days.length + s.fields.length + s.assets.length + s.operators.length > 0;

/** The goal offset of a template offset (tokens before it are replaced by their marks). */
function originalOffset(template: string, tokens: Token[], at: number): number {
  let shift = 0;
  for (const m of template.slice(0, at).matchAll(TOKEN)) {
    const t = tokens[Number(m[1])]!;
    shift += t.end - t.start - m[0].length;
  }
  return at + shift;
}

const T = `${OPEN}\\d+${CLOSE}`;
const TS = `${T}(?:\\s*(?:和|、|与|跟|,|，|and|or)\\s*${T})*`;
const END = `\\s*(?:了|吧|啊|呢|please|then|instead)?\\s*[。.!！]*\\s*$`;
/** what may stand before a short edit: the items it is about ("周三的", "东岗3号地那个", "for Wednesday's") */
const LEAD_ZH = `^\\s*(?:(?:${T})\\s*(?:的|里的|那个|那项|那条)?\\s*[,，]?\\s*)*(?:那就|那|就|还是|再)?\\s*`;
const LEAD_EN = `^\\s*(?:(?:for|on)\\s+(?:${T})\\s*(?:'s)?\\s*,?\\s*)*(?:please\\s+|and\\s+|then\\s+)*`;
const AVOID_FORMS = [
  new RegExp(
    `${LEAD_ZH}(?:不要|别|不|不能|不想)\\s*(?:再)?\\s*(?:用|让|派|安排)\\s*(?:那台|这台)?\\s*(${TS})\\s*(?:开|来开|来干|干|去)?${END}`,
  ),
  new RegExp(`${LEAD_ZH}(${TS})\\s*(?:都|也|全都)?\\s*(?:不要用|别用|不用|不行|不合适|不要|别派|不能用|不能开)${END}`),
  new RegExp(`${LEAD_EN}(?:don'?t|do\\s+not|never)\\s+(?:use|put|send|give\\s+it\\s+to)\\s+(?:the\\s+)?(${TS})${END}`),
  new RegExp(`${LEAD_EN}(?:not|no|without)\\s+(?:the\\s+)?(${TS})${END}`),
];
const ANOTHER_MACHINE =
  /(?:^|[^成为给])换\s*(?:一|个|另一)?\s*(?:台|辆|部|个)\s*(?:别的|其他的?|另外的?)?\s*(?:机器|机子|车|收割机|拖拉机|无人机|农机)?\s*(?:吧|了)?\s*[。.!！]*\s*$|\b(?:another|a\s+different|some\s+other|other)\s+(?:machine|combine|harvester|tractor|drone|one)\b/;
const ANOTHER_OPERATOR =
  /换\s*(?:个|一个|一位|位)?\s*(?:别的|其他的?)?\s*(?:人|机手|司机|师傅|驾驶员)\s*(?:吧|了)?\s*[。.!！]*\s*$|\b(?:another|a\s+different|some\s+other)\s+(?:operator|driver|person)\b|\bsomeone\s+else\b/;

/** The short edits that need no change verb: an avoid ("不要用张三") or "another one" ("换一台"). */
function avoidOrAnother(template: string, tokens: Token[]): EditCommand | null {
  for (const re of AVOID_FORMS) {
    const m = re.exec(template);
    if (!m) continue;
    const named = [...m[1]!.matchAll(TOKEN)].map((x) => tokens[Number(x[1])]!);
    if (named.some((t) => t.type !== 'name' || (t.kind !== 'asset' && t.kind !== 'operator'))) continue;
    // the other names and days say which items ("周三的不要用张三")
    const select = selectorOf(
      tokens.filter((t) => !named.includes(t)),
      Infinity,
      -1,
    );
    const names = named.filter((t): t is Extract<Token, { type: 'name' }> => t.type === 'name');
    return {
      kind: 'AVOID',
      select,
      assets: names.filter((t) => t.kind === 'asset').map((t) => t.ref),
      operators: names.filter((t) => t.kind === 'operator').map((t) => t.ref),
    };
  }
  const what = ANOTHER_OPERATOR.test(template) ? 'OPERATOR' : ANOTHER_MACHINE.test(template) ? 'MACHINE' : null;
  if (!what) return null;
  // nothing but selectors may come with it ("周三的换一台"): a goal with other words is a new goal
  const rest = template
    .replace(TOKEN, '')
    .replace(ANOTHER_MACHINE, '')
    .replace(ANOTHER_OPERATOR, '')
    .replace(
      /的|里的|那个|那项|那就|那|就|还是|吧|了|请|please|can you|could you|use|give it to|let|for|on|'s|\bto\b|[\s,，。.!！?？]/g,
      '',
    );
  if (rest.length > 0) return null;
  return { kind: 'ANOTHER', select: selectorOf(tokens, Infinity, -1), what };
}

const COUNT: Record<string, number> = {
  两: 2,
  二: 2,
  俩: 2,
  三: 3,
  四: 4,
  two: 2,
  three: 3,
  four: 4,
  '2': 2,
  '3': 3,
  '4': 4,
};
const MACHINE_WORD_ZH = '(?:机器|机子|收割机|联合收割机|拖拉机|无人机|植保机|喷雾机|播种机|车|台车)?';
const MACHINE_WORD_EN = '(?:machines?|combines?|harvesters?|tractors?|drones?|sprayers?|seeders?|units?|rigs?)';
/** "两台一起收", "让三台同时干", "分给两台", "两台收割机一块儿收", "分成两块，两台一起" */
const SPLIT_ZH = new RegExp(
  `([两二俩三四234])\\s*(?:台|辆|部|个)\\s*${MACHINE_WORD_ZH}\\s*(?:一起|同时|一块儿?|一同|共同|合着|分开|分头|并排|搭伙)|(?:分给|分成|分配给|拆成|拆给|交给)\\s*([两二三四234])\\s*(?:台|辆|块|部|份)`,
);
/** "let two combines do it together", "have 2 machines harvest field X together", "split field X between two combines" */
const SPLIT_EN = new RegExp(
  `\\b(two|three|four|[234])\\s+${MACHINE_WORD_EN}\\b[^.!?]*?\\b(?:together|at\\s+once|at\\s+the\\s+same\\s+time|in\\s+parallel|side\\s+by\\s+side)\\b|\\b(?:split|share|divide)\\b[^.!?]*?\\b(?:between|across|among|over|into)\\s+(two|three|four|[234])\\s+(?:${MACHINE_WORD_EN.slice(3, -1)}|parts?|halves)\\b`,
);

/** How many machines a "do it together" follow-up asks for (2–4), or null. */
export function splitParts(template: string): number | null {
  const m = SPLIT_ZH.exec(template) ?? SPLIT_EN.exec(template);
  if (!m) return null;
  const word = m[1] ?? m[2];
  return word ? (COUNT[word] ?? null) : null;
}
