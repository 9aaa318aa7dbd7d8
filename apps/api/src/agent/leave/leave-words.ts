/** A leave said on its own ("赵刚下周请假", "Li Ming is off on Friday"): who, which days, and how the run says it. */
import type { TLeaveItem } from '@amms/contracts/drafts';
import { canonicalJson } from '../../platform/crypto/hash-chain.js';
import { periodRange, sha256 } from '../../planning/draft-content.js';
import type { LocalDate } from '../planner/calendar.js';
import { findPeriod } from '../planner/periods.js';
import { GoalText, MASK } from '../planner/text.js';
import { localSpan, nameList, type Lang } from '../explain/wording.js';

export interface LeaveDays {
  operator: { id: string; name: string };
  from: LocalDate;
  to: LocalDate;
}

const LEAVE_ZH =
  '(?:也|都|要|会|得|将|需要)?\\s*(?:请假|休假|放假|轮休|调休|不在|生病|病了|住院|出差|回老家|没空|有事|不来|来不了|休息)';
const UNKNOWN_ZH = new RegExp(
  `^(?:对了|另外|还有)?[，,\\s]*([\\u4e00-\\u9fff]{2,4}?)(?:师傅)?\\s*${LEAVE_ZH}\\s*(?:了|啦|呢|哦)?[。！!，,\\s]*$`,
);
const UNKNOWN_EN =
  /^\s*(?:oh,?\s+|btw,?\s+)?([A-Z][a-z]+(?:[\s-]+[A-Z][a-z]+){0,2})\s+(?:is|'s|will\s+be)\s+(?:on\s+(?:leave|holiday|vacation|sick\s+leave)|off(?:\s+sick)?|away|out\s+sick|sick|unavailable|not\s+available)(?:\s+(?:on|for|the|all|day|days|this))*[\s.!,]*$/;
/** words in the name's place that are no one's name */
const NOT_A_NAME = /^(?:他|她|他们|她们|大家|有人|机手|司机|我们|师傅|我|你|人|全员|所有人)$/;
const NOT_A_NAME_EN =
  /^(?:plan|schedule|everyone|everybody|nobody|someone|somebody|he|she|they|it|this|that|who|the|work|harvest|operator|driver|crew|team)\b/i;

/**
 * A leave with its days whose person is no name the caller can see ("吴斌周四请假" when there is no
 * 吴斌; another org's member): the words in the name's place, to ask about. Null: not such a sentence.
 */
export function unknownLeaveName(goal: string, today: LocalDate): string | null {
  const t = new GoalText(goal);
  const p = findPeriod(t, today);
  if (!p.period || p.spans.length === 0) return null;
  for (const s of p.spans) t.mask(s);
  const rest = t.view().replaceAll(MASK, ' ').replace(/\s+/g, ' ');
  const zh = UNKNOWN_ZH.exec(rest.trim());
  if (zh && !NOT_A_NAME.test(zh[1]!)) return zh[1]!;
  // the original's case: a name is capitalised
  const en = UNKNOWN_EN.exec(goal.replace(/\s+/g, ' ').replace(maskedWords(goal, p.spans), ' '));
  return en && !NOT_A_NAME_EN.test(en[1]!) ? en[1]!.trim() : null;
}

/** the day phrases of the goal as one pattern (to drop them from the original text) */
function maskedWords(goal: string, spans: readonly { start: number; end: number }[]): RegExp {
  const words = spans.map((s) => goal.slice(s.start, s.end).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(words.join('|') || '(?!)', 'g');
}

/** One LEAVE item per person: the days' bounds in the org's zone; the key is stable per member and span. */
export function leaveItems(leave: readonly LeaveDays[], timezone: string, said: string): TLeaveItem[] {
  return leave.map((l) => {
    const range = periodRange({ from: l.from, to: l.to }, timezone);
    const key = sha256(canonicalJson({ leave: l.operator.id, startsAt: range.from, endsAt: range.to })).slice(0, 32);
    return {
      kind: 'LEAVE',
      itemKey: `leave:${key}`,
      membershipId: l.operator.id,
      memberName: l.operator.name,
      from: l.from,
      to: l.to,
      startsAt: range.from,
      endsAt: range.to,
      reason: said.slice(0, 500),
    };
  });
}

const days = (l: { from: string; to: string }, lang: Lang) =>
  l.from === l.to ? l.from : lang === 'zh' ? `${l.from} 至 ${l.to}` : `${l.from} to ${l.to}`;

/** one re-planned booking as the message says it */
export interface MovedLine {
  label: string;
  startsAt: string;
  endsAt: string;
  machine: string | null;
  from: string | null;
  to: string | null;
}

/** The run's message: the leave drafted, then what happens to their bookings, in the goal's language and the org's zone. */
export function leaveMessage(
  lang: Lang,
  timezone: string,
  o: {
    drafted: readonly LeaveDays[];
    already: readonly (LeaveDays & { startsAt: string; endsAt: string })[];
    moved: readonly MovedLine[];
    stuck: readonly MovedLine[];
    replanDraft: boolean;
    bookings: number;
  },
): string {
  const zh = lang === 'zh';
  const parts: string[] = [];
  if (o.drafted.length)
    parts.push(
      zh
        ? `已生成请假草案：${o.drafted.map((l) => `${l.operator.name} ${days(l, lang)} 请假`).join('、')}（确认并执行后记入成员的请假日历）。`
        : `Leave draft made: ${o.drafted.map((l) => `${l.operator.name} off ${days(l, lang)}`).join(', ')} (recorded on the member's leave calendar once confirmed and executed).`,
    );
  for (const a of o.already)
    parts.push(
      zh
        ? `${a.operator.name} 的请假日历上已有这段请假（${localSpan(a.startsAt, a.endsAt, timezone, lang)}），不再重复登记。`
        : `${a.operator.name} already has this leave on the calendar (${localSpan(a.startsAt, a.endsAt, timezone, lang)}); not recorded again.`,
    );
  const line = (m: MovedLine) =>
    `${m.label} ${localSpan(m.startsAt, m.endsAt, timezone, lang)} ${m.machine ?? ''} ${m.from ?? '—'} → ${m.to ?? '—'}`.replace(
      /\s+/g,
      ' ',
    );
  const who = nameList([...new Set([...o.drafted, ...o.already].map((l) => l.operator.name))], lang);
  if (o.bookings === 0) {
    parts.push(
      zh
        ? `${who} 这几天没有已排的作业，不需要重新安排。`
        : `${who} has no booked work on those days: nothing needs re-planning.`,
    );
  } else if (o.replanDraft) {
    parts.push(
      zh
        ? `${who} 这几天有 ${o.bookings} 项已排作业，已生成改派草案（另一份草案，确认并执行后换人）：${o.moved.map(line).join('；')}。`
        : `${who} has ${o.bookings} booked job(s) on those days; a re-plan draft (a second draft: confirm and execute it to hand them over): ${o.moved.map(line).join('; ')}.`,
    );
  }
  if (o.stuck.length)
    parts.push(
      zh
        ? `没有找到能接手的机手（同一天其他人都不空闲或没有资质），仍是原安排：${o.stuck.map(line).join('；')}。`
        : `No one free and qualified could take over, so these stay as booked: ${o.stuck.map(line).join('; ')}.`,
    );
  return parts.join(zh ? '' : ' ').slice(0, 2000);
}
