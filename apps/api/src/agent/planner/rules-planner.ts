import { OPERATION_TYPES, type TOperationType } from '@amms/contracts/assets';
import {
  PLAN_LIMITS,
  ZPlanConstraints,
  type TNamedRef,
  type TPlanConstraints,
  type TPlanIntent,
  type TPlanLanguage,
  type TPlanMissing,
} from '@amms/contracts/agent';
import { localToday } from './calendar.js';
import { findNames, type NameKind, type NameMatch } from './names.js';
import { parseCount } from './numerals.js';
import { findPeriod, type PeriodResult } from './periods.js';
import { ZPlannerInput, type Planner, type PlannerInput } from './planner.js';
import { GoalText, goalLanguage, leftmostLongest, scan, type Span } from './text.js';
import {
  CLAUSE_FILLER,
  CLAUSE_STOP,
  CIRCUMFIX_AVOID_AFTER,
  CIRCUMFIX_AVOID_BEFORE,
  CLAUSE_VERBS,
  INTENT_WORDS,
  ONLY_URGENT,
  OPERATION_WORDS,
  POSTFIX_AVOID,
  POSTFIX_PREFER,
  PREFIX_AVOID,
  PRIORITY_FLOORS,
  STATE_TERMS,
  URGENT_WORDS,
} from './vocabulary.js';

/**
 * The `rules` planner: a deterministic reading of the goal (same input → same output; no model,
 * no network, no clock other than `input.now`). It only extracts the fields of ZPlanConstraints
 * from the goal's words; any other text ("ignore previous instructions", "use org red-river",
 * ids, JSON) cannot add anything, because every id comes from `known` by name and everything
 * else is a fixed vocabulary. What it cannot read becomes a note or a clarifying question.
 *
 * Order matters, each step masks what it understood so later steps do not re-read it:
 * names → time → priority floors → "avoid/prefer" (postfix forms, then clauses) → urgency →
 * operation types → intent words.
 */
export class RulesPlanner implements Planner {
  readonly name = 'rules' as const;

  plan(input: PlannerInput): Promise<TPlanConstraints> {
    return Promise.resolve(planWithRules(input));
  }
}

type Side = 'avoid' | 'prefer';
const REF_KINDS = { asset: 'assets', operator: 'operators' } as const;
const LIST_JOIN = /^\s*(?:和|与|及|、|,|，|and|or|或)\s*$/;

