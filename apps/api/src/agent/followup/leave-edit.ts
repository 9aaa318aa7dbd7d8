import type { LocalDate } from '../planner/calendar.js';
import { findNames, type KnownRef } from '../planner/names.js';
import { leaveDays, readLeave } from '../planner/rules-leave.js';
import { Notes } from '../planner/rules-notes.js';
import { GoalText, MASK } from '../planner/text.js';
import type { EditCommand } from './edit-grammar.js';

/** what may stand beside a leave said as a follow-up ("赵刚周三请假了", "oh, Li Ming is off on Tuesday") */
const REST = /^(?:\s|[，,。.；;！!？?、]|了|啊|吧|呢|也|那|那么|就|另外|对了|oh|so|then|and|btw|by the way)*$/i;

export interface LeaveEdit {
  command: Extract<EditCommand, { kind: 'AVOID' }>;
  leave: { operator: KnownRef; from: LocalDate; to: LocalDate }[];
}

/**
 * A follow-up that only says someone is on leave ("赵刚周三请假", "Zhao Gang is off on Wednesday")
 * while the conversation has a draft: the draft's items of that person on those days get another
 * operator (an AVOID edit restricted to the days, repaired like "不要用赵刚"), as a new version.
 * A bare weekday is read in the draft's own week (`draftFrom`, its first local day, when later than
 * today). Anything else said with it (a period, an operation, other names) → null: a new goal.
 */
export function parseLeaveEdit(
  goal: string,
  known: { fields: readonly KnownRef[]; assets: readonly KnownRef[]; operators: readonly KnownRef[] },
  today: LocalDate,
  draftFrom: LocalDate | null,
): LeaveEdit | null {
  const text = new GoalText(goal);
  const names = findNames(text, { team: [], field: known.fields, asset: known.assets, operator: known.operators });
  const before = [...names.matches];
  const said = readLeave(text, names, goal, today);
  if (said.length === 0 || names.matches.length > 0 || names.ambiguous.length > 0) return null;
  // the people on leave were read: their names are no "anything else"
  for (const m of before) text.mask(m);
  if (!REST.test(text.view().replaceAll(MASK, ''))) return null;
  const period = draftFrom ? { from: draftFrom, to: draftFrom } : null;
  const leave = leaveDays(said, goal, today, period, new Notes());
  if (leave.length === 0) return null;
  const from = leave.map((l) => l.from).sort()[0]!;
  const to = leave
    .map((l) => l.to)
    .sort()
    .at(-1)!;
  return {
    leave,
    command: {
      kind: 'AVOID',
      select: { days: [], fields: [], assets: [], operators: [], during: { from, to } },
      assets: [],
      operators: leave.map((l) => l.operator),
    },
  };
}
