import type { TDraftItem, TEditedItem } from '@amms/contracts/drafts';
import { addDays, daysBetween, isoWeekday } from '../planner/calendar.js';
import { matchMachine, type MachineCandidate } from '../skills/machine-match.js';
import type { EditCommand } from './edit-grammar.js';
import type { RepairAsk } from './edit-repair.js';
import { anyOf, replaceOut } from './edit-replace.js';
import { DAY_MS, dayLabel, described, itemLabel, list, localDateOf, select, toEdited } from './edit-select.js';
import type { EditResult, Lang } from './edit-select.js';

export { select } from './edit-select.js';
export type { EditResult, Lang } from './edit-select.js';

/**
 * An edit command applied to the draft's current items (pure): the whole new item list for
 * `POST /drafts/:id/versions`, or one precise question when the command does not name exactly
 * what to change. Validation (conflicts, machine type, who may operate, job windows) is the
 * draft edit path's, not this file's: an edit that breaks a rule becomes a version that shows it.
 *
 * - MOVE keeps each item's time of day and length: whole days are added ("往后推一天": each item's
 *   own day + 1; a weekday target is
 *   read in the same week as the item: "周三的改到周四" is the next day, "周四的改到周三" the day before).
 * - MACHINE keeps the operator (never quietly replaced); with no selection, the items whose job
 *   the new machine can do; they must all be on one machine, else the question names them.
 *   A self-propelled machine takes no implements; a tractor keeps the item's implements.
 * - OPERATOR keeps the machines; with no selection, the draft must have exactly one operator.
 */