export function planWithRules(rawInput: PlannerInput): TPlanConstraints {
  // `input.memory` (earlier turns) is ignored on purpose: the rules read the current goal only
  const input = ZPlannerInput.parse(rawInput);
  const today = localToday(input.now, input.timezone);
  const text = new GoalText(input.goal);
  const notes = new Notes();

  // 1. known names first: they are the most specific words ("下周一队" is team 一队 next week,
  //    an asset "收割机1号" is not a harvesting request)
  const names = findNames(text, {
    team: input.known.teams,
    field: input.known.fields,
    asset: input.known.assets,
    operator: input.known.operators,
  });
  for (const m of names.matches) text.mask(m);
  for (const a of names.ambiguous) {
    text.mask(a);
    notes.add(`“${clip(a.text)}”对应多个名称，已忽略`, `"${clip(a.text)}" matches several names; ignored`);
  }
  // the language of the goal's own words, not of the names it quotes
  const language: TPlanLanguage = goalLanguage(text.view());
  notes.language = language;

  // 2. time
  const time = findPeriod(text, today);
  for (const s of time.spans) text.mask(s);

  // 3. priority floors and "only urgent"
  let minPriority: number | null = null;
  let urgentFirst = false;
  for (const m of leftmostLongest(scan(text.view(), PRIORITY_FLOORS))) {
    text.mask(m);
    const n = parseCount(m.groups[0]!);
    const floor = n === null ? null : m.value === 'above' ? n + 1 : n;
    if (floor !== null && floor >= 1 && floor <= 5) minPriority = Math.max(minPriority ?? 1, floor);
    else
      notes.add(
        `无法理解的优先级“${clip(text.slice(m))}”（优先级为1到5），已忽略`,
        `priority "${clip(text.slice(m))}" is outside 1..5; ignored`,
      );
  }
  for (const m of scan(text.view(), ONLY_URGENT)) {
    text.mask(m);
    minPriority = Math.max(minPriority ?? 1, 4);
    urgentFirst = true;
  }

  // 4. avoid / prefer
  const refs = {
    avoid: { assets: new Refs(), operators: new Refs() },
    prefer: { assets: new Refs(), operators: new Refs() },
  };
  const avoidState = { inMaintenance: false, dueForMaintenance: false };
  const teams = new Refs();
  const fields = new Refs();
  const placed = new Set<NameMatch>();

  // 4a. postfix forms on names, right to left so "S780和8R都不要用" covers both
  const sorted = [...names.matches].sort((a, b) => b.start - a.start);
  const sideOf = new Map<NameMatch, Side>();
  for (const [i, m] of sorted.entries()) {
    if (m.kind !== 'asset' && m.kind !== 'operator') continue;
    // a time said between the name and the verb is skipped: "S780下周也别用"
    const gap = afterTime(m.end, time.spans, text.norm);
    const after = text.view().slice(gap);
    const avoid = POSTFIX_AVOID.exec(after) ?? aroundAvoid(text, m);
    const prefer = avoid ? null : POSTFIX_PREFER.exec(after);
    const hit = avoid ?? prefer;
    if (hit) {
      text.mask({ start: gap, end: gap + hit[0].length });
      sideOf.set(m, avoid ? 'avoid' : 'prefer');
      continue;
    }
    const next = sorted[i - 1];
    const nextSide = next && sideOf.get(next);
    if (next && nextSide && LIST_JOIN.test(text.norm.slice(m.end, next.start))) sideOf.set(m, nextSide);
  }
  for (const [m, side] of [...sideOf].reverse()) {
    refs[side][REF_KINDS[m.kind as 'asset' | 'operator']].add(m.ref);
    placed.add(m);
  }

  // 4b. postfix forms on machine states: "维修中的机器不要用"
  for (const m of leftmostLongest(scan(text.view(), STATE_TERMS))) {
    const hit = POSTFIX_AVOID.exec(text.view().slice(m.end));
    if (!hit) continue;
    avoidState[m.value] = true;
    text.mask({ start: m.start, end: m.end + hit[0].length });
  }

  // 4c. clauses opened by a verb: "避开维修中的机器", "不要用张三和李四", "prefer the JD 8R"
  const verbs = leftmostLongest(scan(text.view(), CLAUSE_VERBS));
  for (const v of verbs) text.mask(v);
  for (const [i, v] of verbs.entries()) {
    const view = text.view();
    const stopAt = CLAUSE_STOP.exec(view.slice(v.end));
    const end = Math.min(verbs[i + 1]?.start ?? view.length, stopAt ? v.end + stopAt.index : view.length);
    const clause: Span = { start: v.end, end };
    const side: Side = v.value.clause;
    const leftovers: Span[] = [];

    for (const m of names.matches) {
      if (placed.has(m) || m.start < clause.start || m.end > clause.end) continue;
      leftovers.push(m);
      if (m.kind === 'asset' || m.kind === 'operator') {
        refs[side][REF_KINDS[m.kind]].add(m.ref);
        placed.add(m);
      } else if (v.value.strong) {
        // "不要安排一队" / "prefer the north team": excluding or preferring a team or a field is
        // not a constraint we have; saying so beats silently widening or narrowing the jobs
        placed.add(m);
        notes.add(
          side === 'avoid'
            ? `不支持排除${KIND_ZH[m.kind]}“${m.ref.name}”，已忽略`
            : `不支持优先${KIND_ZH[m.kind]}“${m.ref.name}”，已忽略`,
          side === 'avoid'
            ? `excluding the ${m.kind} "${m.ref.name}" is not supported; ignored`
            : `preferring the ${m.kind} "${m.ref.name}" is not supported; ignored`,
        );
      }
    }
    if (side === 'avoid') {
      const states = leftmostLongest(scan(view.slice(0, clause.end), STATE_TERMS)).filter(
        (s) => s.start >= clause.start,
      );
      for (const s of states) {
        avoidState[s.value] = true;
        text.mask(s);
        leftovers.push(s);
      }
    }
    if (v.value.strong) {
      const rest = residual(text, clause, leftovers);
      // a short leftover is probably a name we do not know and is worth quoting back; a long
      // one is not a name, and goal text is not echoed at length
      if (rest && rest.length <= 24)
        notes.add(
          `没有找到“${clip(rest)}”（不是已知的机器或机手），已忽略`,
          `"${clip(rest)}" is not a known machine or operator; ignored`,
        );
      else if (rest)
        notes.add(
          `“${side === 'avoid' ? '避开' : '优先'}”后面的部分内容不是已知的机器或机手，已忽略`,
          `part of what follows "${side}" is not a known machine or operator; ignored`,
        );
    }
  }
  for (const m of names.matches) {
    if (placed.has(m)) continue;
    if (m.kind === 'team') teams.add(m.ref);
    else if (m.kind === 'field') fields.add(m.ref);
    else
      notes.add(
        `提到了“${m.ref.name}”，但没有说明要避开还是优先，已忽略`,
        `"${m.ref.name}" is mentioned without "avoid" or "prefer"; ignored`,
      );
  }
  for (const kind of ['assets', 'operators'] as const) {
    for (const r of refs.prefer[kind].list()) {
      if (!refs.avoid[kind].has(r.id)) continue;
      refs.prefer[kind].remove(r.id);
      notes.add(`“${r.name}”既要避开又要优先，按避开处理`, `"${r.name}" is both avoided and preferred; avoiding it`);
    }
  }

  // 5. urgency ("优先"/"urgent" without a floor)
  for (const m of scan(text.view(), URGENT_WORDS)) {
    text.mask(m);
    urgentFirst = true;
  }

  // 6. operation types, in the canonical ADAPT order
  const ops = new Set<TOperationType>();
  for (const m of leftmostLongest(scan(text.view(), OPERATION_WORDS))) {
    text.mask(m);
    ops.add(m.value);
  }
  const operationTypes = OPERATION_TYPES.filter((o) => ops.has(o));

  // 7. intent
  const said = new Set(leftmostLongest(scan(text.view(), INTENT_WORDS)).map((m) => m.value));
  const anyJobConstraint =
    operationTypes.length > 0 ||
    teams.size > 0 ||
    fields.size > 0 ||
    minPriority !== null ||
    urgentFirst ||
    avoidState.inMaintenance ||
    avoidState.dueForMaintenance ||
    [refs.avoid, refs.prefer].some((r) => r.assets.size + r.operators.size > 0);
  // maintenance words win: "安排收获机的保养" is maintenance of the harvesters (operationTypes then
  // narrows the machines), and masking already removed "避开需要保养的…"
  const intent: TPlanIntent = said.has('maintenance')
    ? 'PLAN_MAINTENANCE'
    : said.has('schedule') || said.has('job') || anyJobConstraint
      ? 'SCHEDULE_JOBS'
      : 'UNKNOWN';

  const missing: TPlanMissing[] = [];
  if (intent === 'UNKNOWN') missing.push('intent');
  if (time.period === null) missing.push('period');

  describe(notes, { intent, time, operationTypes, teams, fields, minPriority, urgentFirst, avoidState, refs });

  return ZPlanConstraints.parse({
    intent,
    period: time.period,
    operationTypes,
    teams: teams.list(),
    fields: fields.list(),
    minPriority,
    urgentFirst,
    avoid: { ...avoidState, assets: refs.avoid.assets.list(), operators: refs.avoid.operators.list() },
    prefer: { assets: refs.prefer.assets.list(), operators: refs.prefer.operators.list() },
    missing,
    question: question(missing, intent, language),
    language,
    notes: notes.list(),
  });
}

