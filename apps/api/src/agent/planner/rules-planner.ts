import { OPERATION_TYPES, type TOperationType } from '@amms/contracts/assets';
import {
  ZPlanConstraints,
  type TPlanConstraints,
  type TPlanIntent,
  type TPlanLanguage,
  type TPlanMissing,
} from '@amms/contracts/agent';
import { localToday } from './calendar.js';
import { findNames } from './names.js';
import { parseCount } from './numerals.js';
import { findPeriod } from './periods.js';
import { ZPlannerInput, type Planner, type PlannerInput } from './planner.js';
import { readLimits } from './rules-limits.js';
import { Notes, clip, describe, question } from './rules-notes.js';
import { readSides } from './rules-sides.js';
import { leaveDays, readLeave } from './rules-leave.js';
import { GoalText, goalLanguage, leftmostLongest, scan } from './text.js';
import {
  INTENT_WORDS,
  ONLY_URGENT,
  OPERATION_WORDS,
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
  // a name inside a machine-state phrase ("avoid machines in the shop" with a team called Shop) is the state
  const states = scan(text.norm, STATE_TERMS);
  names.matches = names.matches.filter((m) => !states.some((s) => s.start <= m.start && m.end <= s.end));
  for (const m of names.matches) text.mask(m);
  for (const a of names.ambiguous) {
    text.mask(a);
    notes.add(`“${clip(a.text)}”对应多个名称，已忽略`, `"${clip(a.text)}" matches several names; ignored`);
  }
  // the language of the goal's own words, not of the names it quotes
  const language: TPlanLanguage = goalLanguage(text.view());
  notes.language = language;

  const limits = readLimits(text, notes); // working-time limits (rules-limits.ts), before "一天" reads as a period

  // leave with its days ("赵刚周三请假"): those days only, and they do not widen the period (rules-leave.ts)
  const leaveSaid = readLeave(text, names, input.goal, today);

  // 2. time
  const time = findPeriod(text, today);
  for (const s of time.spans) text.mask(s);
  const leave = leaveDays(leaveSaid, input.goal, today, time.period, notes);

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
  const { refs, avoidState, teams, fields } = readSides(text, names, time.spans, notes, input.known.assets);

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
    [refs.avoid, refs.prefer].some((r) => r.assets.size + r.operators.size > 0) ||
    leave.length > 0;
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
    ...(limits ? { limits } : {}),
    ...(time.deadline && time.period ? { deadline: time.deadline } : {}),
    ...(leave.length ? { leave } : {}),
  });
}
