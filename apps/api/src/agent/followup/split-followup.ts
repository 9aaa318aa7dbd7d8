import { editedItem, type TDraftDetail, type TDraftVersion } from '@amms/contracts/drafts';
import type { AgentRun } from '@amms/db';
import type { DraftsService } from '../../drafts/drafts.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { may } from '../../platform/access/permission.js';
import { schedulerInput } from '../../planning/draft-content.js';
import { loadFacts } from '../../planning/facts.js';
import { applyGoalLimits, type GoalLimits } from '../../planning/goal-limits.js';
import type { KnownNames } from '../../planning/tools/agent-tools.js';
import type { ToolRunner } from '../../planning/tools/runner.js';
import type { OrgCalendar } from '../../planning/tools/work-calendar.repository.js';
import type { Outcome } from '../agent-run.parts.js';
import { explainVersion } from '../explain/explain-draft.js';
import { localSpan, localWhen } from '../explain/wording.js';
import { select, type Lang } from './edit-apply.js';
import type { EditCommand } from './edit-grammar.js';
import { nextVersionEdit } from './edit-record.js';
import type { SchedulerInput } from '../../planning/scheduler/types.js';
import { splitItem, type SplitRefusal } from './split-edit.js';
import type { TravelService } from '../../planning/travel/travel.service.js';

const DAY = 86_400_000;

export interface SplitDeps {
  drafts: DraftsService;
  workCalendar: () => Promise<OrgCalendar>;
  /** the road between the draft's fields (absent: parts are placed without travel) */
  travel?: TravelService;
}

export interface SplitArgs {
  ctx: OrgContext;
  runner: ToolRunner;
  draft: TDraftDetail;
  current: TDraftVersion;
  cmd: Extract<EditCommand, { kind: 'SPLIT' }>;
  run: AgentRun;
  known: KnownNames;
  timezone: string;
  lang: Lang;
  limits: GoalLimits | null;
}

/**
 * "前滩7号地让两台一起收" / "let two combines do field X together" on the conversation's draft:
 * the named job (or the draft's only one) as parts on that many machines at once (split-edit.ts),
 * stored as the draft's next version through the draft edit path (validated, explained in the
 * goal's language: each part says which share of the field it does and why it is split).
 */