// ---------------------------------------------------------------------------

/** Where the words after `at` start once time expressions (and spaces) right after it are skipped. */
function afterTime(at: number, spans: readonly Span[], norm: string): number {
  let i = at;
  for (let moved = true; moved;) {
    moved = false;
    while (/\s/.test(norm[i] ?? '')) i++;
    const s = spans.find((x) => x.start <= i && x.end > i);
    if (s) {
      i = s.end;
      moved = true;
    }
  }
  return i;
}

/**
 * Avoidance said around a name rather than after it: "keep the S780 out of it", "leave X out"
 * (circumfix; the returned match covers the "out …" part) or "no S780", "不算李四" (a negation
 * right before it; that negation is masked here and an empty match is returned).
 */
function aroundAvoid(text: GoalText, m: Span): RegExpExecArray | null {
  const view = text.view();
  const before = view.slice(0, m.start);
  const after = CIRCUMFIX_AVOID_AFTER.exec(view.slice(m.end));
  if (after && CIRCUMFIX_AVOID_BEFORE.test(before)) return after;
  const neg = PREFIX_AVOID.exec(before);
  if (!neg) return null;
  text.mask({ start: neg.index, end: m.start });
  return /^/.exec('');
}

const KIND_ZH: Record<NameKind, string> = { team: '作业队', field: '地块', asset: '机器', operator: '机手' };