export function applyEdit(
  cmd: Exclude<EditCommand, { kind: 'SPLIT' }>,
  items: readonly TDraftItem[],
  opts: { timezone: string; lang: Lang; machines: readonly MachineCandidate[] },
): EditResult {
  const { timezone: tz, lang } = opts;
  const zh = lang === 'zh';
  const chosen = select(items, cmd.select, tz);
  if (items.length === 0)
    return {
      kind: 'question',
      question: zh
        ? '当前草案里没有已安排的作业，要改哪一项？'
        : 'The current draft has no placed jobs; what should I change?',
    };
  if (chosen.length === 0) {
    const days = list(
      items.map((i) => dayLabel(localDateOf(i.startsAt, tz), lang)),
      lang,
    );
    return {
      kind: 'question',
      question: zh
        ? `当前草案里没有“${described(cmd.select, lang)}”的作业（草案的作业在：${days}）。要改哪一项？`
        : `The current draft has no job for "${described(cmd.select, lang)}" (its jobs are on ${days}). Which one should I change?`,
    };
  }
  // by item (a split job has several)
  const byJob = new Map<TDraftItem, TEditedItem>(items.map((i) => [i, toEdited(i)]));
  const changed: string[] = [];
  const ask = (jobId: string, keepMachine: boolean, keepOperator: boolean, avoid?: Partial<RepairAsk>): RepairAsk => ({
    jobId,
    keepMachine,
    keepOperator,
    avoidAssetIds: avoid?.avoidAssetIds ?? [],
    avoidOperatorIds: avoid?.avoidOperatorIds ?? [],
  });
  if (cmd.kind === 'AVOID' || cmd.kind === 'ANOTHER') return replaceOut(cmd, items, chosen, byJob, ask, tz, lang);

  if (cmd.kind === 'MOVE') {
    // a bare source weekday that falls on two different dates of the draft: which one?
    const dates = [...new Set(chosen.map((i) => localDateOf(i.startsAt, tz)))].sort();
    if (cmd.select.days.some((d) => d.kind === 'weekday') && dates.length > 1 && cmd.to.kind === 'weekday') {
      return {
        kind: 'question',
        question: zh
          ? `草案里有${dates.length}天符合“${described(cmd.select, lang)}”：${list(
              dates.map((d) => dayLabel(d, lang)),
              lang,
            )}。要改哪一天的？`
          : `${dates.length} days of the draft match "${described(cmd.select, lang)}": ${list(
              dates.map((d) => dayLabel(d, lang)),
              lang,
            )}. Which day's jobs?`,
      };
    }
    for (const i of chosen) {
      const from = localDateOf(i.startsAt, tz);
      const to =
        cmd.to.kind === 'date'
          ? cmd.to.date
          : cmd.to.kind === 'shift'
            ? addDays(from, cmd.to.days)
            : addDays(from, cmd.to.wd - isoWeekday(from));
      const shift = daysBetween(from, to) * DAY_MS;
      if (shift === 0) continue;
      const e = byJob.get(i)!;
      e.startsAt = new Date(Date.parse(i.startsAt) + shift).toISOString();
      e.endsAt = new Date(Date.parse(i.endsAt) + shift).toISOString();
      changed.push(i.jobId);
    }
  } else if (cmd.kind === 'MACHINE') {
    let target: MachineCandidate | undefined = cmd.asset
      ? opts.machines.find((m) => m.id === cmd.asset!.id)
      : undefined;
    if (!target) {
      const found = matchMachine(cmd.phrase, opts.machines);
      // "用GN70收" with five GN70s: any of the working ones that is free (the repair picks it), not a question
      const usable = found.kind === 'many' ? found.candidates.filter((m) => m.status === 'ACTIVE') : [];
      if (usable.length === 1) target = usable[0];
      else if (usable.length > 1) return anyOf(usable, cmd.select, chosen, items, byJob, ask, opts.machines, lang);
    }
    if (!target) {
      const found = matchMachine(cmd.phrase, opts.machines);
      if (found.kind !== 'one') {
        const names = found.kind === 'many' ? found.candidates.map((m) => m.name) : [];
        return {
          kind: 'question',
          question: names.length
            ? zh
              ? `“${cmd.phrase}”有${names.length}台：${list(names, lang)}。换成哪一台？`
              : `"${cmd.phrase}" matches ${names.length} machines: ${list(names, lang)}. Which one?`
            : zh
              ? `没有找到“${cmd.phrase}”这台机器。换成哪一台？请说出机器名称。`
              : `I found no machine "${cmd.phrase}". Which machine should I use? Please give its name.`,
        };
      }
      target = found.machine;
    }
    const fits = (i: TDraftItem) => !i.job || target!.operationTypes.includes(i.job.operationType);
    const explicit =
      cmd.select.days.length + cmd.select.fields.length + cmd.select.assets.length + cmd.select.operators.length > 0;
    const pool = (explicit ? chosen : chosen.filter(fits)).filter((i) => i.primaryAssetId !== target!.id);
    const sources = [...new Set(pool.map((i) => i.primaryAssetId))];
    if (pool.length === 0)
      return {
        kind: 'nothing',
        message: zh
          ? `草案里没有可以换成“${target.name}”的作业（它已在用，或做不了这些作业）。`
          : `No job of the draft can move to "${target.name}" (it is already used, or cannot do those jobs).`,
      };
    if (!explicit && sources.length > 1) {
      const names = pool.map(
        (i) => `${i.primaryAssetName ?? i.primaryAssetId.slice(0, 8)}（${itemLabel(i, tz, lang)}）`,
      );
      return {
        kind: 'question',
        question: zh
          ? `草案里有${sources.length}台机器可以换成“${target.name}”：${list(names, lang)}。换掉哪一台？`
          : `${sources.length} machines of the draft could be replaced by "${target.name}": ${list(names, lang)}. Which one?`,
      };
    }
    for (const i of pool) {
      const e = byJob.get(i)!;
      e.primaryAssetId = target.id;
      e.implementAssetIds = target.kind === 'SELF_PROPELLED' ? [] : e.implementAssetIds;
      changed.push(i.jobId);
    }
  } else {
    const explicit =
      cmd.select.days.length + cmd.select.fields.length + cmd.select.assets.length + cmd.select.operators.length > 0;
    const pool = chosen.filter((i) => i.operatorMembershipId !== cmd.operator.id);
    const operators = [...new Set(pool.map((i) => i.operatorName ?? i.operatorMembershipId.slice(0, 8)))];
    if (pool.length === 0)
      return {
        kind: 'nothing',
        message: zh ? `这些作业已经是${cmd.operator.name}在开。` : `${cmd.operator.name} already has those jobs.`,
      };
    if (!explicit && operators.length > 1)
      return {
        kind: 'question',
        question: zh
          ? `草案里有${operators.length}位机手：${list(operators, lang)}。把谁的作业换给${cmd.operator.name}？`
          : `The draft has ${operators.length} operators: ${list(operators, lang)}. Whose jobs go to ${cmd.operator.name}?`,
      };
    for (const i of pool) {
      byJob.get(i)!.operatorMembershipId = cmd.operator.id;
      changed.push(i.jobId);
    }
  }
  if (changed.length === 0)
    return {
      kind: 'nothing',
      message: zh ? '草案已经是这样安排的，没有改动。' : 'The draft already reads that way; nothing changed.',
    };
  const keep = { MOVE: [false, false], MACHINE: [true, false], OPERATOR: [false, true] }[cmd.kind] as [
    boolean,
    boolean,
  ];
  return {
    kind: 'edit',
    items: items.map((i) => byJob.get(i)!),
    changed: changed.sort(),
    asks: changed.map((j) => ask(j, ...keep)),
  };
}