export async function splitFollowUp(deps: SplitDeps, a: SplitArgs): Promise<Outcome> {
  const { ctx, runner, draft, current, cmd, timezone: tz, lang } = a;
  const zh = lang === 'zh';
  const base = { constraints: null, error: null, draft: null, intent: 'EDIT_DRAFT' as const };
  const say = (message: string): Outcome => {
    runner.note('message', { message });
    return { ...base, status: 'COMPLETED', question: null, message };
  };
  const chosen = select(current.items, cmd.select, tz);
  const jobs = [...new Map(chosen.map((i) => [i.jobId, i])).values()];
  if (jobs.length !== 1) {
    const names = [...new Set(current.items.map((i) => i.job?.fieldName ?? i.jobId.slice(0, 8)))];
    const question =
      current.items.length === 0
        ? zh
          ? '当前草案里没有已安排的作业，要让哪块地几台一起干？'
          : 'The current draft has no placed jobs; which field should several machines share?'
        : zh
          ? `要让哪块地${cmd.parts}台一起作业？草案里有：${names.join('、')}。`
          : `Which field should ${cmd.parts} machines share? The draft has: ${names.join(', ')}.`;
    return { ...base, status: 'NEEDS_INPUT', question, message: null };
  }
  if (!may(ctx, 'draft.edit'))
    return say(zh ? '你的角色不能修改草案，请让调度员修改。' : 'Your role may not edit drafts; ask a dispatcher.');
  const item = jobs[0]!;
  const field = item.job?.fieldName ?? item.job?.title ?? item.jobId.slice(0, 8);
  const start = Date.parse(item.startsAt);
  const range = { from: new Date(start - DAY).toISOString(), to: new Date(start + 14 * DAY).toISOString() };
  // the draft's other jobs too: their fields are where the machines come from (the road to this field)
  const jobIds = [...new Set([item.jobId, ...current.items.map((i) => i.jobId)])];
  const { facts } = await loadFacts(runner, { jobIds }, range);
  if (deps.travel)
    facts.travel = await deps.travel.forScheduler(
      ctx.organizationId,
      facts.jobs.map((j) => j.fieldId),
      facts.machines.map((m) => m.id),
    );
  const goal = applyGoalLimits(facts, a.limits, tz);
  const input = schedulerInput(facts, {
    now: new Date().toISOString(),
    timezone: tz,
    calendar: await deps.workCalendar(),
    ...goal,
  });
  const res = splitItem(input, current.items.map(editedItem), item.jobId, cmd.parts);
  if ('failure' in res) {
    const machine = (id: string) => input.machines.find((m) => m.id === id)?.name ?? id.slice(0, 8);
    return say(failureText(res, { field, n: cmd.parts, lang, tz, machine, own: machine(item.primaryAssetId) }));
  }

  const teams = new Map(a.known.teams.map((t) => [t.id, t.name]));
  const after = await deps.drafts.createVersion(
    ctx,
    draft.id,
    { basedOnVersion: draft.currentVersion, items: res.items, workOrderItems: [], note: a.run.goal.slice(0, 1000) },
    { lang, explain: explainVersion(lang, tz, teams, a.run.goal.slice(0, 200)) },
  );
  const { next, edit } = nextVersionEdit(draft, current.items, after);
  const parts = next.items
    .filter((i) => i.jobId === item.jobId && i.part)
    .map((i) =>
      zh
        ? `第${i.part!.index}块 ${i.part!.areaHa} 公顷：${i.primaryAssetName ?? '—'}（${i.operatorName ?? '—'}，${localSpan(i.startsAt, i.endsAt, tz, lang)}）`
        : `part ${i.part!.index}, ${i.part!.areaHa} ha: ${i.primaryAssetName ?? '—'} (${i.operatorName ?? '—'}, ${localSpan(i.startsAt, i.endsAt, tz, lang)})`,
    );
  const problems = next.validation.violations.map((v) => v.message);
  const headline = splitHeadline(
    next.items.filter((i) => i.jobId === item.jobId && i.part),
    field,
    cmd.parts,
    lang,
    localWhen(item.endsAt, tz, lang),
  );
  const message = (
    zh
      ? `已生成草案第${next.version}版（基于第${draft.currentVersion}版）：${headline}——${parts.join('；')}。`
      : `Draft version ${next.version} (based on version ${draft.currentVersion}): ${headline} — ${parts.join('; ')}. `
  ).concat(
    problems.length
      ? zh
        ? `注意：新版本有${problems.length}个问题，确认前需要处理：${problems.slice(0, 3).join('；')}`
        : `Note: the new version has ${problems.length} problem(s) to fix before it can be confirmed: ${problems.slice(0, 3).join('; ')}`
      : zh
        ? '校验通过，可以确认。'
        : 'It passes validation and can be confirmed.',
  );
  runner.note('message', { message, args: { edit } });
  return { ...base, status: 'COMPLETED', question: null, message: message.slice(0, 2000), linkDraftId: draft.id, edit };
}

/**
 * What the split does, said truthfully: how many parts on how many machines (a machine free in two
 * stretches before the finish works two parts), "at the same time" only when every machine's parts
 * overlap the others' (a machine busy part of the day starts later, and the words must not promise
 * more), and when the field is done against the unsplit plan's end (`unsplitEnd`, already worded).
 */
export function splitHeadline(
  parts: ReadonlyArray<{ startsAt: string; endsAt: string; primaryAssetId?: string }>,
  field: string,
  n: number,
  lang: Lang,
  unsplitEnd?: string,
): string {
  const byMachine = new Map<string, { s: number; e: number }>();
  parts.forEach((p, k) => {
    const id = p.primaryAssetId ?? String(k);
    const cur = byMachine.get(id);
    const s = Date.parse(p.startsAt);
    const e = Date.parse(p.endsAt);
    byMachine.set(id, cur ? { s: Math.min(cur.s, s), e: Math.max(cur.e, e) } : { s, e });
  });
  const spans = [...byMachine.values()];
  const m = spans.length || n;
  const together = spans.length > 1 && Math.max(...spans.map((x) => x.s)) < Math.min(...spans.map((x) => x.e));
  const k = parts.length;
  const sooner = unsplitEnd
    ? lang === 'zh'
      ? `；比原计划（${unsplitEnd} 完成）早完成`
      : `; done sooner than the unsplit plan (${unsplitEnd})`
    : '';
  if (lang === 'zh')
    return (
      (together
        ? `${field} 分成${k}块，${m}台同时作业，按各台最早空闲的时段分面积，让地块尽早收完（产量×空闲小时）`
        : `${field} 分成${k}块，${m}台分别作业，按各台最早空闲的时段分面积，让地块尽早收完（产量×空闲小时）；不是每台都同时有空，开工时间不同`) +
      sooner
    );
  return (
    (together
      ? `${field} is split in ${k} parts on ${m} machines worked at the same time, the area shared by each machine's earliest free hours so the field is done soonest (output × free hours)`
      : `${field} is split in ${k} parts on ${m} machines, the area shared by each machine's earliest free hours so the field is done soonest (output × free hours); they are not all free at the same time, so they start at different times`) +
    sooner
  );
}