/** References in mention order, once each, bounded like the contract. */
class Refs {
  private readonly items = new Map<string, TNamedRef>();
  add(ref: { id: string; name: string }): void {
    if (this.items.size < PLAN_LIMITS.refs && !this.items.has(ref.id))
      this.items.set(ref.id, { id: ref.id, name: ref.name });
  }
  has(id: string): boolean {
    return this.items.has(id);
  }
  remove(id: string): void {
    this.items.delete(id);
  }
  get size(): number {
    return this.items.size;
  }
  list(): TNamedRef[] {
    return [...this.items.values()];
  }
}

class Notes {
  language: TPlanLanguage = 'zh';
  private readonly items: Array<{ zh: string; en: string }> = [];
  add(zh: string, en: string): void {
    this.items.push({ zh, en });
  }
  /** understood things first (they are added last), then the problems; bounded and deduplicated */
  list(): string[] {
    const texts = this.items.map((n) => (this.language === 'zh' ? n.zh : n.en).slice(0, PLAN_LIMITS.noteChars));
    return [...new Set(texts)].slice(0, PLAN_LIMITS.notes);
  }
  prepend(zh: string, en: string): void {
    this.items.unshift({ zh, en });
  }
}

/** Goal text is echoed in notes only clipped, on one line. */
function clip(s: string): string {
  const one = [...s]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return one.length > 40 ? `${one.slice(0, 40)}…` : one;
}

/** What is left of a clause once names, states and filler words are taken out (original case). */
function residual(text: GoalText, clause: Span, taken: Span[]): string | null {
  const view = text.view();
  let out = '';
  for (let i = clause.start; i < clause.end; i++) {
    const inTaken = taken.some((t) => i >= t.start && i < t.end);
    out += inTaken || view[i] === '\u0000' ? ' ' : text.original[i];
  }
  const meaningful = out.replace(new RegExp(CLAUSE_FILLER.source, 'gi'), ' ').replace(/\s+/g, ' ').trim();
  return [...meaningful].filter((c) => /[\p{L}\p{N}]/u.test(c)).length >= 2 ? meaningful : null;
}

const OP_LABELS: Record<TOperationType, { zh: string; en: string }> = {
  TILLAGE: { zh: '耕整地', en: 'tillage' },
  SOWING_PLANTING: { zh: '播种', en: 'sowing/planting' },
  FERTILIZING: { zh: '施肥', en: 'fertilizing' },
  CROP_PROTECTION: { zh: '植保', en: 'crop protection' },
  MOWING: { zh: '割草', en: 'mowing' },
  BALING: { zh: '打捆', en: 'baling' },
  HARVESTING: { zh: '收获', en: 'harvesting' },
  FORAGE_HARVESTING: { zh: '青贮收获', en: 'forage harvesting' },
  TRANSPORT: { zh: '运输', en: 'transport' },
  OTHER: { zh: '其他', en: 'other' },
};

