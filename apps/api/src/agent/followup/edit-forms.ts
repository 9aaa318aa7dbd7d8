/**
 * Follow-up forms read from the edit template (names and days replaced by tokens), beside the
 * verb-and-target grammar of edit-grammar.ts:
 *
 * | said | command |
 * |---|---|
 * | 西大片8号地往后推一天 · 周三的都推迟两天 · 提前一天 · push field 3 back a day · a day earlier | MOVE by whole days (`ShiftRef`) |
 * | 高家圩1号地用GN70收 · 周三的让李明来开 · use the GN70 for field 3 | MACHINE / OPERATOR, "loose": a new goal when it selects nothing of the draft |
 */

import { parseCount } from '../planner/numerals.js';

/** a move by whole days (signed), each item from its own day */
export interface ShiftRef {
  kind: 'shift';
  days: number;
  text: string;
}

const LATER_ZH = '往后推|向后推|往后挪|往后移|往后延|向后延|往后|推迟|延后|延期|顺延|推后|挪后|后延|后推|晚';
const EARLIER_ZH = '往前挪|往前移|往前提|向前挪|往前推|往前|提前|提早|挪前|前移|早';
const AMOUNT_ZH = '(\\d{1,2}|[一两二俩三四五六七])\\s*个?\\s*(天|日|周|星期|礼拜)';
const SHIFT_ZH = new RegExp(`(${LATER_ZH}|${EARLIER_ZH})\\s*(?:了)?\\s*${AMOUNT_ZH}`);
const AMOUNT_EN = '(a|an|one|two|three|four|five|six|seven|\\d{1,2})\\s+(days?|weeks?)';
const SHIFT_EN_AFTER = new RegExp(`\\b${AMOUNT_EN}\\s+(later|earlier|sooner|back|forward|ahead)\\b`);
const SHIFT_EN_VERB = new RegExp(
  `\\b(push|move|shift|delay|postpone|bump|slide|bring)\\b[^.!?]*?\\b(?:by\\s+)?${AMOUNT_EN}\\b`,
);
const EARLIER_EN = /\b(?:forward|earlier|sooner|ahead|up)\b/;
const LATER_EN = /\b(?:back|later|delay|postpone)\b/;

const daysOf = (n: string, unit: string) =>
  (n === 'a' || n === 'an' ? 1 : (parseCount(n) ?? 0)) * (/^(?:周|星期|礼拜|week)/.test(unit) ? 7 : 1);

/** "往后推一天" → +1, "提前两天" → −2, "push it back a week" → +7; null when the goal says no such move */
export function shiftOf(template: string): ShiftRef | null {
  const zh = SHIFT_ZH.exec(template);
  if (zh) {
    const later = new RegExp(`^(?:${LATER_ZH})$`).test(zh[1]!);
    const days = daysOf(zh[2]!, zh[3]!);
    return days > 0 ? { kind: 'shift', days: later ? days : -days, text: zh[0] } : null;
  }
  const after = SHIFT_EN_AFTER.exec(template);
  if (after) {
    const days = daysOf(after[1]!, after[2]!);
    const later = after[3] === 'later' || after[3] === 'back';
    return days > 0 ? { kind: 'shift', days: later ? days : -days, text: after[0] } : null;
  }
  const verb = SHIFT_EN_VERB.exec(template);
  if (!verb) return null;
  const days = daysOf(verb[2]!, verb[3]!);
  const earlier = verb[1] === 'bring' || EARLIER_EN.test(template);
  const later = !earlier && (LATER_EN.test(template) || verb[1] === 'delay' || verb[1] === 'postpone');
  if (days <= 0 || (!earlier && !later)) return null;
  return { kind: 'shift', days: later ? days : -days, text: verb[0] };
}

const WORK_ZH = '(?:来)?(?:收|割|干|做|开|耕|种|播|打药|喷药?|施肥|运|拉)(?:吧|了|完|掉)?';

/**
 * "<selector>用<machine>收", "<selector>让<person>来开", "use <machine> for <selector>": the
 * target's text (a token or a model / brand phrase), where it starts in the template, and the
 * selector part. `token` is the template's token pattern.
 */
export function useFormOf(template: string, token: string): { target: string; at: number; selector: string } | null {
  const zh = new RegExp(
    `^\\s*((?:${token}\\s*(?:的|那块|这块|那个|那项)?\\s*[,，]?\\s*)+)(?:那就|就|还是|改|换)?\\s*(?:用|让|由)\\s*(?:那台|这台)?\\s*(.{1,30}?)\\s*${WORK_ZH}\\s*[。.!！]*\\s*$`,
  ).exec(template);
  if (zh) return { target: zh[2]!, at: zh.index + zh[0].indexOf(zh[2]!, zh[1]!.length), selector: zh[1]! };
  const en = new RegExp(
    `^\\s*(?:please\\s+)?(?:use|take)\\s+(?:the\\s+)?(.{1,30}?)\\s+(?:for|on)\\s+((?:${token}\\s*(?:'s)?\\s*(?:,|and)?\\s*)+)(?:jobs?|harvest|work|field)?\\s*[.!]*\\s*$`,
  ).exec(template);
  if (en) return { target: en[1]!, at: en.index + en[0].indexOf(en[1]!), selector: en[2]! };
  return null;
}