interface RefusalWords {
  field: string;
  n: number;
  lang: Lang;
  tz: string;
  machine: (id: string) => string;
  /** the item's own machine */
  own: string;
  /** said of a new goal's plan (no earlier draft to keep) */
  goal?: boolean;
}

export function failureText(r: SplitRefusal, w: RefusalWords): string {
  const { field, n, lang } = w;
  const zh = lang === 'zh';
  const kept = w.goal
    ? zh
      ? '所以没有分块。'
      : 'so it is not split.'
    : zh
      ? '草案没有改动。'
      : 'the draft is unchanged.';
  switch (r.failure) {
    case 'NO_GAIN':
      return noGainText(r, w);
    case 'NOT_SPLITTABLE':
      return zh
        ? `${field} 的这类作业不分块（运输等作业按整单执行），${kept}`
        : `${field}'s operation is not split into parts (a haul goes as one job); ${kept}`;
    case 'NO_AREA':
      return zh ? `${field} 的作业没有面积，无法按面积分块，${kept}` : `${field}'s job has no area to share; ${kept}`;
    case 'NO_OTHER_MACHINE':
      return zh
        ? `找不到另外${n - 1}台同时空闲、能做这项作业的机器和机手，${kept}`
        : `I found no ${n - 1} other free machine(s) and operator(s) that can do this job at that time; ${kept}`;
    default:
      return zh
        ? `${field} 分成${n}块后排不进作业时间窗，${kept}`
        : `${field} in ${n} parts does not fit its window; ${kept}`;
  }
}

/** "分成2块不会更早完成": the unsplit plan stays, and why (the other machines' first free time, or the split's finish). */
function noGainText(r: SplitRefusal, w: RefusalWords): string {
  const zh = w.lang === 'zh';
  const when = (iso: string) => localWhen(iso, w.tz, w.lang);
  const end = r.unsplitEndsAt ? when(r.unsplitEndsAt) : '';
  const why = r.splitEndsAt
    ? zh
      ? `分块后要到 ${when(r.splitEndsAt)} 才收完，不比原计划早`
      : `in parts it would be done at ${when(r.splitEndsAt)}, no sooner`
    : (r.others ?? [])
        .map((o) =>
          o.freeFrom
            ? zh
              ? `${w.machine(o.assetId)} 在那之前只有零碎空闲（最早 ${when(o.freeFrom)}），帮不上`
              : `${w.machine(o.assetId)} has only scraps of free time before then (first at ${when(o.freeFrom)})`
            : zh
              ? `${w.machine(o.assetId)} 在那之前没有空`
              : `${w.machine(o.assetId)} is not free before then`,
        )
        .join(zh ? '；' : '; ');
  return zh
    ? `${w.field} 让${w.n}台一起收不会更早完成：原计划由 ${w.own} 整块作业，${end} 收完；${why}。${w.goal ? '所以没有分块。' : '草案没有改动，仍按原计划。'}`
    : `Letting ${w.n} machines share ${w.field} would not finish it sooner: as planned, ${w.own} does it all, done ${end}; ${why}. ${w.goal ? 'So it is not split.' : 'The draft is unchanged.'}`;
}

/** A goal's "两台一起收" the split did not make: the reply's note in both languages (failureText's words). */
export function refusalNote(
  jobs: ReadonlyArray<{ id: string; fieldName?: string | null; title?: string | null }>,
  input: SchedulerInput,
  items: ReadonlyArray<{ jobId: string; primaryAssetId: string }>,
  jobId: string,
  why: SplitRefusal,
  n: number,
  tz: string,
): { zh: string; en: string } {
  const j = jobs.find((x) => x.id === jobId);
  const field = j?.fieldName ?? j?.title ?? jobId.slice(0, 8);
  const machine = (id: string) => input.machines.find((m) => m.id === id)?.name ?? id.slice(0, 8);
  const own = machine(items.find((i) => i.jobId === jobId)?.primaryAssetId ?? '');
  const say = (lang: Lang) => failureText(why, { field, n, lang, tz, machine, own, goal: true });
  return { zh: say('zh'), en: say('en') };
}