function describe(
  notes: Notes,
  c: {
    intent: TPlanIntent;
    time: PeriodResult;
    operationTypes: TOperationType[];
    teams: Refs;
    fields: Refs;
    minPriority: number | null;
    urgentFirst: boolean;
    avoidState: { inMaintenance: boolean; dueForMaintenance: boolean };
    refs: Record<Side, { assets: Refs; operators: Refs }>;
  },
): void {
  const understood: Array<[string, string]> = [];
  const names = (r: Refs, sep: string) =>
    r
      .list()
      .map((x) => x.name)
      .join(sep);
  if (c.intent === 'SCHEDULE_JOBS') understood.push(['目标：安排作业', 'goal: schedule jobs']);
  if (c.intent === 'PLAN_MAINTENANCE') understood.push(['目标：安排保养', 'goal: plan maintenance']);
  const said = c.time.mentions.map(clip).join(notes.language === 'zh' ? '、' : ', ');
  if (c.time.period) {
    const { from, to } = c.time.period;
    understood.push([`时间：${said}（${from} 至 ${to}）`, `period: ${said} (${from} to ${to})`]);
  }
  if (c.time.past)
    understood.push([
      `时间“${said}”已经过去，需要重新指定`,
      `the period "${said}" is already over; please give another one`,
    ]);
  if (c.time.clamped)
    understood.push(['开始日期早于今天，已从今天开始', 'the period started before today; it now starts today']);
  if (c.time.combined)
    understood.push([
      '提到了多个时间，按覆盖全部的时间段处理',
      'several periods were mentioned; using one period that covers them all',
    ]);
  if (c.operationTypes.length > 0) {
    understood.push([
      `作业类型：${c.operationTypes.map((o) => OP_LABELS[o].zh).join('、')}`,
      `operation types: ${c.operationTypes.map((o) => OP_LABELS[o].en).join(', ')}`,
    ]);
  }
  if (c.teams.size > 0) understood.push([`作业队：${names(c.teams, '、')}`, `teams: ${names(c.teams, ', ')}`]);
  if (c.fields.size > 0) understood.push([`地块：${names(c.fields, '、')}`, `fields: ${names(c.fields, ', ')}`]);
  if (c.minPriority !== null)
    understood.push([`只安排优先级 ≥ ${c.minPriority} 的作业`, `only jobs with priority ≥ ${c.minPriority}`]);
  if (c.urgentFirst) understood.push(['紧急的作业优先', 'urgent jobs first']);
  if (c.avoidState.inMaintenance) understood.push(['避开维修中的机器', 'avoid machines in maintenance']);
  if (c.avoidState.dueForMaintenance) understood.push(['避开到期需要保养的机器', 'avoid machines due for maintenance']);
  if (c.refs.avoid.assets.size > 0)
    understood.push([
      `避开机器：${names(c.refs.avoid.assets, '、')}`,
      `avoid machines: ${names(c.refs.avoid.assets, ', ')}`,
    ]);
  if (c.refs.avoid.operators.size > 0)
    understood.push([
      `避开机手：${names(c.refs.avoid.operators, '、')}`,
      `avoid operators: ${names(c.refs.avoid.operators, ', ')}`,
    ]);
  if (c.refs.prefer.assets.size > 0)
    understood.push([
      `优先使用机器：${names(c.refs.prefer.assets, '、')}`,
      `prefer machines: ${names(c.refs.prefer.assets, ', ')}`,
    ]);
  if (c.refs.prefer.operators.size > 0)
    understood.push([
      `优先安排机手：${names(c.refs.prefer.operators, '、')}`,
      `prefer operators: ${names(c.refs.prefer.operators, ', ')}`,
    ]);
  for (const [zh, en] of understood.reverse()) notes.prepend(zh, en);
}

const QUESTIONS = {
  intent: {
    zh: '你想让我安排什么？例如：安排下周的收获作业，或安排未来两周到期的保养。',
    en: 'What would you like me to plan? For example: schedule next week’s harvesting jobs, or plan the maintenance due in the next two weeks.',
  },
  periodJobs: {
    zh: '你想安排哪个时间段的作业？例如：下周、明天、12月8日到12月12日',
    en: 'Which period should the jobs be scheduled in? For example: next week, tomorrow, Dec 8 to Dec 12.',
  },
  periodMaintenance: {
    zh: '你想安排哪个时间段的保养？例如：未来两周、下个月、12月8日到12月12日',
    en: 'Which period should the maintenance be planned for? For example: the next two weeks, next month, Dec 8 to Dec 12.',
  },
};

function question(missing: TPlanMissing[], intent: TPlanIntent, language: TPlanLanguage): string | null {
  // one question at a time, the most basic first: without an intent the period is moot
  if (missing.includes('intent')) return QUESTIONS.intent[language];
  if (missing.includes('period'))
    return (intent === 'PLAN_MAINTENANCE' ? QUESTIONS.periodMaintenance : QUESTIONS.periodJobs)[language];
  return null;
}
