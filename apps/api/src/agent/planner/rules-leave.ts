import type { TPlanPeriod } from '@amms/contracts/agent';
import type { LocalDate } from './calendar.js';
import type { KnownRef, NameMatch, NameScan } from './names.js';
import { findPeriod } from './periods.js';
import type { Notes } from './rules-notes.js';
import { GoalText, MASK, type Span } from './text.js';

/**
 * Leave said with its days ("赵刚周三请假", "周三赵刚不在", "Li Ming is off on Tuesday", "Qian Yong is
 * on leave next Monday"): the person is kept off those days only, not the whole period, and the
 * days do not widen the plan's period. Read before the time step, which then does not see them.
 * A leave without days ("赵刚生病了") is left to the avoid step (the whole period).
 * A bare weekday is read inside the plan's period ("安排下周的收获，赵刚周三请假" → next week's
 * Wednesday); other days as the time step reads them.
 */
const LEAVE_ZH =
  '(?:也|都|要|会|得|将|需要)?\\s*(?:请假|休假|放假|轮休|调休|不在|生病|病了|住院|出差|回老家|没空|有事|不来|来不了|休息)';
const LEAVE_EN =
  "(?:is|'s|will\\s+be|are|be)?\\s*(?:on\\s+(?:leave|holiday|vacation|sick\\s+leave)|off(?:\\s+sick)?|away|out\\s+sick|sick|unavailable|not\\s+available|not\\s+around)";
const AFTER_ZH = new RegExp(`^([^，,。；;！!？?\\u0000]{1,24}?)\\s*${LEAVE_ZH}`);
const LEAVE_NOW_ZH = new RegExp(`^\\s*${LEAVE_ZH}`);
const AFTER_EN = new RegExp(`^\\s*${LEAVE_EN}\\b([^,.;!?，。；！？\\u0000]{1,40})`, 'i');
/** what may stand in a day phrase besides the days themselves */
const FILLER = /^(?:\s|的|也|都|要|会|和|、|到|至|on|this|for|the|and|all|day|days)*$/i;
const BARE_WEEKDAY =
  /^\s*(?:on\s+)?(?:周|星期|礼拜)[一二三四五六日天]\s*$|^\s*(?:on\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?\s*$/i;

export interface LeaveSaid {
  operator: KnownRef;
  /** the day phrase, in the goal's coordinates */
  span: Span;
  text: string;
}

/** One day phrase inside `region` of the goal: its period, when the region is nothing but days. */
function daysIn(goal: string, region: Span, today: LocalDate): TPlanPeriod | null {
  const t = new GoalText(goal);
  t.mask({ start: 0, end: region.start });
  t.mask({ start: region.end, end: goal.length });
  const p = findPeriod(t, today);
  if (!p.period || p.spans.length === 0) return null;
  for (const s of p.spans) t.mask(s);
  const rest = t.view().slice(region.start, region.end);
  return FILLER.test(rest.replaceAll(MASK, '')) ? p.period : null;
}

/** Finds leave with days, masks it (days and leave words) and drops the person from the names the later steps read. */
export function readLeave(text: GoalText, names: NameScan, goal: string, today: LocalDate): LeaveSaid[] {
  const out: LeaveSaid[] = [];
  const used = new Set<NameMatch>();
  for (const m of names.matches) {
    if (m.kind !== 'operator') continue;
    const view = text.view();
    const after = view.slice(m.end);
    // 赵刚周三请假 · 赵刚下周一到周三休假
    const zh = AFTER_ZH.exec(after);
    if (zh && daysIn(goal, { start: m.end, end: m.end + zh[1]!.length }, today)) {
      out.push({ operator: m.ref, span: { start: m.end, end: m.end + zh[1]!.length }, text: zh[1]!.trim() });
      text.mask({ start: m.end, end: m.end + zh[0].length });
      used.add(m);
      continue;
    }
    // 周三赵刚请假: the days right before the name
    const now = LEAVE_NOW_ZH.exec(after);
    if (now) {
      const clause = view.slice(0, m.start).search(/[^，,。；;！!？?]*$/);
      const region = { start: clause, end: m.start };
      if (region.end > region.start && daysIn(goal, region, today)) {
        out.push({ operator: m.ref, span: region, text: goal.slice(region.start, region.end).trim() });
        text.mask(region);
        text.mask({ start: m.end, end: m.end + now[0].length });
        used.add(m);
        continue;
      }
    }
    // Li Ming is off on Tuesday · Qian Yong is on leave next Monday and Tuesday
    const en = AFTER_EN.exec(after);
    if (en) {
      const start = m.end + en[0].length - en[1]!.length;
      const region = { start, end: m.end + en[0].length };
      if (daysIn(goal, region, today)) {
        out.push({ operator: m.ref, span: region, text: en[1]!.trim() });
        text.mask({ start: m.end, end: region.end });
        used.add(m);
      }
    }
  }
  names.matches = names.matches.filter((m) => !used.has(m));
  return out;
}

/** The leave's days: a bare weekday inside the plan's period, other phrases as said. */
export function leaveDays(
  said: readonly LeaveSaid[],
  goal: string,
  today: LocalDate,
  period: TPlanPeriod | null,
  notes: Notes,
): { operator: KnownRef; from: LocalDate; to: LocalDate }[] {
  const out: { operator: KnownRef; from: LocalDate; to: LocalDate }[] = [];
  for (const l of said) {
    const base = period && BARE_WEEKDAY.test(l.text) && period.from > today ? period.from : today;
    const p = daysIn(goal, l.span, base);
    if (!p) continue;
    out.push({ operator: { id: l.operator.id, name: l.operator.name }, from: p.from, to: p.to });
    const days = p.from === p.to ? p.from : `${p.from}..${p.to}`;
    notes.add(
      `${l.operator.name} ${days} 请假：这${p.from === p.to ? '天' : '几天'}不给他安排`,
      `${l.operator.name} is off ${days}: not planned then`,
    );
  }
  return out;
}
